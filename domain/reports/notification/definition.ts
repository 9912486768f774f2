// NOTIFICATION_OF_COMPLIANCE_P3's report: its sections in task-list order (reference workflows §7.4),
// each with the rules of §7.5. The category of the first section decides which others it has.
import type { Values } from '../fields';
import type { ReportDefinition } from '../report';
import { categoryOf, distributionOf, type NotificationContext } from './category';
import { assessmentPersonnel } from './sections/assessment-personnel';
import { confirmations } from './sections/confirmations';
import { leadAssessor } from './sections/lead-assessor';
import { reportingObligation } from './sections/reporting-obligation';

export const notificationReport: ReportDefinition<NotificationContext> = {
  name: 'notification',
  groups: [
    { title: 'Reporting obligation', sections: [reportingObligation] },
    { title: 'Energy assessment contact', sections: [leadAssessor, assessmentPersonnel] },
    { title: 'Confirmation', sections: [confirmations] },
  ],
  context: (report) => {
    const obligation = report.reportingObligation as Values | undefined;
    const type = (report.leadAssessor as Values | undefined)?.leadAssessorType;
    return {
      category: categoryOf(obligation),
      distribution: distributionOf(obligation),
      leadAssessorType: type === 'INTERNAL' || type === 'EXTERNAL' ? type : null,
    };
  },
};
