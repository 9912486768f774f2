// Sessions end when access is taken away (issue 15): signed in through the real provider, a user whose
// authority is disabled or removed, whose one-time code is reset (by an administrator or by
// themselves) or whose password is reset gets 401 on the very next API call, and their refresh token
// no longer works. Runs the web process (test/identity-harness.ts) against the test database.
import { createHash } from 'node:crypto';
import { ACCOUNT_DISABLED } from '../../domain/users';
import {
  PASSWORD,
  signInPerson,
  startIdentityApi,
  type IdentityHarness,
  type Tokens,
  type Visitor,
} from '../../test/identity-harness';
import { createAccount, grantOperator, type TestAccount } from '../../test/factories';
import { issueToken } from '../../identity/one-time-tokens';
import { generateSecret, totpAt } from '../../identity/totp';
import { purgeEndedSessions } from '../../identity/sessions';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentityApi();
});
afterAll(() => h.close());

type Person = Awaited<ReturnType<typeof signInPerson>>;
const person = (totpSecret: string | null = null): Promise<Person> => signInPerson(h.db, { totpSecret });

/** An account with an administrator and one more operator, both signed in. */
async function accountWithUser(totpSecret: string | null = null) {
  const account = await createAccount(h.db);
  const admin = await person();
  const user = await person(totpSecret);
  await grantOperator(h.db, admin, account, 'operator_admin');
  await grantOperator(h.db, user, account, 'operator');
  const adminTokens = await h.visitor().signIn(admin.email, PASSWORD);
  const browser = h.visitor();
  const tokens = await browser.signIn(
    user.email,
    PASSWORD,
    totpSecret ? () => totpAt(totpSecret, Date.now()) : undefined,
  );
  expect(await call(tokens, '/api/v1.0/users')).toMatchObject({ status: 200 });
  return { account, admin, user, adminTokens, browser, tokens };
}

