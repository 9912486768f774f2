// Sends a report workbook written by documents/workbook.ts as a download, with backpressure, and
// removes the file once it is sent.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Context } from 'koa';
import { contentDisposition } from '../files/downloads';
import { XLSX_TYPE } from '../../documents/workbook';

export { sheetName, writeWorkbook, type SheetOut } from '../../documents/workbook';

/** Sends a written workbook as a download, removing the file once it is sent (or the client left). */
export async function sendWorkbook(
  ctx: Context,
  written: { file: string; remove: () => Promise<void> },
  fileName: string,
): Promise<void> {
  const { size } = await stat(written.file);
  const stream = createReadStream(written.file);
  stream.once('close', () => void written.remove());
  ctx.set('Content-Disposition', contentDisposition(fileName));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = XLSX_TYPE;
  ctx.length = size;
  ctx.body = stream;
}
