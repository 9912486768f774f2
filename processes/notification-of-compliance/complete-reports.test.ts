// Every path of the category matrix (reference §7.4) has a complete notification that a submission
// accepts, with exactly the sections the matrix gives it.
import {
  allSections,
  parseSection,
  readyToSubmit,
  taskList,
  validateReport,
  type ReportDraft,
} from '../../domain/reports/report';
import { categoryOf, sectionPresence } from './category';
import { notificationReport } from './report';
import {
  completeReport,
  completeReportCategories,
  completeReports,
  withUndertaking,
  type CompleteReportName,
} from '../../test/fixtures/notification-reports';

const names = Object.keys(completeReports) as CompleteReportName[];
const ctxOf = (payload: ReportDraft) => notificationReport.context(payload.report, {});

describe.each(names)('the complete %s notification', (name) => {
  const payload = completeReports[name];

  it('is of its category and has exactly the sections the matrix gives that category', () => {
    const ctx = ctxOf(payload);
    expect(categoryOf(payload.report.reportingObligation)).toBe(completeReportCategories[name]);
    const expected = allSections(notificationReport)
      .map((s) => s.id)
      .filter((id) => sectionPresence[id]!(ctx));
    expect(Object.keys(payload.report).sort()).toEqual([...expected].sort());
  });

  it('passes the submission check, and every section is ready', () => {
    expect(validateReport(notificationReport, payload, {})).toEqual([]);
    expect(readyToSubmit(notificationReport, payload, {})).toBe(true);
  });

  it('is in the form the parsers output: parsing a section again changes nothing', () => {
    const ctx = ctxOf(payload);
    for (const section of allSections(notificationReport)) {
      if (!(section.id in payload.report)) continue;
      const parsed = parseSection(section, payload.report[section.id], ctx, 'complete');
      expect({ section: section.id, issues: parsed.issues }).toEqual({ section: section.id, issues: [] });
      expect(parsed.values).toEqual(payload.report[section.id]);
      // What is stored survives JSON (the task payload's column).
      expect(JSON.parse(JSON.stringify(parsed.values))).toEqual(parsed.values);
    }
  });
});

it('lists the task-list groups in the order of reference §7.4, leaving out empty ones', () => {
  expect(
    taskList(notificationReport, completeReports.esos95To100, {}).map((g) => [g.title, g.sections.map((s) => s.title)]),
  ).toEqual([
    ['Reporting obligation', ['Reporting obligation']],
    ['Organisation details', ['Responsible undertaking', 'Contact persons', 'Organisation structure']],
    [
      'Information on energy use',
      ['Compliance route', 'Energy consumption', 'Energy savings opportunities', 'Energy savings achieved'],
    ],
    ['Energy assessment contact', ['Lead assessor details', 'Assessment personnel']],
    ['Previous compliance periods', ['Second compliance period', 'First compliance period']],
    ['Confirmation', ['Responsible officer confirmation']],
  ]);
  expect(taskList(notificationReport, completeReports.notQualify, {}).map((g) => g.title)).toEqual([
    'Reporting obligation',
  ]);
  expect(
    taskList(notificationReport, { report: {}, sectionsCompleted: {} }, {}).map((g) =>
      g.sections.map((s) => [s.id, s.status]),
    ),
  ).toEqual([[['reportingObligation', 'NOT_STARTED']]]);
});

it('puts another organisation in a copy, leaving the fixture as it was', () => {
  const copy = withUndertaking(completeReports.esos95To100, { name: 'HALCYON FOODS LTD', registrationNumber: null });
  expect(copy.report.responsibleUndertaking!.organisationDetails).toMatchObject({
    name: 'HALCYON FOODS LTD',
    registrationNumberExist: false,
  });
  expect(copy.report.responsibleUndertaking!.organisationDetails).not.toHaveProperty('registrationNumber');
  expect(validateReport(notificationReport, copy, {})).toEqual([]);
  expect(completeReports.esos95To100.report.responsibleUndertaking!.organisationDetails).toMatchObject({
    registrationNumber: '08004927',
  });
  const changed = completeReport('iso50001');
  changed.report.confirmations = {};
  expect(completeReports.iso50001.report.confirmations).not.toEqual({});
});
