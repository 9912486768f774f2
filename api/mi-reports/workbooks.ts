// A report workbook on screen (one sheet, a page at a time) and as an .xlsx file (every sheet, all
// rows, read through database cursors in one read-only snapshot, so the sheets agree).
import type { Knex } from 'knex';
import { ApiError } from '../errors';
import type { ReportSheet, ReportWorkbook } from './standard';
import { writeWorkbook, type SheetOut } from './xlsx';
import { cursorBatches } from '../../infra/submitted-reports';

export function sheetOf(workbook: ReportWorkbook, name: string | undefined): ReportSheet {
  if (name === undefined) return workbook.sheets[0]!;
  const sheet = workbook.sheets.find((s) => s.name === name);
  if (!sheet) throw new ApiError(400, 'VALIDATION_ERROR', `sheet: the report has no sheet called ${name}`, 'sheet');
  return sheet;
}

export async function sheetPage(
  db: Knex,
  sheet: ReportSheet,
  page: number,
  size: number,
): Promise<{ results: string[][]; total: number }> {
  const [rows, count] = await Promise.all([
    sheet.query
      .clone()
      .limit(size)
      .offset(page * size),
    db.count({ n: '*' }).from(sheet.query.clone().clearOrder().as('q')).first(),
  ]);
  return { results: rows.map(sheet.cells), total: Number((count as { n?: unknown } | undefined)?.n ?? 0) };
}

/** Writes the whole workbook (its table of contents first, when it has one) to a temporary file. */
export function exportWorkbook(db: Knex, workbook: ReportWorkbook) {
  return db.transaction(
    async (trx) => {
      async function* sheets(): AsyncGenerator<SheetOut> {
        if (workbook.contents) {
          yield {
            name: workbook.contents,
            columns: ['Sheet', 'Description'],
            rows: (async function* () {
              yield workbook.sheets.map((s) => [s.name, s.description]);
            })(),
          };
        }
        let n = 0;
        for (const sheet of workbook.sheets) {
          const cursor = `mi_sheet_${n++}`;
          yield {
            name: sheet.name,
            columns: sheet.columns,
            rows: (async function* () {
              for await (const batch of cursorBatches(trx, cursor, sheet.query)) yield batch.map(sheet.cells);
            })(),
          };
        }
      }
      return writeWorkbook(sheets());
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}
