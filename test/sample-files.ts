// Small but genuine files of each kind the service accepts, made in memory, for upload tests.
import { crc32, deflateRawSync } from 'node:zlib';

/** One member of a ZIP archive: stored as it is unless `deflate`; `password` encrypts it (traditional PKWARE ZipCrypto). */
export interface ZipEntry {
  name: string;
  data: string | Buffer;
  deflate?: boolean;
  password?: string;
}

/** CRC-32 of one byte, from a running value (ZipCrypto's key schedule). */
function crcByte(crc: number, byte: number): number {
  let c = (crc ^ byte) & 0xff;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return (c ^ (crc >>> 8)) >>> 0;
}

/** ZipCrypto (APPNOTE 6.1): a 12-byte header whose last byte is the CRC's high byte, then the data, each byte XORed with the key stream. */
function zipCrypto(data: Buffer, password: string, crc: number): Buffer {
  const keys = [0x12345678, 0x23456789, 0x34567890];
  const update = (byte: number) => {
    keys[0] = crcByte(keys[0]!, byte);
    keys[1] = (Math.imul((keys[1]! + (keys[0]! & 0xff)) >>> 0, 134775813) + 1) >>> 0;
    keys[2] = crcByte(keys[2]!, keys[1]! >>> 24);
  };
  const streamByte = () => {
    const t = (keys[2]! | 2) & 0xffff;
    return (Math.imul(t, t ^ 1) >>> 8) & 0xff;
  };
  for (const b of Buffer.from(password, 'latin1')) update(b);
  const plain = Buffer.concat([Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, crc >>> 24]), data]);
  const out = Buffer.alloc(plain.length);
  for (let i = 0; i < plain.length; i++) {
    out[i] = plain[i]! ^ streamByte();
    update(plain[i]!);
  }
  return out;
}

/** A ZIP archive of the entries, the first one first: each stored, unless deflated, and encrypted when it has a password. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const crc = crc32(data);
    const method = entry.deflate ? 8 : 0;
    let packed = entry.deflate ? deflateRawSync(data) : data;
    if (entry.password !== undefined) packed = zipCrypto(packed, entry.password, crc);
    const flags = entry.password !== undefined ? 1 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
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

const contentTypes =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const samples = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]),
  jpg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]),
  docx: (extra: ZipEntry[] = []) =>
    zip([
      { name: '[Content_Types].xml', data: contentTypes },
      { name: 'word/document.xml', data: '<w:document/>' },
      ...extra,
    ]),
  xlsx: () =>
    zip([
      { name: '[Content_Types].xml', data: contentTypes },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
    ]),
  odt: () =>
    zip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
      { name: 'content.xml', data: '<office:document-content/>' },
    ]),
  doc: () =>
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(100),
      Buffer.from('WordDocument', 'utf16le'),
      Buffer.alloc(100),
    ]),
  vsd: () =>
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(100),
      Buffer.from('VisioDocument', 'utf16le'),
      Buffer.alloc(100),
    ]),
  vsdx: () =>
    zip([
      { name: '[Content_Types].xml', data: contentTypes },
      { name: 'visio/document.xml', data: '<VisioDocument/>' },
    ]),
  bmp: () => Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(60)]),
  csv: () => Buffer.from('CRN,Name\n01234567,Café Ltd\n', 'utf8'),
  txt: () => Buffer.from('Minutes of the site visit\n', 'utf8'),
};

/** A multipart body with one file part (and any other parts), as a browser would send it. */
export function formWith(
  file: { field?: string; name: string; data: Buffer | string; type?: string } | null,
  other: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(other)) form.append(name, value);
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], {
        type: file.type ?? 'application/octet-stream',
      }),
      file.name,
    );
  return form;
}

/**
 * Office files that hide something from a virus scanner working within its limits (project issue 27):
 * the content nested `depth` ZIPs deep, after `zerosBefore` bytes of zeros in one deflated member (a
 * few hundred KB compressed for 120 MB), or in a password-protected member. Each is a .docx our type
 * check accepts; a scanner that does not alert on what it could not scan passes them as clean.
 */
export const evasiveDocx = {
  nested: (content: string | Buffer, depth: number) => {
    // Deflated at every level, so the content's bytes appear only once each archive is opened.
    let inner = zip([{ name: 'readme.txt', data: content, deflate: true }]);
    for (let level = 1; level < depth; level++)
      inner = zip([{ name: `level${level}.zip`, data: inner, deflate: true }]);
    return samples.docx([{ name: 'word/embeddings/package.zip', data: inner, deflate: true }]);
  },
  afterZeros: (content: string | Buffer, zerosBefore: number) =>
    samples.docx([
      {
        name: 'word/media/image1.bin',
        data: Buffer.concat([Buffer.alloc(zerosBefore), Buffer.from(content)]),
        deflate: true,
      },
    ]),
  encrypted: (content: string | Buffer) =>
    samples.docx([{ name: 'word/embeddings/secret.txt', data: content, deflate: true, password: 'secret' }]),
};
