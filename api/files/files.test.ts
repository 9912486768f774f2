// The pure parts of file handling: content checks by magic bytes, download tokens, download names.
import { contentTypeFor, isPlainText, zipEntryNames } from './sniff';
import { FILE_TOKEN_MINUTES, issueFileToken, verifyFileToken, type FileTokenKeySource } from './tokens';
import { contentDisposition } from './downloads';
import { samples, zip } from '../../test/sample-files';
import { FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED, UPLOAD_MAX_BYTES, uploadProblem } from '../../domain/files';

describe('content by magic bytes', () => {
  it.each([
    ['pdf', 'application/pdf', samples.pdf()],
    ['png', 'image/png', samples.png()],
    ['jpg', 'image/jpeg', samples.jpg()],
    ['jpeg', 'image/jpeg', samples.jpg()],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', samples.docx()],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', samples.xlsx()],
    ['odt', 'application/vnd.oasis.opendocument.text', samples.odt()],
    ['doc', 'application/msword', samples.doc()],
    ['csv', 'text/csv', samples.csv()],
    ['txt', 'text/plain', samples.txt()],
    ['vsd', 'application/vnd.visio', samples.vsd()],
    ['vsdx', 'application/vnd.ms-visio.drawing', samples.vsdx()],
    ['dib', 'image/bmp', samples.bmp()],
  ] as const)('a real %s is accepted as %s', (ext, type, data) => {
    expect(contentTypeFor(ext, data)).toBe(type);
  });

  it.each([
    ['pdf', samples.png()],
    ['png', samples.jpg()],
    ['jpg', samples.pdf()],
    ['docx', samples.xlsx()], // a workbook renamed to .docx
    ['xlsx', samples.odt()],
    ['docx', samples.docx([{ name: 'word/vbaProject.bin', data: 'macros' }])], // macro-enabled
    ['docx', Buffer.from('PK\u0003\u0004 not really a zip', 'latin1')],
    ['odt', zip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' }])],
    ['xls', samples.doc()], // a Word compound file is not a workbook
    ['txt', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03])], // a Windows program
    ['csv', Buffer.from([0x61, 0xff, 0xfe, 0x62])], // not UTF-8
    ['pdf', Buffer.alloc(0)],
    ['vsd', samples.doc()], // a Word compound file is not a drawing
    ['vsdx', samples.docx()], // nor a Word document renamed to .vsdx
    ['vsdx', samples.vsd()],
    ['dib', samples.png()],
  ] as const)('bytes that are not a %s are refused (case %#)', (ext, data) => {
    expect(contentTypeFor(ext, data)).toBeNull();
  });

  it('reads the entry names of a ZIP archive from its central directory', () => {
    expect(zipEntryNames(samples.xlsx())).toEqual(['[Content_Types].xml', 'xl/workbook.xml']);
    expect(zipEntryNames(samples.pdf())).toBeNull();
    // A truncated archive has no central directory.
    expect(zipEntryNames(samples.xlsx().subarray(0, 60))).toBeNull();
  });

  it('takes UTF-8 text with a byte-order mark, and no NUL characters', () => {
    expect(isPlainText(Buffer.from('\uFEFFa,b\n', 'utf8'))).toBe(true);
    expect(isPlainText(Buffer.from('a\u0000b', 'utf8'))).toBe(false);
  });
});

describe('what the browser checks first', () => {
  it.each([
    [{ name: 'a.pdf', size: UPLOAD_MAX_BYTES }, null],
    [{ name: 'a.pdf', size: UPLOAD_MAX_BYTES + 1 }, FILE_TOO_LARGE],
    [{ name: 'a.pdf', size: 0 }, 'The selected file is empty'],
    [{ name: 'a.exe', size: 10 }, FILE_TYPE_NOT_ALLOWED],
    [{ name: 'A.DOCX', size: 10 }, null],
  ])('%p -> %p', (file, problem) => {
    expect(uploadProblem(file)).toBe(problem);
  });

  it('names the limit and the types in the messages', () => {
    expect(FILE_TOO_LARGE).toBe('The selected file must be no more than 20MB');
    expect(FILE_TYPE_NOT_ALLOWED).toBe(
      'The selected file must be a PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP, CSV, TXT, JPG, PNG, TIF, BMP, DIB, VSD or VSDX',
    );
  });
});

