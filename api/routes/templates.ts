// Templates to download (reference details §C): for gathering answers offline (the action plan, the
// first progress update), and for the uploads (the organisations associated with the responsible
// undertaking, the verified organisation accounts). Each is made, when asked for, from the
// definitions the service itself uses (documents/list-template.ts: the measures' fields; the
// organisations' CSV parser's column list; domain/accounts.ts: the upload's headers), so a template
// never disagrees with what the pages and the uploads accept. Any signed-in user may download them;
// they hold no data.
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { AUTHENTICATED } from '../routing';
import { notFound } from '../errors';
import { contentDisposition } from '../files/downloads';
import { XLSX_TYPE } from '../../documents/workbook';
import {
  listTemplateSheet,
  templateQuestions,
  templateWorkbook,
  type TemplateSheet,
} from '../../documents/list-template';
import { energyEfficiencyMeasure } from '../../processes/action-plan/report';
import {
  PERIOD_2024_2025,
  pu1AddedMeasureFields,
  updateAfterSubmission,
  updateBeforeSubmission,
} from '../../domain/reports/progress-update-1-measures';
import { actionPlanMeasureFields } from '../../domain/reports/measure-fields';
import { CSV_HEADERS } from '../../domain/accounts';
import type { Field } from '../../domain/reports/fields';
import { associatedOrganisationsCsvColumns } from '../../processes/notification-of-compliance/sections/associated-organisations-csv';
import { MAX_ASSOCIATED_ORGANISATIONS } from '../../processes/notification-of-compliance/sections/organisation-structure';

/** Measure columns in a template; the service takes up to 100 measures (copy a column for more). */
export const TEMPLATE_ITEMS = 20;

const instructions = (lines: string[]): TemplateSheet => ({
  name: 'Before you start',
  widths: [120],
  rows: lines.map((line) => [line]),
});

/** An action plan measure copied into a progress update: its name first, then the update's questions. */
const existingMeasure = (fields: Field[]): Field[] => [
  { kind: 'text', name: 'measureName', label: 'Name of the measure (as in the action plan)' },
  ...fields,
];

export const templates: Record<string, { fileName: string; sheets: () => TemplateSheet[] }> = {
  'action-plan': {
    fileName: 'Action plan template.xlsx',
    sheets: () => {
      const statement = energyEfficiencyMeasure.steps[0]!.fields;
      return [
        instructions([
          'Use this workbook to gather the answers of your Phase 3 action plan, then enter them in the service: nothing is uploaded from it.',
          'Answer the question on the sheet "Action statement". If you answer Yes, complete a column of the sheet "Measures proposed" for each measure.',
          `Each column of "Measures proposed" is one measure: there are ${TEMPLATE_ITEMS}; copy one for more (the service takes up to 100).`,
          'The column "Possible answers" lists what the service accepts for each question.',
        ]),
        {
          name: 'Action statement',
          headings: true,
          widths: [60, 40, 40, 40],
          rows: [
            ['Question', 'Possible answers', 'Help me answer this question', 'Your answer'],
            ...templateQuestions(statement).map((q) => [q.question, q.answers, q.help, null]),
          ],
        },
        listTemplateSheet('Measures proposed', actionPlanMeasureFields(), 'Measure', TEMPLATE_ITEMS),
      ];
    },
  },
  'progress-update-1': {
    fileName: 'Progress update 1 template.xlsx',
    sheets: () => [
      instructions([
        'Use this workbook to gather the answers of your Phase 3 progress update 1, then enter them in the service: nothing is uploaded from it.',
        '"Existing measures 1": measures of the action plan due to be implemented after the action plan was submitted.',
        '"Existing measures 2": measures of the action plan implemented before it was submitted.',
        `"New measures": measures not in the action plan, implemented since; each needs the energy reduction between ${PERIOD_2024_2025}.`,
        'Progress update 1 is due by 5 December 2025 and progress update 2 by 5 December 2026.',
      ]),
      listTemplateSheet('Existing measures 1', existingMeasure(updateAfterSubmission()), 'Measure', TEMPLATE_ITEMS),
      listTemplateSheet('Existing measures 2', existingMeasure(updateBeforeSubmission()), 'Measure', TEMPLATE_ITEMS),
      listTemplateSheet('New measures', pu1AddedMeasureFields(), 'Measure', TEMPLATE_ITEMS),
    ],
  },
  'associated-organisations': {
    fileName: 'Active UK organisations template.xlsx',
    // The columns are the upload parser's own list: the headings it checks, in its order.
    sheets: () => [
      instructions([
        'Use this workbook to list the organisations complying as one participant with the responsible undertaking, then upload them on the page "Upload a file instead" of the notification\'s organisation structure.',
        'Fill in the sheet "Organisation Structure": one organisation a row, from row 2. Do not change, move or add headings in row 1.',
        'Leave out the responsible undertaking itself: its details are in the section "Responsible undertaking".',
        `The service takes up to ${MAX_ASSOCIATED_ORGANISATIONS.toLocaleString('en-GB')} organisations. The organisations in the file replace those in the list.`,
        'Save the sheet as "CSV UTF-8 (Comma delimited) (*.csv)" and choose that file on the upload page. Each problem is shown by its row and column, and nothing is saved until the file has none.',
        'The columns:',
        ...associatedOrganisationsCsvColumns.map(
          (c, i) => `${String.fromCharCode(65 + i)}. ${c.heading} — ${c.accepts}.`,
        ),
      ]),
      {
        name: 'Organisation Structure',
        headings: true,
        widths: associatedOrganisationsCsvColumns.map((c) => (c.heading.length > 40 ? 40 : 24)),
        rows: [associatedOrganisationsCsvColumns.map((c) => c.heading)],
      },
    ],
  },
  'verified-organisation-accounts': {
    fileName: 'Verified organisation accounts template.xlsx',
    sheets: () => [
      {
        name: 'Sheet1',
        headings: true,
        widths: [20, 40],
        // The upload's own headers; save the sheet as CSV (UTF-8) to upload it.
        rows: [[...CSV_HEADERS], ['00000000', 'name@example.com']],
      },
    ],
  },
};

async function download(ctx: Context) {
  const name = String(ctx.params.name ?? '');
  const template = Object.hasOwn(templates, name) ? templates[name] : undefined;
  if (!template) throw notFound('Template not found');
  ctx.set('Content-Disposition', contentDisposition(template.fileName));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = XLSX_TYPE;
  ctx.body = await templateWorkbook(template.sheets());
}

export const templateRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/templates/:name',
    access: AUTHENTICATED,
    summary:
      'A template to download (.xlsx): action-plan, progress-update-1, associated-organisations or verified-organisation-accounts',
    handler: download,
  },
];
