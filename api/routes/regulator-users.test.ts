import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, signedInAgain, verifyTestToken } from '../../test/tokens';
import { createAccount, createUser, grantRegulator, type TestUser } from '../../test/factories';
import { regulatorRoleTemplates } from '../../domain/users';
import { levelsForPermissions } from '../../domain/authorities';
import { issueFileToken } from '../files/tokens';
import { EICAR_TEST_STRING } from '../../infra/local-clamd';

let api: ApiHarness;
let admin: TestUser;
let wales: TestUser;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  admin = await createUser(api.deps.db, { firstName: 'Rita', lastName: 'Regulator' });
  await grantRegulator(api.deps.db, admin, 'ENGLAND');
  wales = await createUser(api.deps.db);
  await grantRegulator(api.deps.db, wales, 'WALES');
});
afterAll(() => api.close());

/** A file download as the browser makes it: no sign-in, the bytes as they are. */
async function download(path: string) {
  const res = await fetch(`${api.url}/api/v1.0${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A BMP header as the signature rules read it: 'BM', then width and height at bytes 18 and 22. */
function bmp(width: number, height: number, size = 600): Buffer {
  const b = Buffer.alloc(size);
  b.write('BM', 0, 'latin1');
  b.writeInt32LE(size, 2);
  b.writeInt32LE(54, 10);
  b.writeInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  return b;
}

async function invite(
  by: TestUser,
  user: Record<string, unknown> | string,
  signature?: { data: Buffer; name: string; type: string },
) {
  const form = new FormData();
  form.append(
    'regulatorInvitedUser',
    new Blob([typeof user === 'string' ? user : JSON.stringify(user)], { type: 'application/json' }),
  );
  if (signature)
    form.append('signature', new Blob([new Uint8Array(signature.data)], { type: signature.type }), signature.name);
  return api.request('/api/v1.0/regulator-users/invite', { method: 'POST', headers: await bearer(by), body: form });
}

const get = async (path: string, user: TestUser) => api.request(`/api/v1.0${path}`, { headers: await bearer(user) });
const newcomer = () => ({
  email: `new-regulator-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`,
  firstName: 'Nell',
  lastName: 'Newcomer',
  jobTitle: 'Officer',
  phoneNumber: '+44 117 496 0000',
  permissions: { REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY', ASSIGN_REASSIGN_TASKS: 'EXECUTE' },
});

describe('inviting a regulator user with a signature', () => {
  it('invites into the caller’s competent authority, and the invitee accepts, is activated and gets the permissions chosen', async () => {
    const dto = newcomer();
    const res = await invite(admin, dto, { data: bmp(200, 100), name: 'C:\\fakepath\\sig.bmp', type: 'image/bmp' });
    expect(res.status).toBe(204);
    const [mail] = await api.deps.db('email_outbox').where({ to_address: dto.email });
    expect(mail.template).toBe('InvitationToRegulatorAccount');
    expect(mail.body_text).toContain('Environment Agency');
    const token = decodeURIComponent(/invitation\/regulator\?token=(\S+)/.exec(mail.body_text)![1]);

    const list = await get('/regulator-authorities', admin);
    expect(list.body.caUsers).toContainEqual(
      expect.objectContaining({ email: dto.email, firstName: 'Nell', jobTitle: 'Officer', authorityStatus: 'PENDING' }),
    );
    expect(
      (await get('/regulator-authorities', wales)).body.caUsers.map((u: { email: string }) => u.email),
    ).not.toContain(dto.email);

    const invitee = { id: `reg-${Date.now()}`, email: dto.email, firstName: 'Nell', lastName: 'Newcomer' };
    const accepted = await api.request('/api/v1.0/regulator-users/registration/accept-invitation-and-register', {
      method: 'POST',
      headers: { ...(await bearer(invitee)), 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(accepted.status).toBe(204);

    const details = await get(`/regulator-users/${invitee.id}`, admin);
    expect(details.body).toMatchObject({
      email: dto.email,
      jobTitle: 'Officer',
      phoneNumber: '+44 117 496 0000',
      status: 'REGISTERED',
      signature: { name: 'sig.bmp', size: 600 },
    });
    expect((await get(`/regulator-users/${invitee.id}`, wales)).status).toBe(404);
    expect((await get(`/regulator-authorities/permissions/${invitee.id}`, wales)).status).toBe(404);

    const activate = await api.request('/api/v1.0/regulator-authorities', {
      method: 'POST',
      headers: { ...(await bearer(admin)), 'content-type': 'application/json' },
      body: JSON.stringify([{ userId: invitee.id, authorityStatus: 'ACTIVE' }]),
    });
    expect(activate.status).toBe(204);
    const templates = (await api.deps.db('email_outbox').where({ to_address: dto.email }).orderBy('id')).map(
      (m) => m.template,
    );
    expect(templates).toEqual(['InvitationToRegulatorAccount', 'InviteeInvitationAccepted', 'UserAccountActivation']);

    const own = await get('/regulator-authorities/permissions', invitee);
    expect(own.body).toMatchObject({
      REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY',
      ASSIGN_REASSIGN_TASKS: 'EXECUTE',
      MANAGE_USERS_AND_CONTACTS: 'NONE',
    });
    expect((await get(`/regulator-authorities/permissions/${invitee.id}`, admin)).body).toEqual({
      permissions: own.body,
      editable: true,
    });
    // Without PERM_CA_USERS_EDIT the new user may not manage others.
    expect((await get('/regulator-authorities/permissions/group-levels', invitee)).status).toBe(403);
  });

  it('refuses a signature that is not a BMP, too wide, or too large', async () => {
    const png = await invite(admin, newcomer(), {
      data: Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(100), 'latin1'),
      name: 'sig.bmp',
      type: 'image/bmp',
    });
    expect(png).toMatchObject({ status: 400, body: { code: 'FILE1005', field: 'signature' } });
    const wide = await invite(admin, newcomer(), { data: bmp(241, 100), name: 'sig.bmp', type: 'image/bmp' });
    expect(wide).toMatchObject({ status: 400, body: { code: 'IMAGE1001' } });
    const big = await invite(admin, newcomer(), {
      data: bmp(200, 100, 300 * 1024),
      name: 'sig.bmp',
      type: 'image/bmp',
    });
    expect(big.status).toBe(413);
  });

  it('refuses a signature the virus scanner flags, and invites nobody', async () => {
    const user = newcomer();
    const infected = await invite(admin, user, {
      data: Buffer.concat([bmp(200, 100, 100), Buffer.from(EICAR_TEST_STRING)]),
      name: 'sig.bmp',
      type: 'image/bmp',
    });
    expect(infected).toMatchObject({
      status: 400,
      body: { code: 'FILE1001', message: 'The selected file contains a virus', field: 'signature' },
    });
    expect(await api.deps.db('authorities').where({ invited_email: user.email }).first()).toBeUndefined();
  });

  it('refuses a signature whose name is too long to keep, and invites nobody', async () => {
    const user = newcomer();
    const long = await invite(admin, user, { data: bmp(200, 100), name: `${'s'.repeat(300)}.bmp`, type: 'image/bmp' });
    expect(long).toMatchObject({
      status: 400,
      body: { code: 'FILE1006', message: 'The file name must be between 1 and 255 characters', field: 'signature' },
    });
    expect(await api.deps.db('authorities').where({ invited_email: user.email }).first()).toBeUndefined();
  });

  it('answers 400 with field messages for a bad invited user, a level the group does not have, or a missing part', async () => {
    const bad = await invite(admin, { ...newcomer(), email: 'nope', jobTitle: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Enter a valid email' },
        { field: 'jobTitle', message: 'Enter your job title' },
      ]),
    );
    const level = await invite(admin, { ...newcomer(), permissions: { ASSIGN_REASSIGN_TASKS: 'VIEW_ONLY' } });
    expect(level).toMatchObject({ status: 400, body: { field: 'permissions.ASSIGN_REASSIGN_TASKS' } });
    const notJson = await invite(admin, '{oops');
    expect(notJson).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST_FORMAT' } });
    const form = new FormData();
    form.append('signature', new Blob([new Uint8Array(bmp(10, 10))]), 'sig.bmp');
    const missing = await api.request('/api/v1.0/regulator-users/invite', {
      method: 'POST',
      headers: await bearer(admin),
      body: form,
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { message: 'Required parameter regulatorInvitedUser was null or undefined' },
    });
  });

  it('refuses inviting someone who already is a regulator', async () => {
    const res = await invite(admin, { ...newcomer(), email: wales.email });
    expect(res).toMatchObject({ status: 400, body: { code: 'USER1001' } });
  });
});

describe('permission levels and roles', () => {
  it('lists the levels each group offers and the regulator role templates as matrices', async () => {
    const levels = await get('/regulator-authorities/permissions/group-levels', admin);
    expect(levels.body.REVIEW_ORGANISATION_ACCOUNT).toEqual(['NONE', 'VIEW_ONLY', 'EXECUTE']);
    expect(levels.body.ASSIGN_REASSIGN_TASKS).toEqual(['NONE', 'EXECUTE']);
    const roles = await get('/authorities/regulator-roles', admin);
    expect(roles.body).toContainEqual(
      expect.objectContaining({
        code: 'regulator_admin_team',
        rolePermissions: expect.objectContaining({
          REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY',
          ASSIGN_REASSIGN_TASKS: 'EXECUTE',
        }),
      }),
    );
  });

  it('disables and re-enables a regulator user, and refuses ACTIVE → ACCEPTED and users of another competent authority', async () => {
    const colleague = await createUser(api.deps.db);
    await grantRegulator(api.deps.db, colleague, 'ENGLAND', ['PERM_TASK_ASSIGNMENT']);
    const post = async (authorityStatus: string, userId = colleague.id) =>
      api.request('/api/v1.0/regulator-authorities', {
        method: 'POST',
        headers: { ...(await bearer(admin)), 'content-type': 'application/json' },
        body: JSON.stringify([{ userId, authorityStatus }]),
      });
    // The token they hold was issued before they were disabled (one minted afterwards could fall
    // in the next second, and count as a new sign-in).
    const held = await bearer(colleague);
    expect((await post('DISABLED')).status).toBe(204);
    // Their sign-ins end at once; signed in again, they are told they are disabled.
    expect((await api.request('/api/v1.0/authorities/current-user-state', { headers: held })).status).toBe(401);
    const again = await signedInAgain(colleague);
    expect((await api.request('/api/v1.0/authorities/current-user-state', { headers: again })).body.status).toBe(
      'DISABLED',
    );
    expect((await api.request('/api/v1.0/regulator-authorities', { headers: again })).status).toBe(403);
    expect((await post('ACTIVE')).status).toBe(204);
    expect((await post('ACCEPTED')).body.code).toBe('AUTHORITY1008');
    expect((await post('ACTIVE', wales.id)).body.code).toBe('AUTHORITY1003');
  });
});

describe('updating regulator users and their signatures', () => {
  const profile = {
    firstName: 'Rita',
    lastName: 'Revised',
    jobTitle: 'Team leader',
    phoneNumber: '+44 117 496 0001',
    mobileNumber: null,
  };

  async function update(by: TestUser, path: string, dto: unknown, signature?: Buffer) {
    const form = new FormData();
    form.append(
      'regulatorUserUpdateDTO',
      new Blob([typeof dto === 'string' ? dto : JSON.stringify(dto)], { type: 'application/json' }),
    );
    if (signature)
      form.append('signature', new Blob([new Uint8Array(signature)], { type: 'image/bmp' }), 'signature.bmp');
    return api.request(`/api/v1.0${path}`, { method: 'POST', headers: await bearer(by), body: form });
  }

  async function regulator(
    permissions: Parameters<typeof grantRegulator>[3],
    ca: Parameters<typeof grantRegulator>[2] = 'ENGLAND',
  ) {
    const user = await createUser(api.deps.db);
    await grantRegulator(api.deps.db, user, ca, permissions);
    return user;
  }

  it('lets a regulator update their own details and signature; a new signature replaces the old, and only their own gives a token', async () => {
    const me = await regulator(['PERM_TASK_ASSIGNMENT']);
    const first = await update(me, '/regulator-users', { user: profile }, bmp(120, 60, 700));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: me.id,
      firstName: 'Rita',
      lastName: 'Revised',
      jobTitle: 'Team leader',
      phoneNumber: '+44 117 496 0001',
      signature: { name: 'signature.bmp', size: 700 },
    });
    const oldUuid = first.body.signature.uuid as string;

    const token = await get(`/users/signature?signatureUuid=${oldUuid}`, me);
    expect(token).toMatchObject({ status: 200, body: { token: expect.any(String), tokenExpirationMinutes: 1 } });
    expect((await download(`/file-attachments/${token.body.token}`)).bytes.equals(bmp(120, 60, 700))).toBe(true);
    // Someone else's signature is not theirs to download.
    expect((await get(`/users/signature?signatureUuid=${oldUuid}`, admin)).status).toBe(404);

    const second = await update(
      me,
      '/regulator-users',
      { user: { ...profile, mobileNumber: '07700 900123' } },
      bmp(100, 50, 800),
    );
    expect(second.body).toMatchObject({ mobileNumber: '07700 900123', signature: { size: 800 } });
    expect(second.body.signature.uuid).not.toBe(oldUuid);
    expect(await api.deps.db('files').where({ uuid: oldUuid })).toHaveLength(0);
    expect((await get(`/users/signature?signatureUuid=${oldUuid}`, me)).status).toBe(404);
    // Without a new file the signature stays.
    const third = await update(me, '/regulator-users', { user: profile });
    expect(third.body.signature.uuid).toBe(second.body.signature.uuid);
  });

  it('never changes permissions through the own-profile call', async () => {
    const me = await regulator(['PERM_TASK_ASSIGNMENT']);
    const res = await update(me, '/regulator-users', {
      user: profile,
      permissions: { MANAGE_USERS_AND_CONTACTS: 'EXECUTE' },
    });
    expect(res.status).toBe(200);
    expect((await get('/regulator-authorities/permissions', me)).body).toMatchObject({
      ASSIGN_REASSIGN_TASKS: 'EXECUTE',
      MANAGE_USERS_AND_CONTACTS: 'NONE',
    });
  });

  it('lets a regulator who manages users update a colleague, merging the permission groups sent into theirs', async () => {
    const colleague = await regulator(['PERM_TASK_ASSIGNMENT']);
    const res = await update(
      admin,
      `/regulator-users/${colleague.id}`,
      { user: profile, permissions: { REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY' } },
      bmp(240, 140),
    );
    expect(res).toMatchObject({
      status: 200,
      body: { id: colleague.id, lastName: 'Revised', signature: { size: 600 } },
    });
    expect((await get(`/regulator-authorities/permissions/${colleague.id}`, admin)).body.permissions).toMatchObject({
      ASSIGN_REASSIGN_TASKS: 'EXECUTE',
      REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY',
      MANAGE_USERS_AND_CONTACTS: 'NONE',
    });
    const token = await get(
      `/regulator-users/${colleague.id}/signature?signatureUuid=${res.body.signature.uuid}`,
      admin,
    );
    expect(token).toMatchObject({ status: 200, body: { tokenExpirationMinutes: 1 } });
    expect((await download(`/file-attachments/${token.body.token}`)).bytes.equals(bmp(240, 140))).toBe(true);
    // Another competent authority's regulator does not see the user at all.
    expect(
      (await get(`/regulator-users/${colleague.id}/signature?signatureUuid=${res.body.signature.uuid}`, wales)).status,
    ).toBe(404);
    expect((await update(wales, `/regulator-users/${colleague.id}`, { user: profile })).status).toBe(404);
  });

  it('refuses a regulator without the manage-users permission editing others or permissions, but lets them edit themself by id', async () => {
    const plain = await regulator(['PERM_TASK_ASSIGNMENT']);
    expect((await update(plain, `/regulator-users/${admin.id}`, { user: profile })).status).toBe(403);
    expect(
      (
        await update(plain, `/regulator-users/${plain.id}`, {
          user: profile,
          permissions: { MANAGE_USERS_AND_CONTACTS: 'EXECUTE' },
        })
      ).status,
    ).toBe(403);
    expect((await get('/regulator-authorities/permissions', plain)).body.MANAGE_USERS_AND_CONTACTS).toBe('NONE');
    expect((await update(plain, `/regulator-users/${plain.id}`, { user: profile })).status).toBe(200);
    // The signature token of another user needs the permission too.
    expect(
      (await get(`/regulator-users/${admin.id}/signature?signatureUuid=${crypto.randomUUID()}`, plain)).status,
    ).toBe(403);
  });

  it('answers 400 with field messages for a bad profile, a level the group lacks, a missing part or parameter, and a bad signature', async () => {
    const colleague = await regulator(['PERM_TASK_ASSIGNMENT']);
    const bad = await update(admin, `/regulator-users/${colleague.id}`, {
      user: { ...profile, jobTitle: '', phoneNumber: 'call me' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'user.jobTitle', message: 'Enter your job title' },
        { field: 'user.phoneNumber', message: 'Enter a valid phone number' },
      ]),
    );
    expect(
      await update(admin, `/regulator-users/${colleague.id}`, {
        user: profile,
        permissions: { ACCOUNT_CLOSURE: 'VIEW_ONLY' },
      }),
    ).toMatchObject({
      status: 400,
      body: { field: 'permissions.ACCOUNT_CLOSURE' },
    });
    expect(await update(admin, `/regulator-users/${colleague.id}`, { profile })).toMatchObject({
      status: 400,
      body: { field: 'user' },
    });
    expect(await update(admin, '/regulator-users', '{oops')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST_FORMAT' },
    });
    const png = Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(100), 'latin1');
    expect(await update(admin, '/regulator-users', { user: profile }, png)).toMatchObject({
      status: 400,
      body: { code: 'FILE1005', field: 'signature' },
    });
    expect(await get(`/regulator-users/${colleague.id}/signature`, admin)).toMatchObject({
      status: 400,
      body: { message: 'Required parameter signatureUuid was null or undefined' },
    });
    expect((await get(`/regulator-users/${colleague.id}/signature?signatureUuid=not-a-uuid`, admin)).status).toBe(404);
    expect((await get('/users/signature?signatureUuid=not-a-uuid', admin)).status).toBe(404);
    expect((await get('/users/signature', admin)).status).toBe(400);
  });

  it('lets a regulator download a signature by its token without sign-in, and refuses a forged, expired or misused token', async () => {
    const colleague = await regulator(['PERM_TASK_ASSIGNMENT']);
    const image = bmp(200, 100, 900);
    const saved = await update(admin, `/regulator-users/${colleague.id}`, { user: profile }, image);
    const signatureUuid = saved.body.signature.uuid as string;
    const { body } = await get(`/regulator-users/${colleague.id}/signature?signatureUuid=${signatureUuid}`, admin);
    expect(body).toEqual({ token: expect.any(String), tokenExpirationMinutes: 1 });

    const file = await download(`/file-attachments/${body.token}`);
    expect(file).toMatchObject({
      status: 200,
      type: 'image/bmp',
      disposition: 'attachment; filename="signature.bmp"; filename*=UTF-8\'\'signature.bmp',
    });
    expect(file.bytes.equals(image)).toBe(true);

    const refused = async (token: string) =>
      JSON.parse((await download(`/file-attachments/${token}`)).bytes.toString());
    const forged = await issueFileToken(
      { config: { fileTokenSecret: 'someone-elses-secret-that-is-long-enough' }, db: api.deps.db },
      { uuid: signatureUuid, kind: 'SIGNATURE' },
    );
    expect(await refused(forged.token)).toEqual({ code: 'TOKEN1001', message: 'Invalid Token' });
    expect(await refused(`${body.token.slice(0, -2)}xx`)).toEqual({ code: 'TOKEN1001', message: 'Invalid Token' });
    const expired = await issueFileToken(
      api.deps,
      { uuid: signatureUuid, kind: 'SIGNATURE' },
      { now: new Date(Date.now() - 61_000) },
    );
    expect(await refused(expired.token)).toEqual({
      code: 'TOKEN1003',
      message: 'The download link has expired. Go back and select the file again',
    });
    // A signature token is good at the attachments' URL only.
    expect((await download(`/file-documents/${body.token}`)).status).toBe(400);
  });
});

describe('role templates as invitation presets', () => {
  /** Invites with a template's matrix, accepts as the invitee and activates them: a new regulator as the form makes one. */
  async function inviteFromTemplate(code: string) {
    const template = regulatorRoleTemplates.find((t) => t.code === code)!;
    const dto = { ...newcomer(), permissions: levelsForPermissions(template.permissions) };
    expect((await invite(admin, dto)).status).toBe(204);
    const [mail] = await api.deps.db('email_outbox').where({ to_address: dto.email });
    const token = decodeURIComponent(/invitation\/regulator\?token=(\S+)/.exec(mail.body_text)![1]);
    const invitee = { id: `reg-${code}-${Date.now()}`, email: dto.email, firstName: 'Nell', lastName: 'Newcomer' };
    const accepted = await api.request('/api/v1.0/regulator-users/registration/accept-invitation-and-register', {
      method: 'POST',
      headers: { ...(await bearer(invitee)), 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(accepted.status).toBe(204);
    const activated = await api.request('/api/v1.0/regulator-authorities', {
      method: 'POST',
      headers: { ...(await bearer(admin)), 'content-type': 'application/json' },
      body: JSON.stringify([{ userId: invitee.id, authorityStatus: 'ACTIVE' }]),
    });
    expect(activated.status).toBe(204);
    return invitee;
  }

  it('a technical officer invited from the preset may send a request for information; an admin-team member may not', async () => {
    const account = await createAccount(api.deps.db, { competentAuthority: 'ENGLAND' });
    const officer = await inviteFromTemplate('regulator_technical_officer');
    expect((await get('/regulator-authorities/permissions', officer)).body).toMatchObject({
      REQUEST_FOR_INFORMATION: 'EXECUTE',
      REVIEW_ORGANISATION_ACCOUNT: 'EXECUTE',
      MANAGE_USERS_AND_CONTACTS: 'NONE',
    });
    expect((await get(`/requests/available-workflows/permit/${account.id}`, officer)).body).toMatchObject({
      RFI: { valid: true },
    });
    const clerk = await inviteFromTemplate('regulator_admin_team');
    expect((await get(`/requests/available-workflows/permit/${account.id}`, clerk)).body).not.toHaveProperty('RFI');
  });

  it('answers the presets with the real service’s names, the super users and the officers sending requests for information', async () => {
    const roles = (await get('/authorities/regulator-roles', admin)).body as {
      code: string;
      name: string;
      rolePermissions: Record<string, string>;
    }[];
    expect(roles.map((r) => r.name)).toEqual([
      'Admin team',
      'Technical officer',
      'Team leader',
      'Regulator superuser',
      'Service superuser',
    ]);
    const rfi = Object.fromEntries(roles.map((r) => [r.code, r.rolePermissions.REQUEST_FOR_INFORMATION]));
    expect(rfi).toEqual({
      regulator_admin_team: 'NONE',
      regulator_technical_officer: 'EXECUTE',
      regulator_team_leader: 'EXECUTE',
      ca_super_user: 'EXECUTE',
      service_super_user: 'EXECUTE',
    });
  });
});

describe('deleting a regulator user', () => {
  const remove = async (by: TestUser, userId?: string) =>
    api.request(`/api/v1.0/regulator-authorities${userId === undefined ? '' : `/${encodeURIComponent(userId)}`}`, {
      method: 'DELETE',
      headers: await bearer(by),
    });

  it('deletes a colleague: their authority and site contacts go, the audit trail records it, the list no longer shows them', async () => {
    const { db } = api.deps;
    const colleague = await createUser(db, { firstName: 'Dee', lastName: 'Leted' });
    await grantRegulator(db, colleague, 'ENGLAND', ['PERM_TASK_ASSIGNMENT']);
    const account = await createAccount(db, { competentAuthority: 'ENGLAND' });
    await db('account_contacts').insert({ account_id: account.id, user_id: colleague.id, contact_type: 'CA_SITE' });

    const res = await remove(admin, colleague.id);
    expect(res.status).toBe(204);
    expect(await db('authorities').where({ user_id: colleague.id })).toEqual([]);
    expect(await db('account_contacts').where({ user_id: colleague.id })).toEqual([]);
    const list = await get('/regulator-authorities', admin);
    expect(list.body.caUsers.map((u: { userId: string }) => u.userId)).not.toContain(colleague.id);
    const audit = await db('audit_log').where({ entity: 'authorities', operation: 'DELETE', actor_user_id: admin.id });
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.at(-1)).toMatchObject({ source: 'api', via: expect.stringContaining('DELETE') });
  });

  it('refuses deleting oneself, a user of another competent authority, and a caller who may not manage users', async () => {
    const { db } = api.deps;
    expect(await remove(admin, admin.id)).toMatchObject({
      status: 400,
      body: { code: 'AUTHORITY_SELF', message: 'You cannot delete your own user account' },
    });
    expect((await remove(admin, wales.id)).status).toBe(404);
    const clerk = await createUser(db);
    await grantRegulator(db, clerk, 'ENGLAND', ['PERM_TASK_ASSIGNMENT']);
    const other = await createUser(db);
    await grantRegulator(db, other, 'ENGLAND', ['PERM_TASK_ASSIGNMENT']);
    expect((await remove(clerk, other.id)).status).toBe(403);
    expect(await db('authorities').where({ user_id: other.id })).toHaveLength(1);
  });

  it('refuses removing the competent authority’s last active user who may manage users', async () => {
    const { db } = api.deps;
    const only = await createUser(db);
    await grantRegulator(db, only, 'OPRED');
    const res = await remove(only);
    expect(res).toMatchObject({
      status: 400,
      body: {
        code: 'AUTHORITY1012',
        message: 'At least one active regulator user who can manage users should exist in the competent authority',
      },
    });
    expect(await db('authorities').where({ user_id: only.id })).toHaveLength(1);
    // With a second manager they may leave.
    const second = await createUser(db);
    await grantRegulator(db, second, 'OPRED');
    expect((await remove(only)).status).toBe(204);
    expect(await db('authorities').where({ user_id: only.id })).toEqual([]);
  });
});
