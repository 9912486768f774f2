// What a file really is, from its bytes: the extension a user gives is only a claim. Each allowed
// extension has a check of the content; a file passes only when its bytes are what its name says,
// so a program renamed to .pdf, or a macro-enabled workbook renamed to .xlsx, is refused.
import { UPLOAD_TYPES, type UploadExtension } from '../../domain/files';

const startsWith = (data: Buffer, ...bytes: number[]) =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
const BMP = [0x42, 0x4d];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // legacy Office (compound file)
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Names of the entries of a ZIP archive, from its central directory; null when it is not one. */
export function zipEntryNames(data: Buffer): string[] | null {
  if (!startsWith(data, ...ZIP)) return null;
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  const floor = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= floor; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    if (at + 46 + nameLength > data.length) return null;
    names.push(data.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** OpenDocument: the first entry is 'mimetype', stored uncompressed, holding the document's type. */
function openDocumentType(data: Buffer): string | null {
  if (!startsWith(data, ...ZIP) || data.length < 30) return null;
  const method = data.readUInt16LE(8);
  const size = data.readUInt32LE(18);
  const nameLength = data.readUInt16LE(26);
  const extraLength = data.readUInt16LE(28);
  if (method !== 0 || nameLength !== 8 || data.toString('latin1', 30, 38) !== 'mimetype') return null;
  const start = 30 + nameLength + extraLength;
  if (size > 200 || start + size > data.length) return null;
  return data.toString('latin1', start, start + size);
}

function officeOpenXml(data: Buffer, part: string): boolean {
  const names = zipEntryNames(data);
  if (!names || !names.includes('[Content_Types].xml') || !names.includes(part)) return false;
  // Macros make it a .docm/.xlsm/.pptm, which we do not accept under any name.
  return !names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n));
}

/** Legacy Office: a compound file holding the stream of its kind (names are UTF-16LE), without macros. */
function compoundFile(data: Buffer, streams: string[]): boolean {
  if (!startsWith(data, ...OLE2)) return false;
  const has = (name: string) => data.includes(Buffer.from(name, 'utf16le'));
  return streams.some(has) && !has('_VBA_PROJECT');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text formats: valid UTF-8 (a BOM is fine) without NUL characters. */
export function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

const checks: Record<UploadExtension, (data: Buffer) => boolean> = {
  pdf: (d) => startsWith(d, ...PDF),
  png: (d) => startsWith(d, ...PNG),
  jpg: (d) => startsWith(d, ...JPEG),
  jpeg: (d) => startsWith(d, ...JPEG),
  tif: (d) => startsWith(d, ...TIFF_LE) || startsWith(d, ...TIFF_BE),
  tiff: (d) => startsWith(d, ...TIFF_LE) || startsWith(d, ...TIFF_BE),
  bmp: (d) => startsWith(d, ...BMP) && d.length >= 26,
  dib: (d) => startsWith(d, ...BMP) && d.length >= 26,
  vsd: (d) => compoundFile(d, ['VisioDocument']),
  vsdx: (d) => officeOpenXml(d, 'visio/document.xml'),
  docx: (d) => officeOpenXml(d, 'word/document.xml'),
  xlsx: (d) => officeOpenXml(d, 'xl/workbook.xml'),
  pptx: (d) => officeOpenXml(d, 'ppt/presentation.xml'),
  doc: (d) => compoundFile(d, ['WordDocument']),
  xls: (d) => compoundFile(d, ['Workbook', 'Book']),
  ppt: (d) => compoundFile(d, ['PowerPoint Document']),
  odt: (d) => openDocumentType(d) === UPLOAD_TYPES.odt,
  ods: (d) => openDocumentType(d) === UPLOAD_TYPES.ods,
  odp: (d) => openDocumentType(d) === UPLOAD_TYPES.odp,
  csv: isPlainText,
  txt: isPlainText,
};

/** The content type to store for these bytes under this extension, or null when they do not match. */
export function contentTypeFor(ext: UploadExtension, data: Buffer): string | null {
  return checks[ext](data) ? UPLOAD_TYPES[ext] : null;
}
