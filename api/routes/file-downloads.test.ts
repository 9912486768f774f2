// The attachments' download URL serves task attachments and regulators' signature images, each only
// by a token of its own kind: the kind in the token picks the file, not the URL alone.
import { randomUUID } from 'node:crypto';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { issueFileToken, type FileKind } from '../files/tokens';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function storeFile(kind: FileKind, content: Buffer, contentType: string, fileName: string): Promise<string> {
  const uuid = randomUUID();
  await api.deps.db('files').insert({
    uuid,
    kind,
    file_name: fileName,
    content_type: contentType,
    size: content.length,
    content,
    status: 'SUBMITTED',
  });
  return uuid;
}

async function fetchFile(path: string) {
  const res = await fetch(`${api.url}/api/v1.0${path}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes,
    json: res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : null,
  };
}

describe('GET /file-attachments/{token}', () => {
  const signatureBytes = Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(98, 7)]);
  let attachment: string;
  let signature: string;
  beforeAll(async () => {
    attachment = await storeFile('ATTACHMENT', Buffer.from('attached\n'), 'text/plain', 'attached.txt');
    signature = await storeFile('SIGNATURE', signatureBytes, 'image/bmp', 'signature.bmp');
  });

  it('serves an attachment and a signature, each by a token of its kind, without sign-in', async () => {
    const forAttachment = await issueFileToken(api.deps, { uuid: attachment, kind: 'ATTACHMENT' });
    expect(await fetchFile(`/file-attachments/${forAttachment.token}`)).toMatchObject({
      status: 200,
      type: 'text/plain; charset=utf-8',
      bytes: Buffer.from('attached\n'),
    });
    const forSignature = await issueFileToken(api.deps, { uuid: signature, kind: 'SIGNATURE' });
    const file = await fetchFile(`/file-attachments/${forSignature.token}`);
    expect(file).toMatchObject({ status: 200, type: 'image/bmp' });
    expect(file.bytes.equals(signatureBytes)).toBe(true);
  });

  it('does not hand out a file of one kind for a token of the other', async () => {
    const signatureAsAttachment = await issueFileToken(api.deps, { uuid: signature, kind: 'ATTACHMENT' });
    expect(await fetchFile(`/file-attachments/${signatureAsAttachment.token}`)).toMatchObject({
      status: 404,
      json: { code: 'NOT_FOUND', message: 'File not found' },
    });
    const attachmentAsSignature = await issueFileToken(api.deps, { uuid: attachment, kind: 'SIGNATURE' });
    expect(await fetchFile(`/file-attachments/${attachmentAsSignature.token}`)).toMatchObject({
      status: 404,
      json: { code: 'NOT_FOUND' },
    });
  });

  it('refuses document and note tokens, and signature tokens at the other download URLs', async () => {
    for (const kind of ['DOCUMENT', 'NOTE'] as const) {
      const { token } = await issueFileToken(api.deps, { uuid: attachment, kind });
      expect(await fetchFile(`/file-attachments/${token}`)).toMatchObject({
        status: 400,
        json: { code: 'TOKEN1001', message: 'Invalid Token' },
      });
    }
    const { token } = await issueFileToken(api.deps, { uuid: signature, kind: 'SIGNATURE' });
    expect(await fetchFile(`/file-documents/${token}`)).toMatchObject({ status: 400, json: { code: 'TOKEN1001' } });
  });
});
