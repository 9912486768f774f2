// Account search, one account, editing details and the registration-number check, as each kind of
// caller, against the test run's database.
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
let admin: TestUser;
let restricted: TestUser;
let reviewer: TestUser;
let welshRegulator: TestUser;
let viewer: TestUser;
let account: TestAccount;
let other: TestAccount;
// A word no other test file uses, so searches see only this file's accounts.
const word = `Zebedee${Date.now().toString(36)}`;

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  const { db } = api.deps;
  account = await createAccount(db, { name: `${word} Steel`, registrationNumber: null });
  other = await createAccount(db, { name: `${word} Foods` });
  [admin, restricted, reviewer, welshRegulator, viewer] = await Promise.all(
    Array.from({ length: 5 }, () => createUser(db)),
  );
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, restricted, account, 'operator');
  await grantRegulator(db, reviewer, 'ENGLAND');
  await grantRegulator(db, welshRegulator, 'WALES');
  await grantRegulator(db, viewer, 'ENGLAND', ['PERM_TASK_ASSIGNMENT']);
});
afterAll(() => api.close());

const get = async (user: TestUser, path: string) => api.request(`/api/v1.0${path}`, { headers: await bearer(user) });
const post = async (user: TestUser, path: string, body: unknown) =>
  api.request(`/api/v1.0${path}`, {
    method: 'POST',
    headers: { ...(await bearer(user)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('GET /organisation/accounts', () => {
  it('shows regulators the accounts of their competent authority matching the term, by organisation id', async () => {
    const res = await get(reviewer, `/organisation/accounts?term=${word.toLowerCase()}&page=0&size=10`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.accounts.map((a: { id: number }) => a.id)).toEqual(
      [account, other].sort((a, b) => a.organisationId.localeCompare(b.organisationId)).map((a) => a.id),
    );
    expect(res.body.accounts[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringContaining(word),
      organisationId: expect.stringMatching(/^ORG\d{6}$/),
      registrationNumber: null,
      status: 'LIVE',
    });
  });

  it('matches the organisation id and pages in the database', async () => {
    expect(
      (await get(reviewer, `/organisation/accounts?term=${account.organisationId}&page=0&size=10`)).body.accounts.map(
        (a: { id: number }) => a.id,
      ),
    ).toContain(account.id);
    const page2 = await get(reviewer, `/organisation/accounts?term=${word}&page=1&size=1`);
    expect(page2.body.total).toBe(2);
    expect(page2.body.accounts).toHaveLength(1);
  });

  it('shows nothing of England to a Welsh regulator, and operators only their own accounts', async () => {
    expect((await get(welshRegulator, `/organisation/accounts?term=${word}&page=0&size=10`)).body).toEqual({
      accounts: [],
      total: 0,
    });
    const mine = await get(admin, '/organisation/accounts?page=0&size=50');
    expect(mine.body).toEqual({ accounts: [expect.objectContaining({ id: account.id })], total: 1 });
  });

  it('treats % and _ in the term as text, not wildcards', async () => {
    expect((await get(reviewer, '/organisation/accounts?term=%25%25%25&page=0&size=10')).body.total).toBe(0);
  });

  it('refuses bad paging and terms with the spec-style messages', async () => {
    expect((await get(reviewer, '/organisation/accounts?page=0')).body).toMatchObject({
      code: 'REQUIRED_PARAMETER',
      message: 'Required parameter size was null or undefined',
    });
    expect((await get(reviewer, '/organisation/accounts?page=-1&size=10')).status).toBe(400);
    expect((await get(reviewer, '/organisation/accounts?page=0&size=1000')).status).toBe(400);
    expect((await get(reviewer, '/organisation/accounts?term=ab&page=0&size=10')).body.message).toBe(
      'Enter between 3 and 256 characters to search',
    );
  });
});

describe('GET /organisation/account/{id}', () => {
  it('gives the account with whether the caller may edit it', async () => {
    const res = await get(admin, `/organisation/account/${account.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: account.id,
      organisationId: account.organisationId,
      status: 'LIVE',
      competentAuthority: 'ENGLAND',
      editable: true,
    });
    expect(res.body.address).toEqual({
      line1: '1 High Street',
      line2: null,
      city: 'Bristol',
      county: null,
      postcode: 'BS1 1AA',
    });
    expect((await get(restricted, `/organisation/account/${account.id}`)).body.editable).toBe(false);
    expect((await get(reviewer, `/organisation/account/${account.id}`)).body.editable).toBe(true);
    expect((await get(viewer, `/organisation/account/${account.id}`)).body.editable).toBe(false);
  });

  it('answers 404 to an operator of another account, a regulator of another CA, and for junk ids', async () => {
    const outsider = await createUser(api.deps.db);
    await grantOperator(api.deps.db, outsider, other, 'operator_admin');
    expect((await get(outsider, `/organisation/account/${account.id}`)).status).toBe(404);
    expect((await get(welshRegulator, `/organisation/account/${account.id}`)).status).toBe(404);
    expect((await get(reviewer, '/organisation/account/abc')).status).toBe(404);
  });
});

describe('POST /organisation/accounts/{id}', () => {
  const details = {
    name: `${word} Steel Group`,
    address: { line1: '2 Mill Lane', line2: 'Unit 4', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1AA' },
    codes: { type: 'OTHER', otherTypeName: 'NACE', codes: ['24.10', '24.20'] },
  };

  it('lets the administrator change name, address and codes', async () => {
    const res = await post(admin, `/organisation/accounts/${account.id}`, details);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: details.name, address: details.address, codes: details.codes });
    expect((await get(reviewer, `/organisation/account/${account.id}`)).body.name).toBe(details.name);
  });

  it('validates every field with the reference messages', async () => {
    const res = await post(admin, `/organisation/accounts/${account.id}`, {
      ...details,
      name: ' ',
      codes: { type: 'SIC', codes: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([
      { field: 'name', message: 'Enter the registered name of the organisation' },
      { field: 'codes.codes', message: 'Enter between 1 and 4 codes' },
    ]);
  });

  it('refuses restricted users (403), strangers (404) and accounts that are not LIVE (400)', async () => {
    expect((await post(restricted, `/organisation/accounts/${account.id}`, details)).status).toBe(403);
    expect((await post(viewer, `/organisation/accounts/${account.id}`, details)).status).toBe(403);
    expect((await post(welshRegulator, `/organisation/accounts/${account.id}`, details)).status).toBe(404);
    const closed = await createAccount(api.deps.db, { status: 'CLOSED' });
    await grantOperator(api.deps.db, admin, closed, 'operator_admin');
    expect((await post(admin, `/organisation/accounts/${closed.id}`, details)).body).toMatchObject({
      code: 'ACCOUNT1009',
    });
    expect((await get(admin, `/organisation/account/${closed.id}`)).body.editable).toBe(false);
  });
});

describe('GET /organisation/accounts/registration-number', () => {
  it('says whether a LIVE account holds the number (others do not count)', async () => {
    const number = `SC${String(Date.now()).slice(-6)}`;
    expect((await get(admin, `/organisation/accounts/registration-number?reg_nbr=${number}`)).body).toEqual({
      exists: false,
    });
    await createAccount(api.deps.db, { registrationNumber: number, status: 'DENIED' });
    expect(
      (await get(admin, `/organisation/accounts/registration-number?reg_nbr=${number.toLowerCase()}`)).body,
    ).toEqual({ exists: false });
    await createAccount(api.deps.db, { registrationNumber: number, status: 'LIVE' });
    expect(
      (await get(admin, `/organisation/accounts/registration-number?reg_nbr=${number.toLowerCase()}`)).body,
    ).toEqual({ exists: true });
  });

  it('refuses a missing or malformed number', async () => {
    expect((await get(admin, '/organisation/accounts/registration-number')).body.message).toBe(
      'Required parameter reg_nbr was null or undefined',
    );
    expect((await get(admin, '/organisation/accounts/registration-number?reg_nbr=SC1')).body.message).toBe(
      'The registration number must be 8 characters',
    );
  });

  it('is backed by the database: a second LIVE account with the same number cannot exist', async () => {
    const number = `NI${String(Date.now()).slice(-6)}`;
    await createAccount(api.deps.db, { registrationNumber: number, status: 'LIVE' });
    await expect(createAccount(api.deps.db, { registrationNumber: number, status: 'LIVE' })).rejects.toThrow(
      /accounts_live_registration_number/,
    );
  });
});
