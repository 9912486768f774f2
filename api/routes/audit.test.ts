// The audit trail through the API: each kind of change made by a route leaves an entry naming who
// (and as which authority), what, on which account, when and from which address, written in the
// change's own transaction; the table refuses updates and deletes from the application's
// connection; regulators read an account's entries, operators and verifiers are refused.
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
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
import { formWith, samples } from '../../test/sample-files';
import { Client } from 'pg';
import { runWithAuditContext } from '../../infra/audit';

let api: ApiHarness;
let account: TestAccount;
let admin: TestUser;
let restricted: TestUser;
let regulator: TestUser;
let welshRegulator: TestUser;
let verifier: TestUser;

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  const { db } = api.deps;
  account = await createAccount(db);
  [admin, restricted, regulator, welshRegulator, verifier] = await Promise.all(
    ['Ada', 'Cal', 'Reg', 'Wyn', 'Vic'].map((firstName) => createUser(db, { firstName, lastName: 'Auditee' })),
  );
  await grantOperator(db, admin, account, 'operator_admin');
  await grantOperator(db, restricted, account, 'operator');
  await grantRegulator(db, regulator, 'ENGLAND');
  await grantRegulator(db, welshRegulator, 'WALES');
  await grantVerifier(db, verifier, await createVerificationBody(db));
});
afterAll(() => api.close());

const call = async (user: TestUser, method: string, path: string, body?: unknown) =>
  api.request(`/api/v1.0${path}`, {
    method,
    headers: { ...(await bearer(user)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const entries = (where: Record<string, unknown>) => api.deps.db('audit_log').where(where).orderBy('id');
const local = '127.0.0.1';

describe('an entry for each kind of change made through the API', () => {
  it('account notes: added, changed and deleted, by their writer, from their address', async () => {
    const added = await call(admin, 'POST', '/account-notes', { accountId: account.id, note: 'Boiler replaced' });
    expect(added.status).toBe(201);
    expect(
      (await call(admin, 'PUT', `/account-notes/${added.body.id}`, { note: 'Boiler replaced in May' })).status,
    ).toBe(200);
    expect((await call(admin, 'DELETE', `/account-notes/${added.body.id}`)).status).toBe(204);

    const rows = await entries({ entity: 'account_notes', entity_key: String(added.body.id) });
    expect(rows.map((r) => r.operation)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    for (const row of rows) {
      expect(row).toMatchObject({
        actor_user_id: admin.id,
        actor_name: 'Ada Auditee',
        actor_role_type: 'OPERATOR',
        actor_authority: `operator_admin on account ${account.id}`,
        address: local,
        source: 'api',
        account_id: account.id,
      });
      expect(Date.now() - new Date(row.at).getTime()).toBeLessThan(60_000);
    }
    expect(rows[0].via).toBe('POST /api/v1.0/account-notes');
    expect(rows[1].details).toMatchObject({ changed: expect.arrayContaining(['payload']) });
    // The note's text is not copied into the trail.
    expect(JSON.stringify(rows)).not.toContain('Boiler');
  });

  it('a file upload', async () => {
    const uploaded = await api.request(`/api/v1.0/account-notes/upload/account/${account.id}`, {
      method: 'POST',
      headers: await bearer(admin),
      body: formWith({ name: 'Meter.png', data: samples.png() }),
    });
    expect(uploaded.status).toBe(200);
    const [row] = await entries({ entity: 'files', entity_key: uploaded.body.uuid });
    expect(row).toMatchObject({
      operation: 'INSERT',
      actor_user_id: admin.id,
      account_id: account.id,
      address: local,
      details: { values: { kind: 'NOTE', status: 'PENDING', file_name: 'Meter.png' } },
    });
  });

  it('user changes: an authority disabled by the administrator, a profile changed by a regulator', async () => {
    const disabled = await call(admin, 'POST', `/operator-authorities/account/${account.id}`, {
      accountOperatorAuthorityUpdateList: [
        { userId: restricted.id, roleCode: 'operator', authorityStatus: 'DISABLED' },
      ],
    });
    expect(disabled.status).toBe(204);
    const authority = await api.deps
      .db('authorities')
      .where({ user_id: restricted.id, account_id: account.id })
      .first('id');
    const [change] = await entries({ entity: 'authorities', entity_key: String(authority.id), operation: 'UPDATE' });
    expect(change).toMatchObject({
      actor_user_id: admin.id,
      account_id: account.id,
      details: { values: { status: { from: 'ACTIVE', to: 'DISABLED' } } },
    });
    // Ending the user's sign-ins is a change of the user, in the same call.
    expect(
      await entries({ entity: 'users', entity_key: restricted.id, operation: 'UPDATE', actor_user_id: admin.id }),
    ).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ changed: expect.arrayContaining(['sessions_revoked_at']) }),
      }),
    ]);

    const profile = {
      firstName: 'Cal',
      lastName: 'Renamed',
      jobTitle: 'Energy manager',
      phoneNumber: { countryCode: '44', number: '01632 960001' },
      address: { line1: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 1AA' },
    };
    const patched = await call(regulator, 'PATCH', `/operator-users/account/${account.id}/${admin.id}`, profile);
    expect(patched.status).toBe(200);
    const [profileChange] = await entries({
      entity: 'users',
      entity_key: admin.id,
      operation: 'UPDATE',
      actor_user_id: regulator.id,
    });
    expect(profileChange).toMatchObject({
      actor_role_type: 'REGULATOR',
      actor_authority: 'regulator of ENGLAND',
      source: 'api',
      details: { changed: expect.arrayContaining(['last_name']) },
    });
  });

  it('the account’s details changed by a regulator', async () => {
    const details = {
      name: 'Renamed Ltd',
      address: { line1: '1 Road', city: 'Leeds', postcode: 'LS1 1AA' },
      codes: { type: 'SIC', codes: ['10110'] },
    };
    const res = await call(regulator, 'POST', `/organisation/accounts/${account.id}`, details);
    expect(res.status).toBe(200);
    const [row] = await entries({ entity: 'accounts', entity_key: String(account.id), operation: 'UPDATE' });
    expect(row).toMatchObject({
      actor_user_id: regulator.id,
      actor_authority: 'regulator of ENGLAND',
      account_id: account.id,
      details: { changed: expect.arrayContaining(['name']) },
    });
  });
});

