// Uploaded files (notes and task attachments): the limits and messages shared by the API, which
// enforces them on the bytes, and the SPA, which checks size and extension before sending.
import * as v from 'valibot';
import { MEGABYTE, fileExtension } from './validation/files';
import { fileTypeMessage } from './validation/messages';

/** 20MB, the reference's limit ("no more than 20MB"); a file of exactly 20MB is accepted. */
export const UPLOAD_MAX_BYTES = 20 * MEGABYTE;

/** Allowed extensions and the content type each is stored and served with. */
export const UPLOAD_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  csv: 'text/csv',
  txt: 'text/plain',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  // Device-independent bitmap: a BMP file under another name (Windows Paint offers it).
  dib: 'image/bmp',
  // Visio drawings, often used for group structure charts (reference §H).
  vsd: 'application/vnd.visio',
  vsdx: 'application/vnd.ms-visio.drawing',
} as const;

export type UploadExtension = keyof typeof UPLOAD_TYPES;

/** The extensions named to users (one spelling each). */
export const UPLOAD_EXTENSIONS_SHOWN: readonly UploadExtension[] = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'csv',
  'txt',
  'jpg',
  'png',
  'tif',
  'bmp',
  'dib',
  'vsd',
  'vsdx',
];

/** For the file input's accept attribute. */
export const UPLOAD_ACCEPT = Object.keys(UPLOAD_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** Most files one note may carry. */
export const NOTE_MAX_FILES = 10;

// Messages. 'no more than 20MB' and 'This type of file cannot be uploaded' are the reference's; the others are ours.
export const FILE_EMPTY = 'The selected file is empty';
export const FILE_TOO_LARGE = 'The selected file must be no more than 20MB';
export const FILE_TYPE_NOT_ALLOWED = fileTypeMessage(UPLOAD_EXTENSIONS_SHOWN);
export const FILE_TYPE_REFUSED = 'This type of file cannot be uploaded';
export const FILE_VIRUS_FOUND = 'The selected file contains a virus';
/** FILE1008: the scanner could not look inside it (infra/local-clamd.ts, CLAMD_SCAN_LIMITS): encrypted, or past its limits. */
export const FILE_ENCRYPTED =
  'The selected file is password protected, so it cannot be checked for viruses. Remove the password and upload it again';
export const FILE_NOT_FULLY_SCANNED =
  'The selected file could not be fully checked for viruses: it holds too much compressed data or too many files inside one another. Upload a simpler file';
export const FILE_SCANNER_DOWN = 'The file could not be checked for viruses. Try again later';
export const fileContentMismatchMessage = (ext: string): string =>
  `The content of the selected file is not a valid ${ext.toUpperCase()} file`;
export const UPLOAD_HINT = `${UPLOAD_EXTENSIONS_SHOWN.map((e) => e.toUpperCase()).join(', ')}. No more than 20MB each.`;

export function uploadExtension(fileName: string): UploadExtension | null {
  const ext = fileExtension(fileName);
  return Object.hasOwn(UPLOAD_TYPES, ext) ? (ext as UploadExtension) : null;
}

/** What the browser can check before sending: null when the file may be sent. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return FILE_EMPTY;
  if (file.size > UPLOAD_MAX_BYTES) return FILE_TOO_LARGE;
  if (!uploadExtension(file.name)) return FILE_TYPE_NOT_ALLOWED;
  return null;
}

/** The answer of the calls that hand out a download token. */
export const fileTokenSchema = v.object({ token: v.string(), tokenExpirationMinutes: v.number() });
export type FileToken = v.InferOutput<typeof fileTokenSchema>;

/** The answer of an upload. */
export const fileUuidSchema = v.object({ uuid: v.string() });
export type FileUuid = v.InferOutput<typeof fileUuidSchema>;

/** A file's id as the API hands it out. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
