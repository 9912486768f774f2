// Sending a stored file: as an attachment (never rendered in our origin), with the content type we
// decided from its bytes, no sniffing by the browser and no caching anywhere on the way.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { notFound } from '../errors';
import type { FileKind } from './tokens';

export interface FileRow {
  uuid: string;
  kind: string;
  file_name: string;
  content_type: string;
  size: number;
  content: Buffer;
  status: string;
  account_id: number | null;
  request_id: string | null;
  created_by: string | null;
}

export async function loadFile(db: Knex, uuid: string, kind: FileKind): Promise<FileRow> {
  const row: FileRow | undefined = await db('files').where({ uuid, kind }).first();
  if (!row) throw notFound('File not found');
  return row;
}

/** RFC 6266 / 5987: an ASCII fallback name and the exact name in UTF-8. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function sendFile(ctx: Context, file: FileRow): void {
  ctx.set('Content-Disposition', contentDisposition(file.file_name));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = file.content_type.startsWith('text/') ? `${file.content_type}; charset=utf-8` : file.content_type;
  ctx.body = file.content;
}
