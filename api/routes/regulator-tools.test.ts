// Site contacts, the regulator user rules of issue 13 (nobody changes their own permissions or
// status; last sign-in), verification bodies of accounts and reference data, as callers meet them.
import http from 'node:http';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, mintToken, verifyTestToken } from '../../test/tokens';
import {
  createAccount,
  createUser,
  createVerificationBody,
  grantOperator,
  grantRegulator,
  grantVerifier,
  type TestAccount,
  type TestUser,
} from '../../test/factories';

let api: ApiHarness;
let admin: TestUser;
let colleague: TestUser;
let viewer: TestUser;
let english: TestUser;
let live: TestAccount;
let awaiting: TestAccount;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  const { db } = api.deps;
  admin = await createUser(db, { firstName: 'Gwen', lastName: 'Admin' });
  await grantRegulator(db, admin, 'WALES');
  colleague = await createUser(db, { firstName: 'Dylan', lastName: 'Colleague' });
  await grantRegulator(db, colleague, 'WALES', ['PERM_TASK_ASSIGNMENT']);
  viewer = await createUser(db);
  await grantRegulator(db, viewer, 'WALES', []);
  english = await createUser(db);
  await grantRegulator(db, english, 'ENGLAND');
  live = await createAccount(db, { competentAuthority: 'WALES', name: 'Welsh Live Ltd' });
  awaiting = await createAccount(db, { competentAuthority: 'WALES', status: 'AWAITING_APPROVAL' });
});
afterAll(() => api.close());

