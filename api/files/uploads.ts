// Receiving a file: read the multipart body under the size limit, check the name, the size, the
// bytes against the extension and the virus scanner, then store it in PostgreSQL. Nothing is stored
// before every check has passed.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { ApiError } from '../errors';
import type { AppDeps } from '../deps';
import { readMultipart, type Part } from '../multipart';
import { contentTypeFor } from './sniff';
import type { FileKind } from './tokens';
import {
  FILE_EMPTY,
  FILE_ENCRYPTED,
  FILE_NOT_FULLY_SCANNED,
  FILE_TOO_LARGE,
  FILE_TYPE_NOT_ALLOWED,
  FILE_SCANNER_DOWN,
  FILE_VIRUS_FOUND,
  UPLOAD_MAX_BYTES,
  fileContentMismatchMessage,
  uploadExtension,
} from '../../domain/files';
import { inputLimits } from '../../domain/limits';

/** The parts of an upload; a body over the limit is refused with the file-size message. */
export async function readUploadParts(ctx: Context, maxParts = 3): Promise<Part[]> {
  try {
    return await readMultipart(ctx, { maxBytes: inputLimits.uploadBodyBytes, maxParts });
  } catch (err) {
    if (err instanceof ApiError && err.status === 413) throw new ApiError(413, 'FILE1003', FILE_TOO_LARGE, 'file');
    throw err;
  }
}

/**
 * Control characters (C0, DEL, C1) and Unicode's bidirectional controls are taken out of an uploaded
 * file's name. The first have no place in a name that ends up in a Content-Disposition header; the
 * second make a name show as something else: 'invoice\u202Efdp.exe' reads as 'invoiceexe.pdf'.
 */
const UNSHOWABLE_IN_FILE_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name an uploaded file is stored and shown under; 400 FILE1006 when nothing (or too much) is left. */
export function cleanFileName(raw: string | null, field: string): string {
  const fileName = (raw ?? '').replace(UNSHOWABLE_IN_FILE_NAMES, '').trim();
  if (fileName === '' || fileName.length > 255)
    throw new ApiError(400, 'FILE1006', 'The file name must be between 1 and 255 characters', field);
  return fileName;
}

export interface CheckedFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A file part that passed every check; 400 (or 503 when the scanner is down) otherwise. */
export async function checkUpload(
  deps: Pick<AppDeps, 'virusScanner' | 'logger'>,
  parts: Part[],
  field: string,
): Promise<CheckedFile> {
  const part = parts.find((p) => p.name === field && p.filename !== null);
  if (!part) throw new ApiError(400, 'REQUIRED_PARAMETER', `Required parameter ${field} was null or undefined`, field);
  const fileName = cleanFileName(part.filename, field);
  if (part.data.length === 0) throw new ApiError(400, 'FILE1002', FILE_EMPTY, field);
  if (part.data.length > UPLOAD_MAX_BYTES) throw new ApiError(400, 'FILE1003', FILE_TOO_LARGE, field);
  const ext = uploadExtension(fileName);
  if (!ext) throw new ApiError(400, 'FILE1005', FILE_TYPE_NOT_ALLOWED, field);
  const contentType = contentTypeFor(ext, part.data);
  if (!contentType) throw new ApiError(400, 'FILE1005', fileContentMismatchMessage(ext), field);

  await assertNoVirus(deps, part.data, fileName, field);
  return { fileName, contentType, data: part.data };
}

/** The virus scan every uploaded file goes through: 400 when infected, 503 when the scanner cannot say. */
export async function assertNoVirus(
  deps: Pick<AppDeps, 'virusScanner' | 'logger'>,
  data: Buffer,
  fileName: string,
  field: string,
): Promise<void> {
  let result;
  try {
    result = await deps.virusScanner.scan(data, fileName);
  } catch (err) {
    deps.logger.error({ err }, 'virus scanner failed');
    throw new ApiError(503, 'FILE1007', FILE_SCANNER_DOWN, field);
  }
  if (!result.clean) {
    deps.logger.warn({ threat: result.threat, fileName }, 'upload refused by the virus scanner');
    // clamd's heuristics for what it could not scan whole (AlertEncrypted…, AlertExceedsMax): not a virus
    // found, but nothing we can vouch for either.
    if (/^Heuristics\.Encrypted\./.test(result.threat)) throw new ApiError(400, 'FILE1008', FILE_ENCRYPTED, field);
    if (/^Heuristics\.Limits\.Exceeded/.test(result.threat))
      throw new ApiError(400, 'FILE1008', FILE_NOT_FULLY_SCANNED, field);
    throw new ApiError(400, 'FILE1001', FILE_VIRUS_FOUND, field);
  }
}

export interface StoredFileFields {
  kind: FileKind;
  accountId?: number | null;
  requestId?: string | null;
  requestTaskId?: number | null;
  createdBy: string;
}

/** Stores a checked file as PENDING; its uuid. */
export async function storeFile(db: Knex, file: CheckedFile, fields: StoredFileFields): Promise<string> {
  const uuid = randomUUID();
  await db('files').insert({
    uuid,
    kind: fields.kind,
    file_name: file.fileName,
    content_type: file.contentType,
    size: file.data.length,
    content: file.data,
    status: 'PENDING',
    account_id: fields.accountId ?? null,
    request_id: fields.requestId ?? null,
    request_task_id: fields.requestTaskId ?? null,
    created_by: fields.createdBy,
  });
  return uuid;
}