describe('download tokens', () => {
  // With FILE_TOKEN_SECRET set the database is never asked (this handle would throw if it were).
  const keysFor = (fileTokenSecret: string): FileTokenKeySource => ({
    config: { fileTokenSecret },
    db: undefined as unknown as FileTokenKeySource['db'],
  });
  const keys = keysFor('a-test-secret-that-is-long-enough-for-hs256');
  const uuid = '6f1c1d9e-5b7a-4c35-9a51-0c8f3c2d1e00';

  it('carry the file and kind, and the user for note files', async () => {
    const { token, tokenExpirationMinutes } = await issueFileToken(keys, { uuid, kind: 'NOTE', userId: 'u1' });
    expect(tokenExpirationMinutes).toBe(FILE_TOKEN_MINUTES);
    await expect(verifyFileToken(keys, token, 'NOTE')).resolves.toEqual({ uuid, kind: 'NOTE', userId: 'u1' });
    const attachment = await issueFileToken(keys, { uuid, kind: 'ATTACHMENT' });
    await expect(verifyFileToken(keys, attachment.token, 'ATTACHMENT')).resolves.toEqual({
      uuid,
      kind: 'ATTACHMENT',
      userId: null,
    });
  });

  it('are accepted at a URL taking several kinds, and tell which kind they are', async () => {
    const signature = await issueFileToken(keys, { uuid, kind: 'SIGNATURE' });
    await expect(verifyFileToken(keys, signature.token, ['ATTACHMENT', 'SIGNATURE'])).resolves.toEqual({
      uuid,
      kind: 'SIGNATURE',
      userId: null,
    });
    await expect(verifyFileToken(keys, signature.token, ['DOCUMENT'])).rejects.toMatchObject({
      status: 400,
      code: 'TOKEN1001',
    });
  });

  it('are refused at a download URL of another kind, signed with another key, altered or expired', async () => {
    const { token } = await issueFileToken(keys, { uuid, kind: 'ATTACHMENT' });
    await expect(verifyFileToken(keys, token, 'DOCUMENT')).rejects.toMatchObject({
      status: 400,
      code: 'TOKEN1001',
      message: 'Invalid Token',
    });
    await expect(
      verifyFileToken(keysFor('another-test-secret-that-is-long-enough'), token, 'ATTACHMENT'),
    ).rejects.toMatchObject({ status: 400, code: 'TOKEN1001' });
    const [header, payload, signature] = token.split('.');
    const altered = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace(uuid, '00000000-0000-4000-8000-000000000000'),
    ).toString('base64url');
    await expect(verifyFileToken(keys, `${header}.${altered}.${signature}`, 'ATTACHMENT')).rejects.toMatchObject({
      code: 'TOKEN1001',
    });
    await expect(verifyFileToken(keys, 'not-a-token', 'ATTACHMENT')).rejects.toMatchObject({ code: 'TOKEN1001' });
    const old = await issueFileToken(
      keys,
      { uuid, kind: 'ATTACHMENT' },
      { now: new Date(Date.now() - (FILE_TOKEN_MINUTES * 60 + 5) * 1000) },
    );
    await expect(verifyFileToken(keys, old.token, 'ATTACHMENT')).rejects.toMatchObject({
      status: 400,
      code: 'TOKEN1003',
      message: 'The download link has expired. Go back and select the file again',
    });
  });
});

it('names the download with an ASCII fallback and the exact UTF-8 name', () => {
  expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  expect(contentDisposition('Énergie "audit" (final)\'s.pdf')).toBe(
    `attachment; filename="_nergie _audit_ (final)'s.pdf"; filename*=UTF-8''%C3%89nergie%20%22audit%22%20%28final%29%27s.pdf`,
  );
});
