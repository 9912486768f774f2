import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { createUser, grantRegulator, type TestUser } from '../../test/factories';

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

async function invite(by: TestUser, user: Record<string, unknown> | string, signature?: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  form.append('regulatorInvitedUser', new Blob([typeof user === 'string' ? user : JSON.stringify(user)], { type: 'application/json' }));
  if (signature) form.append('signature', new Blob([new Uint8Array(signature.data)], { type: signature.type }), signature.name);
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
    expect(list.body.caUsers).toContainEqual(expect.objectContaining({ email: dto.email, firstName: 'Nell', jobTitle: 'Officer', authorityStatus: 'PENDING' }));
    expect((await get('/regulator-authorities', wales)).body.caUsers.map((u: { email: string }) => u.email)).not.toContain(dto.email);

    const invitee = { id: `reg-${Date.now()}`, email: dto.email, firstName: 'Nell', lastName: 'Newcomer' };
    const accepted = await api.request('/api/v1.0/regulator-users/registration/accept-invitation-and-register', {
      method: 'POST',
      headers: { ...(await bearer(invitee)), 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(accepted.status).toBe(204);

    const details = await get(`/regulator-users/${invitee.id}`, admin);
    expect(details.body).toMatchObject({ email: dto.email, jobTitle: 'Officer', phoneNumber: '+44 117 496 0000', status: 'REGISTERED', signature: { name: 'sig.bmp', size: 600 } });
    expect((await get(`/regulator-users/${invitee.id}`, wales)).status).toBe(404);
    expect((await get(`/regulator-authorities/permissions/${invitee.id}`, wales)).status).toBe(404);

    const activate = await api.request('/api/v1.0/regulator-authorities', {
      method: 'POST',
      headers: { ...(await bearer(admin)), 'content-type': 'application/json' },
      body: JSON.stringify([{ userId: invitee.id, authorityStatus: 'ACTIVE' }]),
    });
    expect(activate.status).toBe(204);
    const templates = (await api.deps.db('email_outbox').where({ to_address: dto.email }).orderBy('id')).map((m) => m.template);
    expect(templates).toEqual(['InvitationToRegulatorAccount', 'InviteeInvitationAccepted', 'UserAccountActivation']);

    const own = await get('/regulator-authorities/permissions', invitee);
    expect(own.body).toMatchObject({ REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY', ASSIGN_REASSIGN_TASKS: 'EXECUTE', MANAGE_USERS_AND_CONTACTS: 'NONE' });
    expect((await get(`/regulator-authorities/permissions/${invitee.id}`, admin)).body).toEqual({ permissions: own.body, editable: true });
    // Without PERM_CA_USERS_EDIT the new user may not manage others.
    expect((await get('/regulator-authorities/permissions/group-levels', invitee)).status).toBe(403);
  });

  it('refuses a signature that is not a BMP, too wide, or too large', async () => {
    const png = await invite(admin, newcomer(), { data: Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(100), 'latin1'), name: 'sig.bmp', type: 'image/bmp' });
    expect(png).toMatchObject({ status: 400, body: { code: 'FILE1005', field: 'signature' } });
    const wide = await invite(admin, newcomer(), { data: bmp(241, 100), name: 'sig.bmp', type: 'image/bmp' });
    expect(wide).toMatchObject({ status: 400, body: { code: 'IMAGE1001' } });
    const big = await invite(admin, newcomer(), { data: bmp(200, 100, 300 * 1024), name: 'sig.bmp', type: 'image/bmp' });
    expect(big.status).toBe(413);
  });

  it('answers 400 with field messages for a bad invited user, a level the group does not have, or a missing part', async () => {
    const bad = await invite(admin, { ...newcomer(), email: 'nope', jobTitle: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining([{ field: 'email', message: 'Enter a valid email' }, { field: 'jobTitle', message: 'Enter your job title' }]));
    const level = await invite(admin, { ...newcomer(), permissions: { ASSIGN_REASSIGN_TASKS: 'VIEW_ONLY' } });
    expect(level).toMatchObject({ status: 400, body: { field: 'permissions.ASSIGN_REASSIGN_TASKS' } });
    const notJson = await invite(admin, '{oops');
    expect(notJson).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST_FORMAT' } });
    const form = new FormData();
    form.append('signature', new Blob([new Uint8Array(bmp(10, 10))]), 'sig.bmp');
    const missing = await api.request('/api/v1.0/regulator-users/invite', { method: 'POST', headers: await bearer(admin), body: form });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Required parameter regulatorInvitedUser was null or undefined' } });
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
    expect(roles.body).toContainEqual(expect.objectContaining({ code: 'regulator_admin_team', rolePermissions: expect.objectContaining({ REVIEW_ORGANISATION_ACCOUNT: 'VIEW_ONLY', ASSIGN_REASSIGN_TASKS: 'EXECUTE' }) }));
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
    expect((await post('DISABLED')).status).toBe(204);
    expect((await get('/authorities/current-user-state', colleague)).body.status).toBe('DISABLED');
    expect((await get('/regulator-authorities', colleague)).status).toBe(403);
    expect((await post('ACTIVE')).status).toBe(204);
    expect((await post('ACCEPTED')).body.code).toBe('AUTHORITY1008');
    expect((await post('ACTIVE', wales.id)).body.code).toBe('AUTHORITY1003');
  });
});
