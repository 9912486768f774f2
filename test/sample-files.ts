// Small but genuine files of each kind the service accepts, made in memory, for upload tests.
import { crc32 } from 'node:zlib';

/** A ZIP archive with its entries stored (not compressed), the first one first. */
export function zip(entries: { name: string; data: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const samples = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]),
  jpg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]),
  docx: (extra: { name: string; data: string }[] = []) => zip([{ name: '[Content_Types].xml', data: contentTypes }, { name: 'word/document.xml', data: '<w:document/>' }, ...extra]),
  xlsx: () => zip([{ name: '[Content_Types].xml', data: contentTypes }, { name: 'xl/workbook.xml', data: '<workbook/>' }]),
  odt: () => zip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' }, { name: 'content.xml', data: '<office:document-content/>' }]),
  doc: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100), Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(100)]),
  csv: () => Buffer.from('CRN,Name\n01234567,Café Ltd\n', 'utf8'),
  txt: () => Buffer.from('Minutes of the site visit\n', 'utf8'),
};

/** A multipart body with one file part (and any other parts), as a browser would send it. */
export function formWith(file: { field?: string; name: string; data: Buffer | string; type?: string } | null, other: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(other)) form.append(name, value);
  if (file) form.append(file.field ?? 'file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
}
