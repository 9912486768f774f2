// What published data holds: each process's submitted-data columns without the fields about a
// person, decided by the fields' `aboutPerson` — for a complete notification, no name of a person,
// e-mail address, telephone number, job title or membership number reaches a published cell, while
// the MI report (every column) has them all; and a field that looks personal must say which it is.
import { processFor } from '.';
import { publishableReports, publishRequestSchema, publishedFileName } from './published-data';
import { flatFields, type Field } from '../domain/reports/fields';
import { allSections, type ReportData } from '../domain/reports/report';
import {
  isFreeText,
  publishedColumns,
  publishedFields,
  sectionColumns,
  undeclaredPersonalFields,
} from '../domain/reports/columns';
import { text } from '../domain/reports/common-fields';
import { surveyReport } from '../test/processes/survey';
import { submittedDataSheets, type SubmittedRow } from '../domain/reports/submitted-data';
import { completeReport } from '../test/fixtures/notification-reports';
import { completeReportDrafts } from '../test/fixtures/complete-reports';
import * as v from 'valibot';

const PERSONAL = [
  'Priya',
  'Shah',
  'Tom',
  'Byrne',
  'Hannah',
  'Okafor',
  'Gareth',
  'Lloyd',
  'Aisha',
  'Begum',
  'Margaret',
  'Ellis',
  '@',
  '1228 960124',
  '7700 900124',
  '1228 960125',
];

function cellsOf(requestType: string, data: ReportData, columns: typeof publishedColumns) {
  const report = publishableReports().find((r) => r.requestType === requestType)!;
  const sheets = submittedDataSheets(report.submittedData, processFor(requestType)!.report!, columns);
  const row: SubmittedRow = {
    request_id: 'NOC000001-P3',
    name: 'Kestrel Logistics Group Limited',
    registration_number: '08004927',
    status: 'LIVE',
    submitted_at: new Date('2026-01-05'),
    data,
  };
  return { headings: sheets.flatMap((s) => s.columns), cells: sheets.flatMap((s) => s.cells(row)).join('\n') };
}

/** Every field of a field list, into groups, list items and revealed questions. */
function everyField(fields: readonly Field[]): Field[] {
  return flatFields(fields).flatMap((f) => [
    f,
    ...(f.kind === 'group' ? everyField(f.fields) : f.kind === 'list' ? everyField(f.item) : []),
  ]);
}

