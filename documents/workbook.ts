// Writes a workbook to a temporary file with ExcelJS's streaming writer: rows are committed
// (written out and forgotten) as each batch arrives, and strings are written inline rather than
// collected into a shared-strings table, so a large competent authority's workbook never holds its
// rows in memory. The MI reports' downloads (api/mi-reports/xlsx.ts) and published data
// (activities/published-data.ts) write their files with it.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';

export interface SheetOut {
  name: string;
  columns: readonly string[];
  /** Batches of rows, read lazily (a database cursor). */
  rows: AsyncIterable<string[][]>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's rules for sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  return (
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet'
  );
}

/**
 * Writes the sheets in order to a new temporary file; returns its path and a way to remove it.
 * `check` sees the file's size so far after each batch of rows and once it is complete, and may
 * throw to stop the writing (the file is then removed).
 */
export async function writeWorkbook(
  sheets: AsyncIterable<SheetOut> | Iterable<SheetOut>,
  { check }: { check?: (fileBytes: number) => void } = {},
): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'esos-mi-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'report.xlsx');
  const out = createWriteStream(file);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  try {
    for await (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(sheetName(sheet.name));
      const heading = worksheet.addRow([...sheet.columns]);
      heading.font = { bold: true };
      heading.commit();
      for await (const batch of sheet.rows) {
        for (const cells of batch) worksheet.addRow(cells).commit();
        // Let the file stream take what was written before the next batch is read.
        await new Promise((resolve) => setImmediate(resolve));
        if (check) check((await stat(file).catch(() => ({ size: 0 }))).size);
      }
      worksheet.commit();
    }
    await workbook.commit();
    if (check) check((await stat(file)).size);
    return { file, remove };
  } catch (err) {
    // Stop the zip and close the file before removing it: a download refused half-way leaves nothing open.
    (workbook as unknown as { zip?: { abort?: () => void } }).zip?.abort?.();
    out.destroy();
    await remove();
    throw err;
  }
}