describe('in the transaction of the change', () => {
  it('a change rolled back leaves no entry', async () => {
    // Only this account's entries: other test files write in parallel.
    const count = () =>
      api.deps.db('audit_log').where({ account_id: account.id }).count<{ count: string }[]>({ count: '*' });
    const before = await count();
    await expect(
      api.deps.db.transaction(async (trx) => {
        await trx('account_notes').insert({
          account_id: account.id,
          payload: JSON.stringify({ note: 'Never kept', files: {} }),
          submitter_id: admin.id,
          submitter: 'Ada Auditee',
          role_type: 'OPERATOR',
        });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toEqual(before);
  });

  it('concurrent calls by different people are each attributed to their caller', async () => {
    const writers = [admin, regulator, admin, regulator, admin, regulator, admin, regulator, admin, regulator];
    const notes = await Promise.all(
      writers.map((user, i) =>
        call(user, 'POST', '/account-notes', { accountId: account.id, note: `Concurrent ${i}` }),
      ),
    );
    for (const [i, note] of notes.entries()) {
      expect(note.status).toBe(201);
      const [row] = await entries({ entity: 'account_notes', entity_key: String(note.body.id) });
      expect(row.actor_user_id).toBe(writers[i]!.id);
    }
  });

  it('finds who acted by index lookups, not by reading whole tables, on every audited write', async () => {
    // The plans of the trigger's own statements, as auto_explain reports them; with sequential scans
    // priced out, a lookup that still scans a table is one no index can serve.
    const client = new Client({ connectionString: process.env.ESOS_TEST_DATABASE_URL });
    const plans: string[] = [];
    client.on('notice', (notice) => plans.push(notice.message ?? ''));
    await client.connect();
    try {
      await client.query(`load 'auto_explain'`);
      for (const setting of [
        'auto_explain.log_min_duration = 0',
        'auto_explain.log_nested_statements = on',
        'auto_explain.log_level = notice',
        'enable_seqscan = off',
      ])
        await client.query(`set ${setting}`);
      await client.query('begin');
      await client.query(`select set_config('esos.audit', $1, true)`, [
        JSON.stringify({ source: 'test', userId: admin.id }),
      ]);
      await client.query(
        `insert into account_notes (account_id, payload, submitter_id, submitter, role_type) values ($1, '{}', $2, 'Ada Auditee', 'OPERATOR')`,
        [account.id, admin.id],
      );
      await client.query('rollback');
    } finally {
      await client.end();
    }
    const nested = plans.join('\n');
    expect(nested).toMatch(/Index Scan using authorities_user on authorities/);
    expect(nested).not.toMatch(/Seq Scan on (authorities|users|requests|accounts)\b/);
  });

  it('code outside a request is the system’s, or whoever its context names', async () => {
    const [row] = await api.deps
      .db('account_contacts')
      .insert({ account_id: account.id, contact_type: 'SECONDARY', user_id: admin.id })
      .returning('account_id');
    expect(row.account_id).toBe(account.id);
    expect(await entries({ entity: 'account_contacts', entity_key: `${account.id}:SECONDARY` })).toEqual([
      expect.objectContaining({ actor_user_id: null, source: 'system', operation: 'INSERT' }),
    ]);
    // The query runs inside the context (awaited there), not merely built in it.
    await runWithAuditContext(
      { source: 'workflow', userId: regulator.id, via: 'test' },
      async () =>
        await api.deps.db('account_contacts').where({ account_id: account.id, contact_type: 'SECONDARY' }).delete(),
    );
    expect(
      await entries({ entity: 'account_contacts', entity_key: `${account.id}:SECONDARY`, operation: 'DELETE' }),
    ).toEqual([
      expect.objectContaining({
        actor_user_id: regulator.id,
        actor_authority: 'regulator of ENGLAND',
        source: 'workflow',
        via: 'test',
      }),
    ]);
  });
});

describe('append-only', () => {
  it('the application’s connection can neither update, delete nor truncate the trail', async () => {
    const { db } = api.deps;
    const [first] = await db('audit_log').orderBy('id').limit(1);
    await expect(db('audit_log').where({ id: first.id }).update({ actor_user_id: 'someone-else' })).rejects.toThrow(
      /audit_log is append-only: UPDATE is not allowed/,
    );
    await expect(db('audit_log').where({ id: first.id }).delete()).rejects.toThrow(
      /audit_log is append-only: DELETE is not allowed/,
    );
    await expect(db.raw('truncate audit_log')).rejects.toThrow(/audit_log is append-only: TRUNCATE is not allowed/);
    expect(await db('audit_log').where({ id: first.id }).first()).toEqual(first);
  });
});

describe('GET /accounts/{id}/audit-entries', () => {
  const path = (page = 0, size = 10, id: number = account.id) =>
    `/accounts/${id}/audit-entries?page=${page}&size=${size}`;

  it('gives a regulator the account’s entries, newest first, a page at a time', async () => {
    const total = Number(
      (await api.deps.db('audit_log').where({ account_id: account.id }).count<{ count: string }[]>({ count: '*' }))[0]
        .count,
    );
    expect(total).toBeGreaterThan(10);
    const first = await call(regulator, 'GET', path(0, 5));
    expect(first.status).toBe(200);
    expect(first.body.totalItems).toBe(total);
    expect(first.body.auditEntries).toHaveLength(5);
    const ids = first.body.auditEntries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await call(regulator, 'GET', path(1, 5));
    expect(second.body.auditEntries[0].id).toBeLessThan(ids[4]);

    const all = (await call(regulator, 'GET', path(0, 100))).body.auditEntries as Record<string, any>[];
    const disabled = all.find((e) => e.entity === 'authorities' && e.operation === 'UPDATE');
    expect(disabled).toMatchObject({
      actor: {
        userId: admin.id,
        name: 'Ada Auditee',
        roleType: 'OPERATOR',
        authority: `operator_admin on account ${account.id}`,
        actingAs: 'Advanced user',
      },
      address: local,
      source: 'api',
      via: `POST /api/v1.0/operator-authorities/account/${account.id}`,
      description: 'Ada Auditee changed Cal Auditee’s status from Active to Disabled',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(all.findLast((e) => e.entity === 'account_notes' && e.operation === 'INSERT')).toMatchObject({
      description: 'Ada Auditee added a note to the account',
    });
    expect(all.find((e) => e.entity === 'files' && e.operation === 'INSERT')).toMatchObject({
      description: 'Ada Auditee uploaded the file ‘Meter.png’',
    });
    expect(all.find((e) => e.entity === 'accounts' && e.operation === 'UPDATE')).toMatchObject({
      description: 'Reg Auditee changed the account’s address, classification codes and name',
      actor: { actingAs: 'Regulator, Environment Agency' },
    });
    // A contact set by code outside a request is the service's own; one removed in a context names who.
    // Users are named as they are called now (the administrator was renamed above).
    expect(all.find((e) => e.entity === 'account_contacts' && e.operation === 'INSERT')).toMatchObject({
      description: 'Cal Renamed made the secondary contact',
      actor: null,
    });
    expect(all.find((e) => e.entity === 'account_contacts' && e.operation === 'DELETE')).toMatchObject({
      description: 'Reg Auditee removed Cal Renamed as the secondary contact',
    });
    // Sentences with names and labels: no user id, no code, no arrow.
    for (const { description } of all) {
      expect(description).not.toMatch(/[A-Z]{2,}_[A-Z]{2,}|\b(ACTIVE|DISABLED|LIVE)\b|→/);
      for (const user of [admin, restricted, regulator]) expect(description).not.toContain(user.id);
    }
  });

  it('refuses operators and verifiers, hides the account from another competent authority, and checks its input', async () => {
    expect((await call(admin, 'GET', path())).status).toBe(403);
    expect((await call(verifier, 'GET', path())).status).toBe(403);
    expect((await call(welshRegulator, 'GET', path())).status).toBe(404);
    expect((await api.request(`/api/v1.0${path()}`)).status).toBe(401);
    expect((await call(regulator, 'GET', path(0, 10, 99_999_999))).status).toBe(404);
    expect((await call(regulator, 'GET', `/accounts/${account.id}/audit-entries?page=0&size=1000`)).status).toBe(400);
    expect((await call(regulator, 'GET', `/accounts/${account.id}/audit-entries?page=-1&size=10`)).status).toBe(400);
    expect((await call(regulator, 'GET', `/accounts/%20${account.id}/audit-entries?page=0&size=10`)).status).toBe(404);
  });
});

describe('addresses as people write them', () => {
  it('shows an IPv4-mapped address recorded before as the IPv4 address', async () => {
    const [{ id }] = await api.deps
      .db('audit_log')
      .insert({
        account_id: account.id,
        address: '::ffff:127.0.0.51',
        source: 'api',
        entity: 'accounts',
        operation: 'UPDATE',
        entity_key: String(account.id),
        details: {},
      })
      .returning('id');
    const res = await call(regulator, 'GET', `/accounts/${account.id}/audit-entries?page=0&size=5`);
    expect(res.status).toBe(200);
    expect(res.body.auditEntries.find((e: { id: number }) => e.id === Number(id))).toMatchObject({
      address: '127.0.0.51',
    });
  });
});