async function call(tokens: Tokens, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(h.url + path, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${tokens.access_token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The next API call is refused, and so is the refresh token: the user must sign in again. */
async function expectSignedOut(browser: Visitor, tokens: Tokens, message = 'Your sign-in has ended. Sign in again') {
  expect(await call(tokens, '/api/v1.0/users')).toEqual({ status: 401, body: { code: 'SESSION_ENDED', message } });
  const refreshed = await browser.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
  expect(refreshed).toMatchObject({ status: 400, error: 'invalid_grant' });
}

/** Tokens issued in the second of the revocation count as before it: sign in again from the next second. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));

const setStatus = (adminTokens: Tokens, account: TestAccount, userId: string, authorityStatus: string) =>
  call(adminTokens, `/api/v1.0/operator-authorities/account/${account.id}`, {
    method: 'POST',
    body: { accountOperatorAuthorityUpdateList: [{ userId, roleCode: 'operator', authorityStatus }] },
  });

it('disabling a user ends their sign-ins at once; signed in again, they are told they are disabled', async () => {
  const { account, user, adminTokens, browser, tokens } = await accountWithUser();
  expect(await setStatus(adminTokens, account, user.id, 'DISABLED')).toMatchObject({ status: 204 });
  // Told why: their user account was disabled.
  await expectSignedOut(browser, tokens, ACCOUNT_DISABLED);
  // The administrator's own sign-in is untouched.
  expect((await call(adminTokens, '/api/v1.0/users')).status).toBe(200);
  await nextSecond();
  const again = await h.visitor().signIn(user.email, PASSWORD);
  expect(await call(again, '/api/v1.0/authorities/current-user-state')).toMatchObject({
    status: 200,
    body: { status: 'DISABLED' },
  });
});

it('removing a user from the account ends their sign-ins', async () => {
  const { account, user, adminTokens, browser, tokens } = await accountWithUser();
  expect(
    await call(adminTokens, `/api/v1.0/operator-authorities/account/${account.id}/${user.id}`, { method: 'DELETE' }),
  ).toMatchObject({ status: 204 });
  await expectSignedOut(browser, tokens);
});

it('an administrator’s reset of the one-time code ends the user’s sign-ins', async () => {
  const secret = generateSecret();
  const { account, user, adminTokens, browser, tokens } = await accountWithUser(secret);
  expect(
    await call(adminTokens, `/api/v1.0/operator-users/account/${account.id}/${user.id}/reset-2fa`, { method: 'PATCH' }),
  ).toMatchObject({ status: 204 });
  await expectSignedOut(browser, tokens);
});

it('resetting the password ends every sign-in of the user', async () => {
  const { user, browser, tokens } = await accountWithUser();
  const other = h.visitor();
  const otherTokens = await other.signIn(user.email, PASSWORD);
  const token = await issueToken(h.db, 'RESET_PASSWORD', user.id);
  const reset = await fetch(`${h.url}/api/v1.0/users/forgot-password/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: 'Another-Strong-Passphrase-7' }),
  });
  expect(reset.status).toBe(204);
  await expectSignedOut(browser, tokens);
  await expectSignedOut(other, otherTokens);
});

it('a user asks to change their authenticator app with a code from it; the e-mailed link removes it and ends their sign-ins', async () => {
  const secret = generateSecret();
  const { user, browser, tokens } = await accountWithUser(secret);
  const path = '/api/v1.0/users/security-setup/2fa/request-change';
  expect(await call(tokens, path, { method: 'POST', body: {} })).toMatchObject({
    status: 400,
    body: { field: 'password' },
  });
  const now = totpAt(secret, Date.now());
  const wrong = now === '123456' ? '654321' : '123456';
  expect(await call(tokens, path, { method: 'POST', body: { password: wrong } })).toMatchObject({
    status: 400,
    body: { code: 'OTP1001', message: 'The code is not correct' },
  });
  // The sign-in used this step's code; the next step's is accepted (one step of drift either way).
  expect(
    await call(tokens, path, { method: 'POST', body: { password: totpAt(secret, Date.now() + 30_000) } }),
  ).toMatchObject({ status: 204 });
  const mail = await h
    .db('email_outbox')
    .where({ to_address: user.email, subject: 'Change your authenticator app' })
    .first();
  const link = /\/2fa\/reset-2fa\?token=([\w-]{43})/.exec(mail.body_text)![1];
  const removed = await fetch(`${h.url}/api/v1.0/users/security-setup/2fa/delete`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link }),
  });
  expect(removed.status).toBe(204);
  expect((await h.db('identity_credentials').where({ subject: user.id }).first()).totp_secret).toBeNull();
  await expectSignedOut(browser, tokens);
});

it('refuses more than five wrong codes on request-change, as the sign-in page does', async () => {
  const secret = generateSecret();
  const { tokens } = await accountWithUser(secret);
  const wrong = totpAt(secret, Date.now()) === '000000' ? '111111' : '000000';
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(tokens, '/api/v1.0/users/security-setup/2fa/request-change', { method: 'POST', body: { password: wrong } }),
    ),
  );
  expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
  expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
});

describe('the silent check of a browser whose sign-in ended (the SPA’s next page load)', () => {
  const answer = (params: URLSearchParams) => ({
    error: params.get('error'),
    told: params.get('error_description') === ACCOUNT_DISABLED,
  });
  const disabled = { error: 'login_required', told: true };
  const plain = { error: 'login_required', told: false };

  it('tells each browser that was signed in, once, that the user account was disabled; nobody else learns it', async () => {
    const { account, user, adminTokens, browser } = await accountWithUser();
    const other = h.visitor();
    await other.signIn(user.email, PASSWORD);
    expect((await browser.silentCheck()).get('code')).toBeTruthy();
    expect(await setStatus(adminTokens, account, user.id, 'DISABLED')).toMatchObject({ status: 204 });

    // A stranger with the session cookie's value but not its signature, and a browser with no cookie.
    const stranger = h.visitor();
    stranger.cookies.set('_session', browser.cookies.get('_session')!);
    expect(answer(await stranger.silentCheck())).toEqual(plain);
    expect(answer(await h.visitor().silentCheck())).toEqual(plain);
    // A cookie naming no session at all.
    const forged = h.visitor();
    forged.cookies.set('_session', 'x'.repeat(21));
    expect(answer(await forged.silentCheck())).toEqual(plain);

    expect(answer(await browser.silentCheck())).toEqual(disabled);
    expect(answer(await other.silentCheck())).toEqual(disabled);
    // Said once: the next page load is the usual signed-out one.
    expect(answer(await browser.silentCheck())).toEqual(plain);

    // Signed in again, the browser's silent check signs them in.
    await nextSecond();
    await browser.signIn(user.email, PASSWORD);
    expect((await browser.silentCheck()).get('code')).toBeTruthy();
  });

  it('says nothing after a sign-out, a removal from the account or a password reset', async () => {
    const signedOut = await accountWithUser();
    await signedOut.browser.signOut();
    expect(answer(await signedOut.browser.silentCheck())).toEqual(plain);

    const removed = await accountWithUser();
    expect(
      await call(
        removed.adminTokens,
        `/api/v1.0/operator-authorities/account/${removed.account.id}/${removed.user.id}`,
        {
          method: 'DELETE',
        },
      ),
    ).toMatchObject({ status: 204 });
    expect(answer(await removed.browser.silentCheck())).toEqual(plain);

    const reset = await accountWithUser();
    await fetch(`${h.url}/api/v1.0/users/forgot-password/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: await issueToken(h.db, 'RESET_PASSWORD', reset.user.id),
        password: 'Another-Strong-Passphrase-7',
      }),
    });
    expect(answer(await reset.browser.silentCheck())).toEqual(plain);
  });

  it('forgets ended sessions once their cookie could no longer be sent', async () => {
    const { account, user, adminTokens, browser } = await accountWithUser();
    expect(await setStatus(adminTokens, account, user.id, 'DISABLED')).toMatchObject({ status: 204 });
    // Remembered by a hash of the session's id (the cookie's value), until the session would have expired.
    const hash = createHash('sha256').update(browser.cookies.get('_session')!).digest('hex');
    const row = await h.db('identity_ended_sessions').where({ session_hash: hash }).first();
    expect(row).toMatchObject({ reason: 'ACCOUNT_DISABLED' });
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now());
    await h
      .db('identity_ended_sessions')
      .where({ session_hash: hash })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await purgeEndedSessions(h.db)).toBeGreaterThan(0);
    expect(answer(await browser.silentCheck())).toEqual(plain);
  });
});
