// The largest complete notification of the test fixtures (the most answer rows): what the render
// time is measured on, in the tests and in `npm run bench`.
import { completeReports, type CompleteReportName } from '../domain/reports/notification/testing/complete-reports';
import { documentSections, type SubmissionDocument } from './content';

const ACTION = 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED';

export function largestNotificationDocument(): { name: CompleteReportName; rows: number; document: SubmissionDocument } {
  const sized = (Object.keys(completeReports) as CompleteReportName[]).map((name) => {
    const sections = documentSections('NOTIFICATION_OF_COMPLIANCE_P3', ACTION, completeReports[name]);
    return { name, sections, rows: sections.reduce((n, s) => n + s.rows.length, 0) };
  });
  const largest = sized.sort((a, b) => b.rows - a.rows)[0]!;
  return {
    name: largest.name,
    rows: largest.rows,
    document: {
      title: 'Phase 3 Notification',
      event: 'Submitted',
      reference: 'NOC000001-P3',
      organisation: 'Bench Organisation Ltd (ID: ORG000001)',
      submittedAt: new Date('2026-11-27T10:15:00Z'),
      submitter: 'Olivia Operator',
      sections: largest.sections,
    },
  };
}
