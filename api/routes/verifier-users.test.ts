import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { createAccount, createUser, createVerificationBody, grantOperator } from '../../test/factories';
import { newInvitationToken } from '../auth/invitations';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
});
afterAll(() => api.close());

const post = (method: string, path: string, body: unknown) =>
  api.request(`/api/v1.0${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function pendingVerifierInvitation(email: string) {
  const vb = await createVerificationBody(api.deps.db, 'Verify Ltd');
  const { token, hash, expiresAt } = newInvitationToken();
  await api.deps.db('authorities').insert({
    code: 'verifier',
    status: 'PENDING',
    verification_body_id: vb,
    invited_email: email,
    invitation_token_hash: hash,
    invitation_expires_at: expiresAt,
  });
  return token;
}

describe('verifier invitations', () => {
  it('tells an invitee without a sign-in to create one, then enables them from the invitation', async () => {
    const email = `assessor-${Date.now()}@example.test`;
    const token = await pendingVerifierInvitation(email);
    const first = await post('POST', '/verifier-users/registration/accept-invitation', { token });
    expect(first).toMatchObject({
      status: 200,
      body: { email, invitationStatus: 'PENDING_TO_REGISTERED_SET_PASSWORD' },
    });

    const user = await createUser(api.deps.db, { email, registrationStatus: 'PENDING' });
    const enabled = await post('PUT', '/verifier-users/registration/enable-from-invitation', {
      invitationToken: token,
    });
    expect(enabled).toMatchObject({ status: 200, body: { email, invitationStatus: 'ACCEPTED' } });
    const state = await api.request('/api/v1.0/authorities/current-user-state', { headers: await bearer(user) });
    expect(state.body).toEqual({ userId: user.id, roleType: 'VERIFIER', status: 'ACCEPTED' });
    expect(
      (await post('PUT', '/verifier-users/registration/enable-from-invitation', { invitationToken: token })).body.code,
    ).toBe('TOKEN1001');
  });

  it('refuses to make an operator a verifier, and a missing token with its field message', async () => {
    const operator = await createUser(api.deps.db);
    await grantOperator(api.deps.db, operator, await createAccount(api.deps.db));
    const token = await pendingVerifierInvitation(operator.email);
    expect((await post('POST', '/verifier-users/registration/accept-invitation', { token })).body.code).toBe(
      'AUTHORITY1000',
    );
    expect((await post('POST', '/verifier-users/registration/accept-invitation', {})).body).toMatchObject({
      field: 'token',
      message: 'token: Enter the invitation token',
    });
  });
});

describe('authorities of the current user', () => {
  it('gives the operator role codes to an account administrator, and 404 for an account that does not exist', async () => {
    const admin = await createUser(api.deps.db);
    const account = await createAccount(api.deps.db);
    await grantOperator(api.deps.db, admin, account);
    const codes = await api.request(`/api/v1.0/authorities/account/${account.id}/operator-role-codes`, {
      headers: await bearer(admin),
    });
    expect(codes.body).toEqual([
      { code: 'operator_admin', name: 'Advanced user' },
      { code: 'operator', name: 'Restricted user' },
    ]);
    const unknown = await api.request('/api/v1.0/authorities/account/999999999/operator-role-codes', {
      headers: await bearer(admin),
    });
    expect(unknown.status).toBe(404);
  });

  it('reports NO_AUTHORITY for a new user', async () => {
    const user = { id: `fresh-${Date.now()}`, email: `fresh-${Date.now()}@example.test` };
    const state = await api.request('/api/v1.0/authorities/current-user-state', { headers: await bearer(user) });
    expect(state.body).toEqual({ userId: user.id, roleType: 'OPERATOR', status: 'NO_AUTHORITY' });
  });
});
