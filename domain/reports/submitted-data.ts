// A process's submitted data as sheets (reference platform §5): one row per submitted report, its
// leading cells (ids, organisation, dates), then one column per question of the report's definition,
// sections laid out on sheets as the process's `submittedData` says. The MI report shows every
// column (api/mi-reports/standard.ts); published data leaves out contact details
// (activities/published-data.ts), by choosing the columns with `publishedColumns`.
import { accountStatusLabels, type AccountStatus } from '../accounts';
import { formatMiDate } from '../mi-reports';
import type { SubmittedDataCell, SubmittedDataDefinition } from '../process-definition';
import { allSections, type ReportData, type ReportDefinition, type SectionDefinition } from './report';
import { isFreeText, sectionCells, type AnswerColumn } from './columns';

/** A submitted report with its account's facts, as the queries select them. */
export interface SubmittedRow {
  request_id: string;
  name: string;
  registration_number: string | null;
  status: string | null;
  submitted_at: Date | string | null;
  related_id?: string | null;
  related_submitted_at?: Date | string | null;
  data: ReportData | null;
}

export interface SubmittedSheet {
  name: string;
  /** What the sheet holds, for the workbook's table of contents. */
  description: string;
  columns: string[];
  /** Which columns hold free text (what people wrote, published as written), beside `columns`. */
  freeText: boolean[];
  cells: (row: SubmittedRow) => string[];
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const day = (value: Date | string | null | undefined) => formatMiDate(value ?? null);

const leadingCell: Record<SubmittedDataCell, (r: SubmittedRow) => string> = {
  requestId: (r) => r.request_id,
  organisationName: (r) => r.name,
  registrationNumber: (r) => text(r.registration_number),
  accountStatus: (r) => (r.status ? (accountStatusLabels[r.status as AccountStatus] ?? r.status) : ''),
  submittedOn: (r) => day(r.submitted_at),
  relatedId: (r) => text(r.related_id),
  relatedSubmittedOn: (r) => day(r.related_submitted_at),
};

/** The report's sheets with the definition's sections on them (in the definition's order). */
function definitionSheets(
  definition: ReportDefinition,
  layout: [string, string[]][],
  columnsOf: (section: SectionDefinition) => AnswerColumn[],
) {
  const sheets = layout.map(([name, ids]) => ({
    name,
    ids: new Set(ids),
    sections: [] as { id: string; columns: AnswerColumn[] }[],
  }));
  for (const group of definition.groups) {
    for (const section of group.sections) {
      let sheet =
        sheets.find((s) => s.ids.has(section.id)) ??
        (layout.length === 1 ? sheets[0] : sheets.find((s) => s.name === group.title));
      if (!sheet) {
        sheet = { name: group.title, ids: new Set(), sections: [] };
        sheets.push(sheet);
      }
      sheet.sections.push({ id: section.id, columns: columnsOf(section) });
    }
  }
  return sheets;
}

/** The sheets of a submitted-data report, with the columns `columnsOf` gives each section. */
export function submittedDataSheets(
  report: SubmittedDataDefinition,
  definition: ReportDefinition,
  columnsOf: (section: SectionDefinition) => AnswerColumn[],
): SubmittedSheet[] {
  const leading = report.leading.map((l) => l.heading);
  const leadingCells = (r: SubmittedRow) => report.leading.map((l) => leadingCell[l.cell](r));
  return definitionSheets(definition, report.sheets, columnsOf).map((sheet) => ({
    name: sheet.name,
    description:
      sheet.sections
        .map((s) => allSections(definition).find((d) => d.id === s.id)?.title)
        .filter(Boolean)
        .join(', ') || sheet.name,
    columns: [...leading, ...sheet.sections.flatMap((s) => s.columns.map((c) => c.heading))],
    freeText: [
      ...leading.map(() => false),
      ...sheet.sections.flatMap((s) => s.columns.map((c) => isFreeText(c.field))),
    ],
    cells: (r: SubmittedRow) => {
      const data = (r.data ?? {}) as ReportData;
      return [...leadingCells(r), ...sheet.sections.flatMap((s) => sectionCells(s.columns, data[s.id]))];
    },
  }));
}
