// Account notes: who sees which notes, who may change them, paging newest first.
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

let api: ApiHarness;
let account: TestAccount;
let admin: TestUser;
let secondAdmin: TestUser;
let restricted: TestUser;
let regulator: TestUser;
let welshRegulator: TestUser;
let otherOperator: TestUser;

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  const { db } = api.deps;
  account = await createAccount(db);
  const otherAccount = await createAccount(db);
  [admin, secondAdmin, restricted, regulator, welshRegulator, otherOperator] = await Promise.all(
    ['Ada', 'Bea', 'Cal', 'Reg', 'Wyn', 'Oz'].map((firstName) => createUser(db, { firstName, lastName: 'Tester' })),
  );
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, secondAdmin, account, 'operator_admin');
  await grantOperator(db, restricted, account, 'operator');
  await grantOperator(db, otherOperator, otherAccount, 'operator_admin');
  await grantRegulator(db, regulator, 'ENGLAND', []);
  await grantRegulator(db, welshRegulator, 'WALES');
});
afterAll(() => api.close());

const call = async (user: TestUser, method: string, path: string, body?: unknown) =>
  api.request(`/api/v1.0${path}`, {
    method,
    headers: { ...(await bearer(user)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const list = (user: TestUser, page = 0, size = 10) =>
  call(user, 'GET', `/account-notes?accountId=${account.id}&page=${page}&size=${size}`);

it('an administrator and a regulator add notes; operators see only operators’ notes, newest first', async () => {
  const a = await call(admin, 'POST', '/account-notes', { accountId: account.id, note: '  Site visit booked  ' });
  expect(a.status).toBe(201);
  expect(a.body).toMatchObject({
    accountId: account.id,
    note: 'Site visit booked',
    submitter: 'Ada Tester',
    roleType: 'OPERATOR',
    editable: true,
    files: {},
  });
  const r = await call(regulator, 'POST', '/account-notes', { accountId: account.id, note: 'Regulator only' });
  expect(r.status).toBe(201);

  const forRegulator = await list(regulator);
  expect(forRegulator.body.totalItems).toBe(2);
  expect(forRegulator.body.hasUserEditPermission).toBe(true);
  expect(forRegulator.body.accountNotes.map((n: { note: string; editable: boolean }) => [n.note, n.editable])).toEqual([
    ['Regulator only', true],
    ['Site visit booked', false],
  ]);

  const forOperator = await list(restricted);
  expect(forOperator.body).toMatchObject({ totalItems: 1, hasUserEditPermission: false });
  expect(forOperator.body.accountNotes).toEqual([
    expect.objectContaining({ note: 'Site visit booked', editable: false }),
  ]);
  expect((await call(restricted, 'GET', `/account-notes/${r.body.id}`)).status).toBe(404);
  expect((await list(secondAdmin)).body.accountNotes[0].editable).toBe(true);
});

it('pages the list', async () => {
  for (const note of ['one', 'two', 'three'])
    await call(secondAdmin, 'POST', '/account-notes', { accountId: account.id, note });
  const page = await list(regulator, 1, 2);
  expect(page.body.totalItems).toBe(5);
  expect(page.body.accountNotes.map((n: { note: string }) => n.note)).toEqual(['one', 'Regulator only']);
  expect((await call(regulator, 'GET', `/account-notes?accountId=${account.id}&page=0`)).body.message).toBe(
    'Required parameter size was null or undefined',
  );
});

it('changes and deletes notes only within the role type that wrote them', async () => {
  const { body: note } = await call(admin, 'POST', '/account-notes', { accountId: account.id, note: 'Draft' });
  expect((await call(regulator, 'PUT', `/account-notes/${note.id}`, { note: 'Hijack' })).status).toBe(403);
  expect((await call(restricted, 'PUT', `/account-notes/${note.id}`, { note: 'Hijack' })).status).toBe(403);
  const edited = await call(secondAdmin, 'PUT', `/account-notes/${note.id}`, { note: 'Final' });
  expect(edited.status).toBe(200);
  expect(edited.body.note).toBe('Final');
  expect((await call(admin, 'GET', `/account-notes/${note.id}`)).body.note).toBe('Final');
  expect((await call(regulator, 'DELETE', `/account-notes/${note.id}`)).status).toBe(403);
  expect((await call(admin, 'DELETE', `/account-notes/${note.id}`)).status).toBe(204);
  expect((await call(admin, 'GET', `/account-notes/${note.id}`)).status).toBe(404);
});

it('validates the note: required, at most 10000 characters', async () => {
  const blank = await call(admin, 'POST', '/account-notes', { accountId: account.id, note: '   ' });
  expect(blank.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'note', message: 'note: Enter a note' });
  expect(
    (await call(admin, 'POST', '/account-notes', { accountId: account.id, note: 'x'.repeat(10001) })).body.message,
  ).toBe('note: Enter up to 10000 characters');
  expect((await call(admin, 'POST', '/account-notes', { accountId: account.id, note: 'x'.repeat(10000) })).status).toBe(
    201,
  );
  expect((await call(admin, 'POST', '/account-notes', { note: 'no account' })).body.message).toBe(
    'Required parameter accountId was null or undefined',
  );
});

it('answers 404 to an operator of another account and a regulator of another CA', async () => {
  const { body: note } = await call(admin, 'POST', '/account-notes', { accountId: account.id, note: 'Private' });
  for (const stranger of [otherOperator, welshRegulator]) {
    expect((await list(stranger)).status).toBe(404);
    expect((await call(stranger, 'GET', `/account-notes/${note.id}`)).status).toBe(404);
    expect((await call(stranger, 'PUT', `/account-notes/${note.id}`, { note: 'x' })).status).toBe(404);
    expect((await call(stranger, 'DELETE', `/account-notes/${note.id}`)).status).toBe(404);
    expect((await call(stranger, 'POST', '/account-notes', { accountId: account.id, note: 'x' })).status).toBe(404);
  }
  expect((await call(restricted, 'POST', '/account-notes', { accountId: account.id, note: 'x' })).status).toBe(403);
});

it('answers a stranger’s note exactly as a note that does not exist', async () => {
  const { body: note } = await call(admin, 'POST', '/account-notes', { accountId: account.id, note: 'Private' });
  const missing = { status: 404, body: { code: 'NOT_FOUND', message: 'Note not found' } };
  for (const [method, body] of [['GET'], ['PUT', { note: 'x' }], ['DELETE']] as const) {
    expect(await call(admin, method, '/account-notes/999999999', body)).toMatchObject(missing);
    for (const stranger of [otherOperator, welshRegulator]) {
      const answer = await call(stranger, method, `/account-notes/${note.id}`, body);
      expect({ status: answer.status, body: answer.body }).toEqual(missing);
    }
  }
});
