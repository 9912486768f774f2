import { randomUUID } from 'node:crypto';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { bearer, verifyTestToken } from '../../test/tokens';
import { issueToken } from '../../identity/one-time-tokens';
import { migrate } from '../../infra/db';

let api: ApiHarness;
const user = { id: randomUUID(), email: `totp.${Date.now()}@example.org`, firstName: 'Tess', lastName: 'Totp' };

beforeAll(async () => {
  api = await startApi({ verifyToken: verifyTestToken });
  await migrate(api.deps.db);
  await api.deps.db('identity_credentials').insert({
    subject: user.id,
    email: user.email,
    password_hash: 'x',
    email_verified_at: new Date(),
    totp_secret: 'JBSWY3DPEHPK3PXP',
  });
});
afterAll(() => api.close());

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('POST /api/v1.0/users/security-setup/2fa/reset-2fa', () => {
  const path = '/api/v1.0/users/security-setup/2fa/reset-2fa';

  it('needs a sign-in', async () => {
    expect((await api.request(path, json('POST', { email: user.email }))).status).toBe(401);
  });

  it('refuses a bad e-mail and someone else’s e-mail', async () => {
    const auth = await bearer(user);
    const bad = await api.request(path, json('POST', { email: 'not-an-email' }, auth));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');
    expect((await api.request(path, json('POST', { email: 'other@example.org' }, auth))).status).toBe(400);
  });

  it('e-mails the user a reset link for their own sign-in', async () => {
    const res = await api.request(path, json('POST', { email: user.email.toUpperCase() }, await bearer(user)));
    expect(res.status).toBe(204);
    const mail = await api.deps
      .db('email_outbox')
      .where({ to_address: user.email, subject: 'Reset your one-time code' })
      .first();
    expect(mail.body_text).toMatch(/\/2fa\/reset-2fa\?token=[\w-]{43}/);
  });
});

describe('PATCH /api/v1.0/users/security-setup/2fa/delete', () => {
  const path = '/api/v1.0/users/security-setup/2fa/delete';

  it('gives the missing-value error without a token, and refuses an unknown one', async () => {
    expect((await api.request(path, json('PATCH', {}))).status).toBe(400);
    const unknown = await api.request(path, json('PATCH', { token: 'x'.repeat(43) }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('TOKEN1001');
  });

  it('removes the one-time code with a valid link, once', async () => {
    const token = await issueToken(api.deps.db, 'RESET_2FA', user.id);
    expect((await api.request(path, json('PATCH', { token }))).status).toBe(204);
    expect((await api.deps.db('identity_credentials').where({ subject: user.id }).first()).totp_secret).toBeNull();
    expect((await api.request(path, json('PATCH', { token }))).status).toBe(400);
  });
});