describe('published data', () => {
  it('offers every process with a submitted-data report, each in its compliance period', () => {
    // (The test processes' reports follow the product's.)
    expect(
      publishableReports()
        .slice(0, 5)
        .map((r) => [r.reportType, r.phase, r.title]),
    ).toEqual([
      ['NOC_SUBMITTED_DATA_P3', 'P3', 'Notification of Compliance, phase 3'],
      ['NOC_SUBMITTED_DATA_P4', 'P4', 'Notification of Compliance, phase 4'],
      ['ACTION_PLAN_SUBMITTED_DATA_P3', 'P3', 'Action Plan, phase 3'],
      ['PROGRESS_UPDATE_1_SUBMITTED_DATA_P3', 'P3', 'Progress Update 1, phase 3'],
      ['PROGRESS_UPDATE_2_SUBMITTED_DATA_P3', 'P3', 'Progress Update 2, phase 3'],
    ]);
    expect(publishedFileName(publishableReports()[2]!, 'WALES', 3, 'csv')).toBe(
      'Action_Plan_Published_Data_Phase_3_WALES_v3.csv',
    );
  });

  it('leaves every name of a person, e-mail address and telephone number of a complete notification out, which the MI report shows', () => {
    const data = completeReport('esos95To100').report;
    const mi = cellsOf('NOTIFICATION_OF_COMPLIANCE_P3', data, sectionColumns);
    for (const text of PERSONAL) expect(mi.cells).toContain(text);
    const published = cellsOf('NOTIFICATION_OF_COMPLIANCE_P3', data, publishedColumns);
    for (const text of PERSONAL) expect(published.cells).not.toContain(text);
    expect(published.headings.filter((h) => /first name|last name|email|phone|mobile/i.test(h))).toEqual([]);
    // Job titles, the assessor's professional body and membership number name people too (issue 40).
    expect(published.headings.filter((h) => /job title|membership|professional body/i.test(h))).toEqual([]);
    expect(mi.headings).toContain('Lead assessor - Membership number');
    expect(mi.cells).toContain('Energy Institute');
    expect(published.cells).not.toContain('Energy Institute');
    // What is about the organisation stays: its name, trading name, registered office.
    expect(published.cells).toContain('Kestrel Freight');
    expect(published.headings.some((h) => /registered office/i.test(h))).toBe(true);
  });

  it('has every field that looks personal in every publishable report say whether it is about a person', () => {
    for (const report of publishableReports())
      for (const section of allSections(processFor(report.requestType)!.report!))
        expect(
          section.steps.flatMap((s) => undeclaredPersonalFields(s.fields)).map((p) => `${section.id}.${p}`),
        ).toEqual([]);
  });

  it('fails a report that adds a field about a person without saying whether it is published', () => {
    // The test-only survey asks for the facilities manager: a name, a job title and a phone number.
    const withManager = (extra: Partial<Parameters<typeof text>[3]> = {}) => [
      ...surveyReport.groups[0]!.sections[0]!.steps[0]!.fields,
      text('managerName', 'Full name of the facilities manager', undefined, extra),
      text('managerRole', 'Job title of the facilities manager', undefined, extra),
      text('managerPhone', 'Contact', undefined, { inputType: 'tel', ...extra }),
      text('supplier', 'Which company supplied the lamps?', undefined, extra),
    ];
    expect(undeclaredPersonalFields(withManager())).toEqual(['managerName', 'managerRole', 'managerPhone']);
    // Said either way, it passes; about a person, it is not published; free text is counted for review.
    expect(undeclaredPersonalFields(withManager({ aboutPerson: true }))).toEqual([]);
    expect(publishedFields(withManager({ aboutPerson: true })).map((f) => f.name)).toEqual(['allLed', 'notes']);
    expect(publishedFields(withManager({ aboutPerson: false })).map((f) => f.name)).toEqual([
      'allLed',
      'notes',
      'managerName',
      'managerRole',
      'managerPhone',
      'supplier',
    ]);
    expect(withManager().map(isFreeText)).toEqual([false, true, true, true, true, true]);
  });

  it('publishes each report with columns, and no field asking for an e-mail, a phone number or a name of a person', () => {
    for (const report of publishableReports()) {
      const definition = processFor(report.requestType)!.report!;
      for (const section of allSections(definition)) {
        const kept = everyField(section.steps.flatMap((s) => publishedFields(s.fields)));
        const personal = kept.filter(
          (f) =>
            (f.kind === 'text' &&
              (f.format === 'email' ||
                f.inputType === 'tel' ||
                /given-name|family-name|email/.test(f.autocomplete ?? ''))) ||
            /^(firstName|lastName|email)$/.test(f.name),
        );
        expect(personal.map((f) => `${section.id}.${f.name}`)).toEqual([]);
        expect(publishedColumns(section).length).toBeGreaterThan(0);
      }
      const draft = completeReportDrafts[report.requestType]!();
      expect(cellsOf(report.requestType, draft.report, publishedColumns).cells).not.toContain('@');
    }
  });

  it('asks for the data to publish and a description', () => {
    const issues = (body: unknown) => v.safeParse(publishRequestSchema, body).issues?.map((i) => i.message) ?? [];
    expect(issues({})).toEqual(['Select the data to publish', 'Enter a description of the data']);
    expect(issues({ reportType: 'CUSTOM', description: 'x'.repeat(501) })).toEqual([
      'Select the data to publish',
      expect.stringContaining('500'),
    ]);
    expect(issues({ reportType: 'NOC_SUBMITTED_DATA_P3', description: ' Notifications ' })).toEqual([]);
  });
});