const call = async (method: string, path: string, user: TestUser | null, body?: unknown) =>
  api.request(`/api/v1.0${path}`, {
    method,
    headers: {
      ...(user ? await bearer(user) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('site contacts', () => {
  const contactOf = async (user: TestUser, accountId: number) => {
    const res = await call('GET', '/ORGANISATION/ca-site-contacts?page=0&size=100', user);
    expect(res.status).toBe(200);
    return {
      row: res.body.caSiteContacts.find((c: { accountId: number }) => c.accountId === accountId),
      body: res.body,
    };
  };

  it('lists the live accounts of the competent authority with their regulator contact', async () => {
    const { row, body } = await contactOf(admin, live.id);
    expect(row).toEqual({
      accountId: live.id,
      accountName: 'Welsh Live Ltd',
      organisationId: live.organisationId,
      userId: null,
    });
    expect(body.editable).toBe(true);
    expect(body.caSiteContacts.some((c: { accountId: number }) => c.accountId === awaiting.id)).toBe(false);
    expect((await contactOf(viewer, live.id)).body.editable).toBe(false);
    const englishView = await call('GET', '/ORGANISATION/ca-site-contacts?page=0&size=100', english);
    expect(englishView.body.caSiteContacts.some((c: { accountId: number }) => c.accountId === live.id)).toBe(false);
    expect((await call('GET', '/ORGANISATION/ca-site-contacts', admin)).body.code).toBe('REQUIRED_PARAMETER');
  });

  it('sets a regulator as an account’s contact, only one of the competent authority’s, and only with the permission', async () => {
    expect(
      (await call('POST', '/ORGANISATION/ca-site-contacts', admin, [{ accountId: live.id, userId: colleague.id }]))
        .status,
    ).toBe(204);
    expect((await contactOf(admin, live.id)).row.userId).toBe(colleague.id);
    expect(
      (await call('POST', '/ORGANISATION/ca-site-contacts', admin, [{ accountId: live.id, userId: english.id }])).body
        .code,
    ).toBe('AUTHORITY1003');
    const englishAccount = await createAccount(api.deps.db, { competentAuthority: 'ENGLAND' });
    expect(
      (
        await call('POST', '/ORGANISATION/ca-site-contacts', admin, [
          { accountId: englishAccount.id, userId: colleague.id },
        ])
      ).body.code,
    ).toBe('ACCOUNT_CONTACT1001');
    expect(
      (await call('POST', '/ORGANISATION/ca-site-contacts', viewer, [{ accountId: live.id, userId: null }])).status,
    ).toBe(403);
    expect((await call('POST', '/ORGANISATION/ca-site-contacts', admin, [{ accountId: 'x' }])).status).toBe(400);
  });

  it('drops a regulator from the site contacts when they are disabled', async () => {
    const other = await createUser(api.deps.db);
    await grantRegulator(api.deps.db, other, 'WALES', ['PERM_TASK_ASSIGNMENT']);
    const account = await createAccount(api.deps.db, { competentAuthority: 'WALES' });
    await call('POST', '/ORGANISATION/ca-site-contacts', admin, [{ accountId: account.id, userId: other.id }]);
    expect(
      (await call('POST', '/regulator-authorities', admin, [{ userId: other.id, authorityStatus: 'DISABLED' }])).status,
    ).toBe(204);
    expect((await contactOf(admin, account.id)).row.userId).toBeNull();
  });
});

describe('regulator users: one’s own authority', () => {
  const update = async (by: TestUser, userId: string, dto: unknown) => {
    const form = new FormData();
    form.append('regulatorUserUpdateDTO', new Blob([JSON.stringify(dto)], { type: 'application/json' }));
    return api.request(`/api/v1.0/regulator-users/${userId}`, {
      method: 'POST',
      headers: await bearer(by),
      body: form,
    });
  };
  const profile = { firstName: 'Gwen', lastName: 'Admin', jobTitle: 'Team leader', phoneNumber: '029 2000 0000' };

  it('lets an administrator change a colleague’s permission groups but never their own', async () => {
    const changed = await update(admin, colleague.id, {
      user: { ...profile, firstName: 'Dylan', lastName: 'Colleague' },
      permissions: { MANAGE_USERS_AND_CONTACTS: 'EXECUTE', REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY' },
    });
    expect(changed.status).toBe(200);
    const levels = await call('GET', `/regulator-authorities/permissions/${colleague.id}`, admin);
    expect(levels.body.permissions).toMatchObject({
      ASSIGN_REASSIGN_TASKS: 'EXECUTE',
      MANAGE_USERS_AND_CONTACTS: 'EXECUTE',
      REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY',
      ACCOUNT_CLOSURE: 'NONE',
    });
    const own = await update(admin, admin.id, { user: profile, permissions: { ACCOUNT_CLOSURE: 'NONE' } });
    expect(own.body).toMatchObject({ code: 'AUTHORITY_SELF', message: 'You cannot change your own permissions' });
    expect((await update(admin, admin.id, { user: profile })).status).toBe(200);
  });

  it('refuses to change one’s own status or reset one’s own one-time code', async () => {
    expect(
      (await call('POST', '/regulator-authorities', admin, [{ userId: admin.id, authorityStatus: 'DISABLED' }])).body,
    ).toMatchObject({ code: 'AUTHORITY_SELF', message: 'You cannot change your own status' });
    // Sending one's own status unchanged (a whole list) is fine.
    expect(
      (await call('POST', '/regulator-authorities', admin, [{ userId: admin.id, authorityStatus: 'ACTIVE' }])).status,
    ).toBe(204);
    expect((await call('POST', `/regulator-users/${admin.id}/reset-2fa`, admin)).body.code).toBe('AUTHORITY_SELF');
  });

  it('refuses to unlock one’s own sign-in, as it refuses to reset one’s own code; a colleague’s is unlocked', async () => {
    const own = await call('POST', `/regulator-users/${admin.id}/unlock`, admin);
    expect(own).toMatchObject({
      status: 400,
      body: { code: 'AUTHORITY_SELF', message: 'You cannot change your own sign-in lock', field: 'userId' },
    });
    expect((await call('POST', `/regulator-users/${admin.id}/reset-2fa`, admin)).body).toMatchObject({
      code: 'AUTHORITY_SELF',
      message: 'You cannot change your own one-time code',
      field: 'userId',
    });
    expect((await call('POST', `/regulator-users/${colleague.id}/unlock`, admin)).status).toBe(204);
  });

  it('shows when each regulator last signed in', async () => {
    const signedIn = Math.floor(new Date('2025-06-02T08:15:00Z').getTime() / 1000);
    const token = await mintToken(colleague, { authTime: signedIn });
    expect((await api.request('/api/v1.0/users', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const list = await call('GET', '/regulator-authorities', admin);
    const row = list.body.caUsers.find((u: { userId: string }) => u.userId === colleague.id);
    expect(new Date(row.lastSignIn).toISOString()).toBe('2025-06-02T08:15:00.000Z');
    expect(list.body.caUsers.find((u: { userId: string }) => u.userId === viewer.id).lastSignIn).toBeNull();
  });
});

describe('verification bodies of an account', () => {
  let account: TestAccount;
  let owner: TestUser;
  let first: number;
  let second: number;
  let retired: number;
  beforeAll(async () => {
    const { db } = api.deps;
    account = await createAccount(db, { competentAuthority: 'WALES' });
    owner = await createUser(db);
    await grantOperator(db, owner, account, 'operator_admin');
    first = await createVerificationBody(db, 'Aardvark Verification');
    second = await createVerificationBody(db, 'Badger Verification');
    retired = await createVerificationBody(db, 'Closed Verification');
    await db('verification_bodies').where({ id: retired }).update({ status: 'DISABLED' });
  });

  it('lists the active bodies, appoints one, replaces it, and shows it to the account’s operators and regulators', async () => {
    const active = await call('GET', `/accounts/${account.id}/active-verification-bodies`, owner);
    const ids = active.body.map((b: { id: number }) => b.id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(ids).not.toContain(retired);
    expect((await call('GET', `/accounts/${account.id}/verification-body`, owner)).status).toBe(204);

    expect(
      (await call('POST', `/accounts/${account.id}/appoint-verification-body`, owner, { verificationBodyId: first }))
        .status,
    ).toBe(204);
    expect((await call('GET', `/accounts/${account.id}/verification-body`, owner)).body).toEqual({
      id: first,
      name: 'Aardvark Verification',
      status: 'ACTIVE',
    });
    expect((await call('GET', `/accounts/${account.id}/verification-body`, admin)).body.id).toBe(first);
    expect((await call('GET', `/accounts/${account.id}/verification-body`, english)).status).toBe(404);

    expect(
      (await call('POST', `/accounts/${account.id}/appoint-verification-body`, owner, { verificationBodyId: second }))
        .body.code,
    ).toBe('ACCOUNT1010');
    expect(
      (await call('PATCH', `/accounts/${account.id}/appoint-verification-body`, owner, { verificationBodyId: first }))
        .body.code,
    ).toBe('ACCOUNT1012');
    expect(
      (await call('PATCH', `/accounts/${account.id}/appoint-verification-body`, owner, { verificationBodyId: retired }))
        .body.code,
    ).toBe('VERIFICATION_BODY1000');
    expect(
      (await call('PATCH', `/accounts/${account.id}/appoint-verification-body`, owner, { verificationBodyId: second }))
        .status,
    ).toBe(204);

    // The appointed body's verifiers see the account; the replaced one's no longer do.
    const verifier = await createUser(api.deps.db);
    await grantVerifier(api.deps.db, verifier, second);
    const formerVerifier = await createUser(api.deps.db);
    await grantVerifier(api.deps.db, formerVerifier, first);
    expect((await call('GET', `/organisation/account/${account.id}`, verifier)).status).toBe(200);
    expect((await call('GET', `/organisation/account/${account.id}`, formerVerifier)).status).toBe(404);
  });

  it('refuses a bad body, an unknown body and an account that is not live', async () => {
    expect(
      (await call('POST', `/accounts/${account.id}/appoint-verification-body`, owner, { verificationBodyId: 'one' }))
        .body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', message: 'verificationBodyId: Select a verification body' });
    const fresh = await createAccount(api.deps.db, { competentAuthority: 'WALES', status: 'CLOSED' });
    await grantOperator(api.deps.db, owner, fresh, 'operator_admin');
    expect(
      (await call('POST', `/accounts/${fresh.id}/appoint-verification-body`, owner, { verificationBodyId: first })).body
        .code,
    ).toBe('ACCOUNT1009');
    const other = await createAccount(api.deps.db, { competentAuthority: 'WALES' });
    await grantOperator(api.deps.db, owner, other, 'operator_admin');
    expect(
      (await call('POST', `/accounts/${other.id}/appoint-verification-body`, owner, { verificationBodyId: 999999 }))
        .body.code,
    ).toBe('VERIFICATION_BODY1000');
  });
});

describe('reference data', () => {
  it('serves the types asked for from the database, cached by the browser', async () => {
    const res = await api.request(
      '/api/v1.0/data?types=COUNTRIES&types=COMPETENT_AUTHORITIES,COUNTIES&types=SIC_CODES',
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['COUNTRIES', 'COMPETENT_AUTHORITIES', 'COUNTIES', 'SIC_CODES']);
    expect(res.body.COUNTRIES).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(res.body.COUNTRIES).toHaveLength(250);
    expect(res.body.COMPETENT_AUTHORITIES.map((c: { code: string }) => c.code)).toEqual([
      'ENGLAND',
      'NORTHERN_IRELAND',
      'OPRED',
      'SCOTLAND',
      'WALES',
    ]);
    expect(res.body.COUNTIES).toContainEqual({ name: 'County Tyrone', nation: 'Northern Ireland' });
    // The full UK SIC 2007 list, each code with its section.
    expect(res.body.SIC_CODES).toHaveLength(731);
    expect(res.body.SIC_CODES).toContainEqual({
      code: '70100',
      description: 'Activities of head offices',
      section: 'M',
    });
    expect(res.body.SIC_CODES).toContainEqual({
      code: '01110',
      description: 'Growing of cereals (except rice), leguminous crops and oil seeds',
      section: 'A',
    });
    expect(res.body.SIC_CODES.at(-1)).toEqual({ code: '99999', description: 'Dormant Company', section: 'U' });
    // Every code the embedded company register gives a company is on the list.
    const { rows } = await api.deps.db.raw('select distinct unnest(sic_codes) as code from company_register');
    const listed = new Set(res.body.SIC_CODES.map((c: { code: string }) => c.code));
    expect(rows.map((r: { code: string }) => r.code).filter((code: string) => !listed.has(code))).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = res.headers.get('etag')!;
    // As a browser revalidates (fetch() itself would add Cache-Control: no-cache to a conditional request).
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(
          `${api.url}/api/v1.0/data?types=COUNTRIES&types=COMPETENT_AUTHORITIES,COUNTIES&types=SIC_CODES`,
          { headers: { 'if-none-match': etag } },
          (r) => {
            r.resume();
            resolve(r.statusCode ?? 0);
          },
        )
        .on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('refuses no types and unknown types', async () => {
    expect((await api.request('/api/v1.0/data')).body).toMatchObject({ code: 'REQUIRED_PARAMETER', field: 'types' });
    expect((await api.request('/api/v1.0/data?types=PLANETS')).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'PLANETS is not a type of reference data (known: COUNTRIES, COUNTIES, COMPETENT_AUTHORITIES, SIC_CODES)',
    });
  });
});
