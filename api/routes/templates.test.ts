// Templates to download: each made from the definitions the service uses, so what a template asks
// and offers is what the pages and the upload accept.
import ExcelJS from 'exceljs';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { createUser, type TestUser } from '../../test/factories';
import { actionPlanMeasureFields } from '../../domain/reports/measure-fields';
import { CSV_HEADERS } from '../../domain/accounts';
import { templateQuestions } from '../../documents/list-template';
import { pu1AddedMeasureFields } from '../../domain/reports/progress-update-1-measures';
import { TEMPLATE_ITEMS } from './templates';
import { parseCsv } from '../../domain/csv';
import {
  ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE,
  associatedOrganisationsCsvColumns,
  parseAssociatedOrganisationsCsv,
} from '../../processes/notification-of-compliance/sections/associated-organisations-csv';

let api: ApiHarness;
let user: TestUser;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  user = await createUser(api.deps.db, { firstName: 'Tess', lastName: 'Template' });
});
afterAll(() => api.close());

async function workbook(name: string) {
  const res = await fetch(`${api.url}/api/v1.0/templates/${name}`, { headers: await bearer(user) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  return { book, disposition: res.headers.get('content-disposition') };
}

const column = (sheet: ExcelJS.Worksheet, n: number) =>
  sheet
    .getColumn(n)
    .values.slice(1)
    .map((v) => (v === null || v === undefined ? '' : String(v)));

it('the action plan template asks each measure question of the service, with the answers it accepts', async () => {
  const { book, disposition } = await workbook('action-plan');
  expect(disposition).toContain('Action plan template.xlsx');
  expect(book.worksheets.map((s) => s.name)).toEqual(['Before you start', 'Action statement', 'Measures proposed']);
  const measures = book.getWorksheet('Measures proposed')!;
  const questions = templateQuestions(actionPlanMeasureFields());
  expect(column(measures, 1)).toEqual(['Question', ...questions.map((q) => q.question)]);
  expect(column(measures, 2).slice(1)).toEqual(questions.map((q) => q.answers));
  expect(measures.getRow(1).values).toHaveLength(1 + 3 + TEMPLATE_ITEMS);
  expect(measures.getRow(1).getCell(4).value).toBe('Measure 1');
  expect(column(measures, 1)).toContain('Enter a name for this measure');
  // No ids or computed totals: only what a person answers.
  expect(column(measures, 1).some((q) => /uuid|total estimated/i.test(q))).toBe(false);
  const statement = book.getWorksheet('Action statement')!;
  expect(column(statement, 1)[1]).toBe(
    'Does the organisation have energy efficiency measures proposed to be implemented by 5 December 2027?',
  );
});

it('the progress update 1 template has the existing and new measures, and the verified accounts template the upload’s headers', async () => {
  const { book } = await workbook('progress-update-1');
  expect(book.worksheets.map((s) => s.name)).toEqual([
    'Before you start',
    'Existing measures 1',
    'Existing measures 2',
    'New measures',
  ]);
  expect(column(book.getWorksheet('New measures')!, 1).slice(1)).toEqual(
    templateQuestions(pu1AddedMeasureFields()).map((q) => q.question),
  );
  const { book: accounts } = await workbook('verified-organisation-accounts');
  expect(accounts.worksheets[0]!.getRow(1).values).toEqual([undefined, ...CSV_HEADERS]);
});

it('the organisations’ templates, CSV and .xlsx, have exactly the upload parser’s columns, and a filled-in sheet saved as CSV uploads', async () => {
  const headings = associatedOrganisationsCsvColumns.map((c) => c.heading);
  expect(parseCsv(ASSOCIATED_ORGANISATIONS_CSV_TEMPLATE)[0]!.cells).toEqual(headings);
  const { book, disposition } = await workbook('associated-organisations');
  expect(disposition).toContain('Active UK organisations template.xlsx');
  expect(book.worksheets.map((s) => s.name)).toEqual(['Before you start', 'Organisation Structure']);
  const sheet = book.getWorksheet('Organisation Structure')!;
  expect(sheet.getRow(1).values).toEqual([undefined, ...headings]);
  expect(sheet.rowCount).toBe(1);
  // The instructions name every column, with what it accepts.
  const instructions = column(book.getWorksheet('Before you start')!, 1);
  for (const [i, c] of associatedOrganisationsCsvColumns.entries())
    expect(instructions).toContain(`${String.fromCharCode(65 + i)}. ${c.heading} — ${c.accepts}.`);
  // As a user would: fill in two rows, save the sheet as CSV, upload it.
  sheet.addRow(['Alpha Ltd', '01234567', 'No', 'No', 'No', 'No', 'Yes', 'Yes']);
  sheet.addRow(['Bravo Ltd', '', 'No', 'No', 'No', 'No', 'Yes', 'No', 'SIC', '', '49410']);
  const csv = (await book.csv.writeBuffer({ sheetName: 'Organisation Structure' })).toString();
  const parsed = parseAssociatedOrganisationsCsv(csv);
  expect(parsed).toEqual({
    items: [
      expect.objectContaining({ organisationName: 'Alpha Ltd', registrationNumber: '01234567' }),
      expect.objectContaining({
        organisationName: 'Bravo Ltd',
        registrationNumberExist: false,
        classificationCodesDetails: {
          areSameAsRU: false,
          codes: { type: 'SIC', codes: [{ code: '49410' }] },
        },
      }),
    ],
  });
});

it('answers 404 for a template that does not exist and 401 without a sign-in', async () => {
  const missing = await fetch(`${api.url}/api/v1.0/templates/organisations`, { headers: await bearer(user) });
  expect(missing.status).toBe(404);
  expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Template not found' });
  expect((await fetch(`${api.url}/api/v1.0/templates/action-plan`)).status).toBe(401);
});
