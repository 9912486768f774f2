// The verified-accounts upload: every row checked, duplicates in the list and in the database
// reported row by row, nothing stored when any row is wrong, invitations queued in the outbox.
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { createAccount, createUser, grantRegulator, type TestUser } from '../../test/factories';

let api: ApiHarness;
let uploader: TestUser;
let scottishUploader: TestUser;
let withoutPermission: TestUser;
let n = 0;
const stamp = Date.now() % 100000;
/** Unique per call and per run: 8 digits, different from every other test file's. */
const crn = () => `7${String(stamp).padStart(5, '0')}${String(n++).padStart(2, '0')}`;
const mail = () => `verified-${stamp}-${n++}@Example.TEST`;

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  [uploader, scottishUploader, withoutPermission] = await Promise.all([
    createUser(api.deps.db),
    createUser(api.deps.db),
    createUser(api.deps.db),
  ]);
  await grantRegulator(api.deps.db, uploader, 'ENGLAND', ['PERM_UPLOAD_VERIFIED_ORGANISATION_ACCOUNTS']);
  await grantRegulator(api.deps.db, scottishUploader, 'SCOTLAND', ['PERM_UPLOAD_VERIFIED_ORGANISATION_ACCOUNTS']);
  await grantRegulator(api.deps.db, withoutPermission, 'ENGLAND', ['PERM_TASK_ASSIGNMENT']);
});
afterAll(() => api.close());

const post = async (user: TestUser, path: string, body: unknown) =>
  api.request(`/api/v1.0/organisation/account-onboarding${path}`, {
    method: 'POST',
    headers: { ...(await bearer(user)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const registry = (numbers: string[]) =>
  api.deps.db('account_onboarding_registry').whereIn('registration_number', numbers).orderBy('id');

it('stores the rows PENDING with the regulator CA, e-mails lower-cased, and queues an invitation each', async () => {
  const rows = [
    { registrationNumber: crn(), email: mail() },
    { registrationNumber: crn(), email: mail() },
  ];
  const res = await post(scottishUploader, '', { verifiedAccounts: rows });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ uploaded: 2 });
  const stored = await registry(rows.map((r) => r.registrationNumber));
  expect(
    stored.map((r) => ({
      crn: r.registration_number,
      email: r.email,
      status: r.status,
      ca: r.competent_authority,
      by: r.submitter_id,
    })),
  ).toEqual(
    rows.map((r) => ({
      crn: r.registrationNumber,
      email: r.email.toLowerCase(),
      status: 'PENDING',
      ca: 'SCOTLAND',
      by: scottishUploader.id,
    })),
  );
  const outbox = await api.deps.db('email_outbox').whereIn(
    'to_address',
    rows.map((r) => r.email.toLowerCase()),
  );
  expect(outbox).toHaveLength(2);
  expect(outbox[0]).toMatchObject({
    subject: 'Sign up invitation - Manage your ESOS reporting',
    template: 'VerifiedAccountInvitation',
    status: 'PENDING',
  });
  expect(outbox[0].body_text).toContain('Scottish Environment Protection Agency');
});

it('reports format errors row by row and stores nothing', async () => {
  const good = crn();
  const res = await post(uploader, '', {
    verifiedAccounts: [
      { registrationNumber: good, email: mail(), row: 2 },
      { registrationNumber: '123', email: 'not-an-email', row: 3 },
      { registrationNumber: 'SC12', email: '', row: 4 },
    ],
  });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('ONBOARDING1000');
  expect(res.body.fields).toEqual([
    {
      field: 'verifiedAccounts.1.registrationNumber',
      row: 3,
      message: 'If your Company Registration Number has fewer than 8 numbers, add zeroes at the start',
    },
    { field: 'verifiedAccounts.1.email', row: 3, message: 'Enter a valid email' },
    { field: 'verifiedAccounts.2.registrationNumber', row: 4, message: 'The registration number must be 8 characters' },
    { field: 'verifiedAccounts.2.email', row: 4, message: 'Enter an email' },
  ]);
  expect(await registry([good])).toEqual([]);
});

it('reports duplicates within the list on every row involved (ONBOARDING1001)', async () => {
  const same = crn();
  const email = mail();
  const res = await post(uploader, '', {
    verifiedAccounts: [
      { registrationNumber: same, email },
      { registrationNumber: same, email: email.toUpperCase() },
    ],
  });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('ONBOARDING1001');
  expect(res.body.fields.map((f: { row: number; message: string }) => `${f.row} ${f.message}`)).toEqual([
    '2 There are duplicated registration numbers in the file',
    '2 There are duplicated user emails in the file',
    '3 There are duplicated registration numbers in the file',
    '3 There are duplicated user emails in the file',
  ]);
  expect(await registry([same])).toEqual([]);
});

it('reports values already in the system (ONBOARDING1002): the registry, and numbers of LIVE accounts', async () => {
  const first = { registrationNumber: crn(), email: mail() };
  expect((await post(uploader, '', { verifiedAccounts: [first] })).status).toBe(201);
  const live = crn();
  await createAccount(api.deps.db, { registrationNumber: live, status: 'LIVE' });
  const fresh = crn();
  const res = await post(uploader, '', {
    verifiedAccounts: [
      { registrationNumber: fresh, email: mail() },
      { registrationNumber: first.registrationNumber, email: first.email.toUpperCase() },
      { registrationNumber: live, email: mail() },
    ],
  });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('ONBOARDING1002');
  expect(res.body.fields.map((f: { row: number; message: string }) => `${f.row} ${f.message}`)).toEqual([
    '3 There are duplicated registration numbers in the system',
    '3 There are duplicated user emails in the system',
    '4 There are duplicated registration numbers in the system',
  ]);
  expect(await registry([fresh])).toEqual([]);
});

it('refuses an empty list and regulators without the permission', async () => {
  expect((await post(uploader, '', { verifiedAccounts: [] })).body.message).toContain('at least one row');
  expect(
    (await post(withoutPermission, '', { verifiedAccounts: [{ registrationNumber: crn(), email: mail() }] })).status,
  ).toBe(403);
});

it('tells which e-mails and numbers are already registered', async () => {
  const row = { registrationNumber: crn(), email: mail() };
  await post(uploader, '', { verifiedAccounts: [row] });
  expect((await post(uploader, '/emails', { emails: [row.email.toUpperCase(), 'nobody@example.test'] })).body).toEqual({
    emails: [row.email.toLowerCase()],
  });
  expect(
    (await post(uploader, '/registration-numbers', { registrationNumbers: [row.registrationNumber, '00000001'] })).body,
  ).toEqual({ registrationNumbers: [row.registrationNumber] });
  expect((await post(uploader, '/emails', { emails: 'x' })).status).toBe(400);
});

it('gives an applicant their verified registration number to prefill', async () => {
  const applicant = await createUser(api.deps.db);
  const get = async () =>
    (
      await api.request('/api/v1.0/organisation/account-onboarding/registration-number', {
        headers: await bearer(applicant),
      })
    ).body;
  expect(await get()).toEqual({ registrationNumber: null });
  const number = crn();
  await post(uploader, '', {
    verifiedAccounts: [{ registrationNumber: number, email: applicant.email.toUpperCase() }],
  });
  expect(await get()).toEqual({ registrationNumber: number });
});
