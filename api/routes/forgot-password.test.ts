// The API's forgot-password calls against the real database: the same rules as the identity
// provider's pages (identity/password-reset.ts) — silent about unknown e-mails, rate limited per
// address, per recipient from one address (so a stranger never silences the owner), single-use
// expiring tokens, the provider's password rules.
import http from 'node:http';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { verifyTestToken } from '../../test/tokens';
import { createCredential } from '../../identity/credentials';
import { verifyPassword } from '../../identity/passwords';
import { hashToken, issueToken } from '../../identity/one-time-tokens';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
});
afterAll(() => api.close());
// Every request here comes from 127.0.0.1: start each test with none counted from it.
const FROM = 'mail:127.0.0.1';
beforeEach(() => api.deps.db('identity_rate_limits').where({ key: FROM }).delete());

const post = (path: string, body: unknown) =>
  api.request(`/api/v1.0/users/forgot-password/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

let n = 0;
async function signIn(password = 'Old-Password-Phrase-1') {
  const email = `forgot.${Date.now()}.${n++}@example.test`;
  return createCredential(api.deps.db, { email, firstName: 'Fay', lastName: 'Forgetful', password, verified: true });
}

const mails = (to: string, subject: string) =>
  api.deps.db('email_outbox').where({ to_address: to, subject }).orderBy('id');

async function resetToken(email: string): Promise<string> {
  expect((await post('reset-password-email', { email })).status).toBe(204);
  const [mail] = (await mails(email, 'Reset your password')).slice(-1);
  return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body_text)![1];
}

describe('asking for a reset link', () => {
  it('answers 204 whether or not the e-mail has a sign-in, and e-mails the owner of a sign-in only', async () => {
    const credential = await signIn();
    const known = await post('reset-password-email', { email: credential.email.toUpperCase() });
    const unknown = await post('reset-password-email', { email: `nobody.${Date.now()}@example.test` });
    expect(known).toMatchObject({ status: 204, body: '' });
    expect(unknown).toEqual({ ...known, headers: expect.anything() });
    expect(await mails(credential.email, 'Reset your password')).toHaveLength(1);
    expect(await api.deps.db('email_outbox').where('to_address', 'like', 'nobody.%')).toHaveLength(0);
  });

  it('sends at most 10 e-mails an hour from one address, then answers 429 saying when to try again (the provider pages count the same)', async () => {
    const credentials = await Promise.all(Array.from({ length: 11 }, () => signIn()));
    for (const { email } of credentials.slice(0, 10))
      expect((await post('reset-password-email', { email })).status).toBe(204);
    const over = await post('reset-password-email', { email: credentials[10].email });
    expect(over).toMatchObject({ status: 429, body: { code: 'TOO_MANY_EMAILS', field: 'email' } });
    expect(over.body.message).toMatch(/^Too many emails have been asked for\. Try again in (60|59) minutes$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(3500);
    // The same answer for an e-mail without a sign-in.
    expect(await post('reset-password-email', { email: `nobody.${Date.now()}@example.test` })).toMatchObject({
      status: 429,
      body: over.body,
    });
    expect(await mails(credentials[10].email, 'Reset your password')).toHaveLength(0);
    expect((await api.deps.db('identity_rate_limits').where({ key: FROM }).first()).count).toBe(10);
  });

  it('sends at most 5 e-mails an hour to one recipient from one address', async () => {
    const credential = await signIn();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await post('reset-password-email', { email: credential.email })).status);
    expect(answers).toEqual([204, 204, 204, 204, 204, 429, 429]);
    expect(await mails(credential.email, 'Reset your password')).toHaveLength(5);
  });

  it("cannot be used by strangers at other addresses to silence the owner's reset e-mails", async () => {
    const credential = await signIn();
    /** A POST from another loopback address (127.0.0.x), as the review sent them. */
    const postFrom = (localAddress: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${api.url}/api/v1.0/users/forgot-password/reset-password-email`,
          { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ email: credential.email }));
      });
    const strangers = ['127.0.0.81', '127.0.0.82', '127.0.0.83'];
    await api.deps
      .db('identity_rate_limits')
      .whereIn(
        'key',
        [...strangers, '127.0.0.1'].map((ip) => `mail:${ip}`),
      )
      .delete();
    for (const ip of strangers) {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await postFrom(ip));
      expect(answers).toEqual([204, 204, 204, 204, 204, 429]);
    }
    expect(await mails(credential.email, 'Reset your password')).toHaveLength(15);
    // The owner, from their own address, still gets theirs.
    expect((await post('reset-password-email', { email: credential.email })).status).toBe(204);
    expect(await mails(credential.email, 'Reset your password')).toHaveLength(16);
  });

  it('answers 400 with a field message for a missing or malformed e-mail', async () => {
    expect(await post('reset-password-email', { email: 'not-an-email' })).toMatchObject({
      status: 400,
      body: { field: 'email', message: 'email: Enter a valid email' },
    });
    expect(await post('reset-password-email', {})).toMatchObject({ status: 400, body: { field: 'email' } });
  });
});

