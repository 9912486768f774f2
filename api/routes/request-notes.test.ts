// Request notes and their files: who reads and writes them, paging, files uploaded then attached,
// the upload checks (size, type against the bytes, virus scan) and downloads by token.
import { randomUUID } from 'node:crypto';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  grantVerifier,
  type TestAccount,
  type TestUser,
} from '../../test/factories';
import { evasiveDocx, formWith, samples } from '../../test/sample-files';
import { ClamdScanner, type VirusScanner } from '../../infra/clamd';
import { EICAR_TEST_STRING } from '../../infra/local-clamd';
import { loadConfig } from '../../infra/config';
import { issueFileToken } from '../files/tokens';
import { FILE_ENCRYPTED, FILE_NOT_FULLY_SCANNED, UPLOAD_MAX_BYTES } from '../../domain/files';

let api: ApiHarness;
let account: TestAccount;
let requestId: string;
let otherRequestId: string;
let admin: TestUser;
let restricted: TestUser;
let regulator: TestUser;
let welshRegulator: TestUser;
let otherOperator: TestUser;
// The run's real clamd, or — when told it is down — a clamd socket nobody listens on.
const live = new ClamdScanner(loadConfig().clamav);
const dead = new ClamdScanner({ socket: '/nonexistent/clamd.sock' });
const scanner: VirusScanner & { down: boolean } = {
  down: false,
  scan(data: Buffer, name: string) {
    return (this.down ? dead : live).scan(data, name);
  },
};

async function createRequest(accountRow: TestAccount): Promise<string> {
  const id = `RN${randomUUID().slice(0, 12)}`;
  await api.deps.db('requests').insert({
    id,
    type: 'ACTION_PLAN_P3',
    status: 'IN_PROGRESS',
    account_id: accountRow.id,
    competent_authority: accountRow.competentAuthority,
  });
  return id;
}

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken, virusScanner: scanner });
  const { db } = api.deps;
  account = await createAccount(db);
  const otherAccount = await createAccount(db);
  [admin, restricted, regulator, welshRegulator, otherOperator] = await Promise.all(
    ['Ada', 'Cal', 'Reg', 'Wyn', 'Oz'].map((firstName) => createUser(db, { firstName, lastName: 'Tester' })),
  );
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, restricted, account, 'operator');
  await grantOperator(db, otherOperator, otherAccount, 'operator_admin');
  await grantRegulator(db, regulator, 'ENGLAND', []);
  await grantRegulator(db, welshRegulator, 'WALES');
  requestId = await createRequest(account);
  otherRequestId = await createRequest(account);
});
afterAll(() => api.close());

