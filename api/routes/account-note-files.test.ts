// Files on account notes: upload, attach on save, download by token; who may do each.
import { randomUUID } from 'node:crypto';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../../test/factories';
import { formWith, samples } from '../../test/sample-files';

let api: ApiHarness;
let account: TestAccount;
let admin: TestUser;
let restricted: TestUser;
let regulator: TestUser;
let otherOperator: TestUser;

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  const { db } = api.deps;
  account = await createAccount(db);
  const otherAccount = await createAccount(db);
  [admin, restricted, regulator, otherOperator] = await Promise.all(
    ['Ada', 'Cal', 'Reg', 'Oz'].map((firstName) => createUser(db, { firstName, lastName: 'Tester' })),
  );
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, restricted, account, 'operator');
  await grantOperator(db, otherOperator, otherAccount, 'operator_admin');
  await grantRegulator(db, regulator, 'ENGLAND', []);
});
afterAll(() => api.close());

const call = async (user: TestUser, method: string, path: string, body?: unknown) =>
  api.request(`/api/v1.0${path}`, {
    method,
    headers: { ...(await bearer(user)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const upload = async (user: TestUser, name: string, data: Buffer | string, accountId = account.id) =>
  api.request(`/api/v1.0/account-notes/upload/account/${accountId}`, {
    method: 'POST',
    headers: await bearer(user),
    body: formWith({ name, data }),
  });
const fileStatus = async (uuid: string) =>
  (await api.deps.db('files').where({ uuid }).first('status'))?.status ?? 'GONE';
const token = (user: TestUser, uuid: string) => call(user, 'GET', `/account-notes/${account.id}/files?uuid=${uuid}`);

it('an administrator attaches a file to a note; operators and regulators of the account download it', async () => {
  const png = samples.png();
  const { status, body } = await upload(admin, 'Meter.png', png);
  expect(status).toBe(200);
  const note = await call(admin, 'POST', '/account-notes', {
    accountId: account.id,
    note: 'Meter photo',
    files: [body.uuid],
  });
  expect(note.body).toMatchObject({ note: 'Meter photo', files: { [body.uuid]: 'Meter.png' } });
  expect(await fileStatus(body.uuid)).toBe('SUBMITTED');
  expect(
    (await call(restricted, 'GET', `/account-notes?accountId=${account.id}&page=0&size=10`)).body.accountNotes[0].files,
  ).toEqual({ [body.uuid]: 'Meter.png' });

  for (const user of [restricted, regulator]) {
    const t = await token(user, body.uuid);
    expect(t.body).toEqual({ token: expect.any(String), tokenExpirationMinutes: 1 });
    const res = await fetch(`${api.url}/api/v1.0/file-notes/${t.body.token}`, { headers: await bearer(user) });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  }
  expect((await token(otherOperator, body.uuid)).status).toBe(404);
});

it('a download asked for without a file uuid, or with one that is not a uuid, is refused with the reason', async () => {
  expect((await call(admin, 'GET', `/account-notes/${account.id}/files`)).body).toMatchObject({
    field: 'uuid',
    message: 'Required parameter uuid was null or undefined',
  });
  const bad = await call(admin, 'GET', `/account-notes/${account.id}/files?uuid=abc`);
  expect({ status: bad.status, body: bad.body }).toMatchObject({
    status: 400,
    body: { field: 'uuid', message: 'uuid must be a file uuid' },
  });
});

it('only those who may write notes upload, and only for an account they can see', async () => {
  expect((await upload(restricted, 'x.txt', 'x\n')).status).toBe(403);
  expect((await upload(otherOperator, 'x.txt', 'x\n')).status).toBe(404);
  expect((await upload(regulator, 'x.txt', 'x\n')).status).toBe(200);
  expect((await upload(admin, 'x.pdf', 'not a pdf')).body).toEqual({
    code: 'FILE1005',
    message: 'The content of the selected file is not a valid PDF file',
    field: 'file',
  });
});

it('regulators’ note files stay hidden from operators', async () => {
  const { body } = await upload(regulator, 'internal.pdf', samples.pdf());
  await call(regulator, 'POST', '/account-notes', { accountId: account.id, note: 'Internal', files: [body.uuid] });
  expect((await token(admin, body.uuid)).body).toMatchObject({ code: 'NOT_FOUND', message: 'File not found' });
  expect((await token(regulator, body.uuid)).status).toBe(200);
});

it('editing replaces the files, deleting the note deletes them; uploads of a request note do not attach here', async () => {
  const a = (await upload(admin, 'a.txt', 'a\n')).body.uuid;
  const b = (await upload(admin, 'b.txt', 'b\n')).body.uuid;
  const { body: note } = await call(admin, 'POST', '/account-notes', {
    accountId: account.id,
    note: 'Two files',
    files: [a, b],
  });
  const edited = await call(admin, 'PUT', `/account-notes/${note.id}`, { note: 'One file', files: [b] });
  expect(edited.body.files).toEqual({ [b]: 'b.txt' });
  expect(await fileStatus(a)).toBe('GONE');
  expect((await call(admin, 'PUT', `/account-notes/${note.id}`, { note: 'Text only' })).body.files).toEqual({
    [b]: 'b.txt',
  });
  expect((await call(admin, 'DELETE', `/account-notes/${note.id}`)).status).toBe(204);
  expect(await fileStatus(b)).toBe('GONE');

  const requestId = `AN${randomUUID().slice(0, 12)}`;
  await api.deps.db('requests').insert({
    id: requestId,
    type: 'ACTION_PLAN_P3',
    status: 'IN_PROGRESS',
    account_id: account.id,
    competent_authority: 'ENGLAND',
  });
  const forRequest = await api.request(`/api/v1.0/request-notes/upload/request/${requestId}`, {
    method: 'POST',
    headers: await bearer(admin),
    body: formWith({ name: 'r.txt', data: 'r\n' }),
  });
  expect(forRequest.status).toBe(200);
  const refused = await call(admin, 'POST', '/account-notes', {
    accountId: account.id,
    note: 'x',
    files: [forRequest.body.uuid],
  });
  expect(refused.body).toMatchObject({
    field: 'files',
    message: 'files: A selected file was not found. Upload it again',
  });
});