describe('the e-mailed token', () => {
  it('is verified without being used, and gives the e-mail it was sent to', async () => {
    const credential = await signIn();
    const token = await resetToken(credential.email);
    expect(await post('token-verification', { token })).toMatchObject({
      status: 200,
      body: { email: credential.email },
    });
    expect(await post('token-verification', { token })).toMatchObject({
      status: 200,
      body: { email: credential.email },
    });
  });

  it('is refused with TOKEN1001 when unknown or of another purpose, and EMAIL1001 when expired', async () => {
    const credential = await signIn();
    const token = await resetToken(credential.email);
    expect(await post('token-verification', { token: 'x'.repeat(43) })).toMatchObject({
      status: 400,
      body: { code: 'TOKEN1001', message: 'Invalid Token' },
    });
    const confirmEmail = await issueToken(api.deps.db, 'VERIFY_EMAIL', credential.subject);
    expect(await post('reset-password', { token: confirmEmail, password: 'Brand-New-Phrase-42' })).toMatchObject({
      status: 400,
      body: { code: 'TOKEN1001' },
    });
    expect(await post('token-verification', { token: '' })).toMatchObject({
      status: 400,
      body: { field: 'token', message: 'token: Enter the token' },
    });
    await api.deps
      .db('identity_tokens')
      .where({ token_hash: hashToken(token) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await post('token-verification', { token })).toMatchObject({
      status: 400,
      body: { code: 'EMAIL1001', message: 'The verification link has expired' },
    });
    expect(await post('reset-password', { token, password: 'Brand-New-Phrase-42' })).toMatchObject({
      status: 400,
      body: { code: 'EMAIL1001' },
    });
  });
});

describe('resetting the password', () => {
  it('sets the new password once, ends the sign-in’s sessions and tells the owner', async () => {
    const credential = await signIn();
    const other = await signIn();
    const token = await resetToken(credential.email);
    const db = api.deps.db;
    await db('identity_oidc_payloads').insert([
      { model: 'Session', id: `s-${credential.subject}`, payload: JSON.stringify({ accountId: credential.subject }) },
      { model: 'Session', id: `s-${other.subject}`, payload: JSON.stringify({ accountId: other.subject }) },
    ]);

    expect(
      await post('reset-password', { token, password: 'Brand-New-Phrase-42', confirmPassword: 'Brand-New-Phrase-42' }),
    ).toMatchObject({ status: 204 });
    const row = await db('identity_credentials').where({ subject: credential.subject }).first();
    await expect(verifyPassword('Brand-New-Phrase-42', row.password_hash)).resolves.toBe(true);
    expect(
      await db('identity_oidc_payloads')
        .whereIn('id', [`s-${credential.subject}`, `s-${other.subject}`])
        .pluck('id'),
    ).toEqual([`s-${other.subject}`]);
    const [confirmation] = await mails(credential.email, 'Your password has been changed');
    expect(confirmation.template).toBe('ResetPasswordConfirmation');

    // Single use: the same link cannot set a password again.
    expect(await post('reset-password', { token, password: 'Third-Phrase-For-Me-7' })).toMatchObject({
      status: 400,
      body: { code: 'TOKEN1001' },
    });
    expect(await post('token-verification', { token })).toMatchObject({ status: 400, body: { code: 'TOKEN1001' } });
  });

  it('applies the provider’s password rules with field messages, and keeps the token for another try', async () => {
    const credential = await signIn();
    const token = await resetToken(credential.email);
    expect(await post('reset-password', { token, password: 'short' })).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        field: 'password',
        fields: [{ field: 'password', message: 'Password must be 8 characters or more' }],
      },
    });
    expect(await post('reset-password', { token, password: 'password123' })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'password', message: 'Choose a stronger password' }] },
    });
    expect(
      await post('reset-password', { token, password: 'Brand-New-Phrase-42', confirmPassword: 'Brand-New-Phrase-43' }),
    ).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'confirmPassword', message: 'Passwords do not match' }] },
    });
    expect(await post('reset-password', { token })).toMatchObject({ status: 400, body: { field: 'password' } });
    expect(await post('reset-password', { token, password: 'Brand-New-Phrase-42' })).toMatchObject({ status: 204 });
  });
});