const call = async (user: TestUser | null, method: string, path: string, body?: unknown) =>
  api.request(`/api/v1.0${path}`, {
    method,
    headers: {
      ...(user ? await bearer(user) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const upload = async (user: TestUser, name: string, data: Buffer | string, onRequest = requestId) =>
  api.request(`/api/v1.0/request-notes/upload/request/${onRequest}`, {
    method: 'POST',
    headers: await bearer(user),
    body: formWith({ name, data }),
  });
const uploaded = async (
  user: TestUser,
  name: string,
  data: Buffer | string,
  onRequest = requestId,
): Promise<string> => {
  const res = await upload(user, name, data, onRequest);
  expect(res.status).toBe(200);
  return res.body.uuid;
};
const list = (user: TestUser, page = 0, size = 10) =>
  call(user, 'GET', `/request-notes?requestId=${requestId}&page=${page}&size=${size}`);
const fileStatus = async (uuid: string) =>
  (await api.deps.db('files').where({ uuid }).first('status'))?.status ?? 'GONE';

async function download(user: TestUser, uuid: string, onRequest = requestId) {
  const tokenRes = await call(user, 'GET', `/request-notes/${onRequest}/files?uuid=${uuid}`);
  if (tokenRes.status !== 200) return tokenRes;
  expect(tokenRes.body).toEqual({ token: expect.any(String), tokenExpirationMinutes: 1 });
  const res = await fetch(`${api.url}/api/v1.0/file-notes/${tokenRes.body.token}`, { headers: await bearer(user) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

it('an operator writes a note with a file; a regulator reads it and downloads the file', async () => {
  const pdf = samples.pdf();
  const uuid = await uploaded(admin, 'Site visit – résumé.pdf', pdf);
  expect(await fileStatus(uuid)).toBe('PENDING');
  const created = await call(admin, 'POST', '/request-notes', { requestId, note: '  Visit booked  ', files: [uuid] });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    requestId,
    note: 'Visit booked',
    files: { [uuid]: 'Site visit – résumé.pdf' },
    submitter: 'Ada Tester',
    roleType: 'OPERATOR',
    editable: true,
  });
  expect(await fileStatus(uuid)).toBe('SUBMITTED');

  const page = await list(regulator);
  expect(page.status).toBe(200);
  expect(page.body).toMatchObject({ totalItems: 1, hasUserEditPermission: true });
  expect(page.body.requestNotes[0]).toMatchObject({
    id: created.body.id,
    note: 'Visit booked',
    files: { [uuid]: 'Site visit – résumé.pdf' },
    editable: false,
  });

  const res = await download(regulator, uuid);
  expect(res.status).toBe(200);
  expect('bytes' in res && res.bytes.equals(pdf)).toBe(true);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="Site visit _ r_sum_.pdf"; filename*=UTF-8''Site%20visit%20%E2%80%93%20r%C3%A9sum%C3%A9.pdf`,
  );
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toBe('no-store');
});

it('operators see only operators’ notes and their files; the list pages newest first', async () => {
  const uuid = await uploaded(regulator, 'internal.txt', 'Regulator only\n');
  const regulatorNote = await call(regulator, 'POST', '/request-notes', { requestId, note: 'Internal', files: [uuid] });
  expect(regulatorNote.status).toBe(201);
  for (const note of ['one', 'two'])
    expect((await call(restricted, 'POST', '/request-notes', { requestId, note })).status).toBe(201);

  const forOperator = await list(restricted, 0, 2);
  expect(forOperator.body.totalItems).toBe(3);
  expect(forOperator.body.requestNotes.map((n: { note: string }) => n.note)).toEqual(['two', 'one']);
  expect((await list(restricted, 1, 2)).body.requestNotes.map((n: { note: string }) => n.note)).toEqual([
    'Visit booked',
  ]);
  expect((await list(regulator)).body.totalItems).toBe(4);
  expect((await call(restricted, 'GET', `/request-notes/${regulatorNote.body.id}`)).status).toBe(404);
  expect((await download(restricted, uuid)).status).toBe(404);
  expect((await download(regulator, uuid)).status).toBe(200);
  expect((await call(regulator, 'GET', `/request-notes?requestId=${requestId}&page=0`)).body.message).toBe(
    'Required parameter size was null or undefined',
  );
  expect((await call(regulator, 'GET', '/request-notes?page=0&size=10')).body.message).toBe(
    'Required parameter requestId was null or undefined',
  );
});

it('a note is changed and deleted within the role type that wrote it; its files follow it', async () => {
  const first = await uploaded(admin, 'a.txt', 'first\n');
  const second = await uploaded(admin, 'b.csv', samples.csv());
  const { body: note } = await call(admin, 'POST', '/request-notes', {
    requestId,
    note: 'Draft',
    files: [first, second],
  });
  expect((await call(regulator, 'PUT', `/request-notes/${note.id}`, { note: 'Hijack' })).status).toBe(403);
  expect((await call(regulator, 'DELETE', `/request-notes/${note.id}`)).status).toBe(403);

  // Without `files` the files stay; another operator of the account may edit an operators' note.
  const kept = await call(restricted, 'PUT', `/request-notes/${note.id}`, { note: 'Edited' });
  expect(kept.body).toMatchObject({ note: 'Edited', files: { [first]: 'a.txt', [second]: 'b.csv' } });
  // Dropping a file deletes it; adding one needs the editor's own upload.
  const third = await uploaded(restricted, 'c.txt', 'third\n');
  const changed = await call(restricted, 'PUT', `/request-notes/${note.id}`, { note: 'Final', files: [second, third] });
  expect(changed.status).toBe(200);
  expect(changed.body.files).toEqual({ [second]: 'b.csv', [third]: 'c.txt' });
  expect(await fileStatus(first)).toBe('GONE');
  expect(await fileStatus(third)).toBe('SUBMITTED');

  expect((await call(admin, 'DELETE', `/request-notes/${note.id}`)).status).toBe(204);
  expect((await call(admin, 'GET', `/request-notes/${note.id}`)).status).toBe(404);
  expect([await fileStatus(second), await fileStatus(third)]).toEqual(['GONE', 'GONE']);
});

it('a note may carry only its writer’s own unsaved uploads for the same request', async () => {
  const notFound = {
    status: 400,
    body: expect.objectContaining({ field: 'files', message: 'files: A selected file was not found. Upload it again' }),
  };
  const othersUpload = await uploaded(restricted, 'theirs.txt', 'theirs\n');
  const otherRequestUpload = await uploaded(admin, 'elsewhere.txt', 'elsewhere\n', otherRequestId);
  for (const uuid of [othersUpload, otherRequestUpload, randomUUID()]) {
    const res = await call(admin, 'POST', '/request-notes', { requestId, note: 'x', files: [uuid] });
    expect({ status: res.status, body: res.body }).toEqual(notFound);
  }
  // A file already on a note cannot be taken onto another.
  const mine = await uploaded(admin, 'mine.txt', 'mine\n');
  expect((await call(admin, 'POST', '/request-notes', { requestId, note: 'first', files: [mine] })).status).toBe(201);
  expect((await call(admin, 'POST', '/request-notes', { requestId, note: 'second', files: [mine] })).status).toBe(400);
  // Nothing was written by the refused calls.
  expect(await fileStatus(othersUpload)).toBe('PENDING');

  expect(
    (await call(admin, 'POST', '/request-notes', { requestId, note: 'x', files: ['not-a-uuid'] })).body.message,
  ).toBe('files.0: Each file must be given by its uuid');
  expect((await call(admin, 'POST', '/request-notes', { requestId, note: 'x', files: 'abc' })).body.message).toBe(
    'files: Give the files as a list of file uuids',
  );
  const eleven = Array.from({ length: 11 }, () => randomUUID());
  expect((await call(admin, 'POST', '/request-notes', { requestId, note: 'x', files: eleven })).body.message).toBe(
    'files: A note can have up to 10 files',
  );
});

it('validates the note', async () => {
  expect((await call(admin, 'POST', '/request-notes', { requestId, note: '   ' })).body).toMatchObject({
    code: 'VALIDATION_ERROR',
    field: 'note',
    message: 'note: Enter a note',
  });
  expect((await call(admin, 'POST', '/request-notes', { requestId, note: 'x'.repeat(10001) })).body.message).toBe(
    'note: Enter up to 10000 characters',
  );
  expect((await call(admin, 'POST', '/request-notes', { note: 'no request' })).body.message).toBe(
    'Required parameter requestId was null or undefined',
  );
  const { body: note } = await call(admin, 'POST', '/request-notes', { requestId, note: 'ok' });
  expect((await call(admin, 'PUT', `/request-notes/${note.id}`, {})).body.message).toBe('note: Enter a note');
  expect((await call(admin, 'GET', `/request-notes/${requestId}/files`)).body.message).toBe(
    'Required parameter uuid was null or undefined',
  );
  expect((await call(admin, 'GET', `/request-notes/${requestId}/files?uuid=abc`)).body).toMatchObject({
    field: 'uuid',
    message: 'uuid must be a file uuid',
  });
});

it('answers a stranger’s note exactly as a note that does not exist', async () => {
  const { body: note } = await call(admin, 'POST', '/request-notes', { requestId, note: 'Private' });
  const missing = { status: 404, body: { code: 'NOT_FOUND', message: 'Note not found' } };
  for (const [method, body] of [['GET'], ['PUT', { note: 'x' }], ['DELETE']] as const) {
    expect(await call(admin, method, '/request-notes/999999999', body)).toMatchObject(missing);
    for (const stranger of [otherOperator, welshRegulator]) {
      const answer = await call(stranger, method, `/request-notes/${note.id}`, body);
      expect({ status: answer.status, body: answer.body }).toEqual(missing);
    }
  }
});

it('answers strangers as if the request did not exist: 404 for another account or competent authority, as for what does not exist', async () => {
  const { body: note } = await call(admin, 'POST', '/request-notes', { requestId, note: 'Private' });
  const file = await uploaded(admin, 'p.txt', 'private\n');
  for (const stranger of [otherOperator, welshRegulator]) {
    expect((await list(stranger)).status).toBe(404);
    expect((await call(stranger, 'GET', `/request-notes/${note.id}`)).status).toBe(404);
    expect((await call(stranger, 'PUT', `/request-notes/${note.id}`, { note: 'x' })).status).toBe(404);
    expect((await call(stranger, 'DELETE', `/request-notes/${note.id}`)).status).toBe(404);
    expect((await call(stranger, 'POST', '/request-notes', { requestId, note: 'x' })).status).toBe(404);
    expect((await upload(stranger, 'x.txt', 'x\n')).status).toBe(404);
    expect((await call(stranger, 'GET', `/request-notes/${requestId}/files?uuid=${file}`)).status).toBe(404);
  }
  expect((await call(admin, 'GET', '/request-notes/999999999')).status).toBe(404);
  expect((await call(admin, 'GET', `/request-notes?requestId=NOPE&page=0&size=10`)).body).toMatchObject({
    code: 'NOT_FOUND',
    message: 'Request not found',
  });
  expect((await upload(admin, 'x.txt', 'x\n', 'NOPE')).status).toBe(404);
  expect((await call(null, 'GET', `/request-notes?requestId=${requestId}&page=0&size=10`)).status).toBe(401);
});

it('on a finished request, operators of the account and regulators of its authority still note; every change is audited', async () => {
  const finished = await createRequest(account);
  await api.deps.db('requests').where({ id: finished }).update({ status: 'COMPLETED' });
  const chart = await uploaded(regulator, 'Group chart.vsdx', samples.vsdx(), finished);
  const byRegulator = await call(regulator, 'POST', '/request-notes', {
    requestId: finished,
    note: 'Chart received',
    files: [chart],
  });
  expect(byRegulator.status).toBe(201);
  expect(byRegulator.body).toMatchObject({ files: { [chart]: 'Group chart.vsdx' }, roleType: 'REGULATOR' });
  const byOperator = await call(admin, 'POST', '/request-notes', { requestId: finished, note: 'Thanks' });
  expect(byOperator.status).toBe(201);
  expect(
    (await call(regulator, 'PUT', `/request-notes/${byRegulator.body.id}`, { note: 'Chart checked' })).status,
  ).toBe(200);
  expect((await call(regulator, 'DELETE', `/request-notes/${byRegulator.body.id}`)).status).toBe(204);
  const audited = await api.deps
    .db('audit_log')
    .where({ entity: 'request_notes', entity_key: String(byRegulator.body.id) })
    .orderBy('id')
    .select('operation', 'actor_user_id', 'request_id');
  expect(audited.map((a) => a.operation)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  expect(audited.every((a) => a.actor_user_id === regulator.id && a.request_id === finished)).toBe(true);
});

it('refuses who may not note: a verifier, an operator of another account, a regulator of another authority; nobody edits or deletes a note of the other role type', async () => {
  const verifier = await createUser(api.deps.db, { firstName: 'Vera', lastName: 'Tester' });
  await grantVerifier(api.deps.db, verifier);
  const { body: operatorNote } = await call(admin, 'POST', '/request-notes', { requestId, note: 'Operator note' });
  const { body: regulatorNote } = await call(regulator, 'POST', '/request-notes', {
    requestId,
    note: 'Regulator note',
  });
  // A verifier is refused every note call, whatever the request.
  for (const [method, path, body] of [
    ['GET', `/request-notes?requestId=${requestId}&page=0&size=10`],
    ['POST', '/request-notes', { requestId, note: 'x' }],
    ['GET', `/request-notes/${operatorNote.id}`],
    ['PUT', `/request-notes/${operatorNote.id}`, { note: 'x' }],
    ['DELETE', `/request-notes/${operatorNote.id}`],
  ] as const) {
    const answer = await call(verifier, method, path, body);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  }
  expect((await upload(verifier, 'x.txt', 'x\n')).status).toBe(403);
  // Strangers do not learn the notes exist; within the request, each role type keeps its own.
  for (const stranger of [otherOperator, welshRegulator])
    for (const note of [operatorNote, regulatorNote]) {
      expect((await call(stranger, 'PUT', `/request-notes/${note.id}`, { note: 'x' })).status).toBe(404);
      expect((await call(stranger, 'DELETE', `/request-notes/${note.id}`)).status).toBe(404);
    }
  expect((await call(admin, 'PUT', `/request-notes/${regulatorNote.id}`, { note: 'x' })).status).toBe(404);
  expect((await call(admin, 'DELETE', `/request-notes/${regulatorNote.id}`)).status).toBe(404);
  expect((await call(regulator, 'PUT', `/request-notes/${operatorNote.id}`, { note: 'x' })).status).toBe(403);
  expect((await call(regulator, 'DELETE', `/request-notes/${operatorNote.id}`)).status).toBe(403);
  expect((await call(admin, 'GET', `/request-notes/${operatorNote.id}`)).body.note).toBe('Operator note');
  expect((await call(regulator, 'GET', `/request-notes/${regulatorNote.id}`)).body.note).toBe('Regulator note');
});

describe('upload checks', () => {
  it('takes Visio drawings and device-independent bitmaps whose bytes are what their names say', async () => {
    for (const [name, data, type] of [
      ['chart.vsd', samples.vsd(), 'application/vnd.visio'],
      ['chart.vsdx', samples.vsdx(), 'application/vnd.ms-visio.drawing'],
      ['chart.dib', samples.bmp(), 'image/bmp'],
    ] as const) {
      const uuid = await uploaded(admin, name, data);
      expect((await api.deps.db('files').where({ uuid }).first('content_type')).content_type).toBe(type);
    }
  });

  const refused = async (
    name: string,
    data: Buffer | string,
    expected: { status?: number; code: string; message: string },
  ) => {
    // Only this request's files: other test files upload in parallel.
    const stored = () => api.deps.db('files').where({ request_id: requestId }).count({ n: '*' });
    const before = await stored();
    const res = await upload(admin, name, data);
    expect({ status: res.status, body: res.body }).toEqual({
      status: expected.status ?? 400,
      body: { code: expected.code, message: expected.message, field: 'file' },
    });
    expect(await stored()).toEqual(before);
  };

  it('refuses a file whose bytes are not what its name says', async () => {
    await refused('photo.png', samples.pdf(), {
      code: 'FILE1005',
      message: 'The content of the selected file is not a valid PNG file',
    });
    await refused('report.pdf', samples.docx(), {
      code: 'FILE1005',
      message: 'The content of the selected file is not a valid PDF file',
    });
    await refused('notes.txt', Buffer.from([0x4d, 0x5a, 0x90, 0x00]), {
      code: 'FILE1005',
      message: 'The content of the selected file is not a valid TXT file',
    });
  });

  it('refuses types that are not allowed, empty files and files over 20MB', async () => {
    await refused('setup.exe', 'MZ', {
      code: 'FILE1005',
      message:
        'The selected file must be a PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP, CSV, TXT, JPG, PNG, TIF, BMP, DIB, VSD or VSDX',
    });
    await refused('noextension', 'text', {
      code: 'FILE1005',
      message:
        'The selected file must be a PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP, CSV, TXT, JPG, PNG, TIF, BMP, DIB, VSD or VSDX',
    });
    await refused('empty.txt', '', { code: 'FILE1002', message: 'The selected file is empty' });
    const justOver = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 'a');
    await refused('big.txt', justOver, { code: 'FILE1003', message: 'The selected file must be no more than 20MB' });
    // Far over: refused as the body arrives, before it is all read.
    await refused('huge.txt', Buffer.alloc(UPLOAD_MAX_BYTES + 200 * 1024, 'a'), {
      status: 413,
      code: 'FILE1003',
      message: 'The selected file must be no more than 20MB',
    });
  });

  it('takes a file of exactly 20MB', async () => {
    const uuid = await uploaded(admin, 'exact.txt', Buffer.alloc(UPLOAD_MAX_BYTES, 'a'));
    expect((await api.deps.db('files').where({ uuid }).first('size')).size).toBe(UPLOAD_MAX_BYTES);
  });

  it('refuses what the virus scanner finds, and stores nothing while the scanner is down', async () => {
    await refused('report.txt', `${EICAR_TEST_STRING}\n`, {
      code: 'FILE1001',
      message: 'The selected file contains a virus',
    });
    scanner.down = true;
    try {
      await refused('report.txt', 'fine\n', {
        status: 503,
        code: 'FILE1007',
        message: 'The file could not be checked for viruses. Try again later',
      });
    } finally {
      scanner.down = false;
    }
  });

  // Project issue 27: clamd skips what is past its limits, or encrypted, and used to answer OK.
  it('refuses an Office file that hides something where the scanner cannot look: 20 archives deep, after 120 MB of zeros, or encrypted', async () => {
    const nested = evasiveDocx.nested(EICAR_TEST_STRING, 20);
    const afterZeros = evasiveDocx.afterZeros(EICAR_TEST_STRING, 120 * 1024 * 1024);
    const encrypted = evasiveDocx.encrypted(EICAR_TEST_STRING);
    // Small files, all of them: the 120 MB of zeros deflate to about 120 KB.
    expect([nested.length, afterZeros.length, encrypted.length].every((n) => n < 200 * 1024)).toBe(true);
    await refused('nested.docx', nested, { code: 'FILE1008', message: FILE_NOT_FULLY_SCANNED });
    await refused('zeros.docx', afterZeros, { code: 'FILE1008', message: FILE_NOT_FULLY_SCANNED });
    await refused('locked.docx', encrypted, { code: 'FILE1008', message: FILE_ENCRYPTED });
    // The same document, nested a few levels or deflated, is an ordinary upload.
    expect((await upload(admin, 'plain.docx', evasiveDocx.nested('nothing to see', 3))).status).toBe(200);
    expect((await upload(admin, 'small.docx', evasiveDocx.afterZeros('nothing to see', 1024 * 1024))).status).toBe(200);
  });

  // Project issue 27: a right-to-left override makes 'invoice\u202Efdp.txt' show as 'invoicetxt.pdf'.
  it('takes bidirectional controls out of a file’s name, so it shows as what it is', async () => {
    const uuid = await uploaded(admin, 'invoice\u202Efdp\u202C\u2066\u2069\u200F\u200E\u061C.txt', 'an invoice\n');
    const note = await call(admin, 'POST', '/request-notes', { requestId, note: 'Invoice', files: [uuid] });
    expect(note.body.files).toEqual({ [uuid]: 'invoicefdp.txt' });
    expect((await list(admin)).body.requestNotes[0].files).toEqual({ [uuid]: 'invoicefdp.txt' });
    const res = await download(admin, uuid);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="invoicefdp.txt"; filename*=UTF-8''invoicefdp.txt`,
    );
    await refused('\u202E\u202C', 'only controls\n', {
      code: 'FILE1006',
      message: 'The file name must be between 1 and 255 characters',
    });
  });

  it('needs the file part and a multipart body', async () => {
    const noFile = await api.request(`/api/v1.0/request-notes/upload/request/${requestId}`, {
      method: 'POST',
      headers: await bearer(admin),
      body: formWith(null, { other: 'x' }),
    });
    expect(noFile.body).toMatchObject({
      code: 'REQUIRED_PARAMETER',
      message: 'Required parameter file was null or undefined',
    });
    const json = await call(admin, 'POST', `/request-notes/upload/request/${requestId}`, { file: 'x' });
    expect(json).toMatchObject({ status: 415, body: { message: 'Send the request as multipart/form-data' } });
  });
});

describe('download tokens', () => {
  let uuid: string;
  beforeAll(async () => {
    uuid = await uploaded(admin, 'kept.txt', 'kept\n');
    await call(admin, 'POST', '/request-notes', { requestId, note: 'With a file', files: [uuid] });
  });
  const fileNotes = async (token: string, user: TestUser | null) =>
    api.request(`/api/v1.0/file-notes/${token}`, { headers: user ? await bearer(user) : {} });

  it('a note file token works only for the user it was given to, and only signed in', async () => {
    const { body } = await call(admin, 'GET', `/request-notes/${requestId}/files?uuid=${uuid}`);
    expect(await fileNotes(body.token, admin)).toMatchObject({ status: 200, body: 'kept\n' });
    expect((await fileNotes(body.token, restricted)).body).toMatchObject({ code: 'TOKEN1002' });
    expect((await fileNotes(body.token, null)).status).toBe(401);
    // Nor at the URL of another kind of file.
    expect((await api.request(`/api/v1.0/file-attachments/${body.token}`)).body).toEqual({
      code: 'TOKEN1001',
      message: 'Invalid Token',
    });
  });

  it('refuses expired and forged tokens, and answers 404 for a file that is gone', async () => {
    const expired = await issueFileToken(
      api.deps,
      { uuid, kind: 'NOTE', userId: admin.id },
      { now: new Date(Date.now() - 120_000) },
    );
    expect(await fileNotes(expired.token, admin)).toMatchObject({
      status: 400,
      body: { code: 'TOKEN1003', message: 'The download link has expired. Go back and select the file again' },
    });
    const forged = await issueFileToken(
      { config: { fileTokenSecret: 'someone-elses-secret-that-is-long-enough' }, db: api.deps.db },
      { uuid, kind: 'NOTE', userId: admin.id },
    );
    expect(await fileNotes(forged.token, admin)).toMatchObject({
      status: 400,
      body: { code: 'TOKEN1001', message: 'Invalid Token' },
    });
    expect(await fileNotes('x'.repeat(3000), admin)).toMatchObject({ status: 400, body: { code: 'TOKEN1001' } });
    const gone = await issueFileToken(api.deps, { uuid: randomUUID(), kind: 'NOTE', userId: admin.id });
    expect(await fileNotes(gone.token, admin)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'File not found' },
    });
  });

  it('gives the uploader a token for their unsaved upload, and no one else', async () => {
    const pending = await uploaded(admin, 'draft.txt', 'draft\n');
    expect((await call(admin, 'GET', `/request-notes/${requestId}/files?uuid=${pending}`)).status).toBe(200);
    expect((await call(regulator, 'GET', `/request-notes/${requestId}/files?uuid=${pending}`)).status).toBe(404);
  });
});

it('purges note uploads nobody saved within a day when a list is read', async () => {
  const stale = await uploaded(admin, 'stale.txt', 'stale\n');
  const fresh = await uploaded(admin, 'fresh.txt', 'fresh\n');
  await api.deps
    .db('files')
    .where({ uuid: stale })
    .update({ created_at: api.deps.db.raw("now() - interval '25 hours'") });
  await list(admin);
  expect([await fileStatus(stale), await fileStatus(fresh)]).toEqual(['GONE', 'PENDING']);
});
