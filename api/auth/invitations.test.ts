// Accepting an invitation without a bearer token, for someone who has just created a sign-in with
// the embedded provider (from the invitation page) and so has no user row yet.
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { createAccount, createUser, grantOperator, type TestUser } from '../../test/factories';
import { createCredential } from '../../identity/credentials';

let api: ApiHarness;
let admin: TestUser;
let account: { id: number; name: string };
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  account = await createAccount(api.deps.db);
  admin = await createUser(api.deps.db);
  await grantOperator(api.deps.db, admin, account, 'operator_admin');
});
afterAll(() => api.close());

const json = async (path: string, body: unknown, user?: TestUser) =>
  api.request(`/api/v1.0${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(user ? await bearer(user) : {}) },
    body: JSON.stringify(body),
  });

let n = 0;
async function invite(): Promise<{ email: string; token: string }> {
  const email = `fresh.${Date.now()}.${n++}@example.test`;
  expect(
    (
      await json(
        `/operator-users/invite/account/${account.id}`,
        { email, firstName: 'Fred', lastName: 'Fresh', roleCode: 'operator' },
        admin,
      )
    ).status,
  ).toBe(204);
  const mail = await api.deps.db('email_outbox').where({ to_address: email }).first();
  return { email, token: decodeURIComponent(/invitation\?token=(\S+)/.exec(mail.body_text)![1]) };
}

const accept = (token: string) => json('/operator-users/registration/accept-invitation', { token });

it('accepts for a confirmed sign-in that has not used the service yet: its subject becomes the user', async () => {
  const { email, token } = await invite();
  const credential = await createCredential(api.deps.db, {
    email,
    firstName: 'Fred',
    lastName: 'Fresh',
    password: 'Fresh-Sign-In-Phrase-3',
    verified: true,
  });
  expect(await accept(token)).toMatchObject({ status: 200, body: { accountName: account.name } });
  expect(await api.deps.db('users').where({ id: credential.subject }).first()).toMatchObject({
    email,
    first_name: 'Fred',
    last_name: 'Fresh',
  });
  expect(
    await api.deps.db('authorities').where({ account_id: account.id, user_id: credential.subject }).first(),
  ).toMatchObject({ status: 'ACCEPTED', code: 'operator' });
  // Their first signed-in call finds them as invited: ACCEPTED, awaiting activation.
  const state = await api.request('/api/v1.0/authorities/current-user-state', {
    headers: await bearer({ id: credential.subject, email }),
  });
  expect(state.body).toEqual({ userId: credential.subject, roleType: 'OPERATOR', status: 'ACCEPTED' });
});

it('refuses while the sign-in’s e-mail is not confirmed, or there is no sign-in at all', async () => {
  const unconfirmed = await invite();
  await createCredential(api.deps.db, {
    email: unconfirmed.email,
    firstName: 'Una',
    lastName: 'Unconfirmed',
    password: 'Fresh-Sign-In-Phrase-3',
  });
  expect(await accept(unconfirmed.token)).toMatchObject({ status: 400, body: { code: 'USER_NOT_SIGNED_IN' } });
  const nobody = await invite();
  expect(await accept(nobody.token)).toMatchObject({ status: 400, body: { code: 'USER_NOT_SIGNED_IN' } });
  // Nothing was accepted: the invitations are still open.
  expect(await json('/users/token/resolve-email', { token: nobody.token, type: 'OPERATOR_INVITATION' })).toMatchObject({
    status: 200,
    body: { email: nobody.email },
  });
});
