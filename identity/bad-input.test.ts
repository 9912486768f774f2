// Bad input to the identity provider's own pages (the API's routes have api/fuzz.test.ts): a NUL
// character, huge values and odd types in the forms and links answer a page with a 4xx or the form
// again, never a 500.
import { startIdentityApi, type IdentityHarness } from '../test/identity-harness';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentityApi();
});
afterAll(() => h.close());

const nul = 'a\u0000b@example.org';
const huge = 'x'.repeat(30_000);

it.each([
  ['email', { email: nul, password: 'Anything-1' }],
  ['password', { email: 'a@example.org', password: 'pass\u0000word' }],
  ['huge e-mail', { email: huge, password: 'Anything-1' }],
])('answers the sign-in form with %s without a 500', async (_what, form) => {
  const v = h.visitor('198.51.100.90');
  const step = await v.openSignIn();
  const page = await v.enterPassword(step, form.email, form.password);
  expect(page.status).toBeGreaterThanOrEqual(200);
  expect(page.status).toBeLessThan(500);
});

it.each([
  [
    'register, NUL in the e-mail',
    'POST',
    '/auth/register',
    {
      email: nul,
      firstName: 'A',
      lastName: 'B',
      password: 'Correct-Horse-Battery-42',
      confirmPassword: 'Correct-Horse-Battery-42',
    },
  ],
  [
    'register, NUL and huge names',
    'POST',
    '/auth/register',
    {
      email: 'ok@example.org',
      firstName: 'A\u0000',
      lastName: huge,
      password: 'Correct-Horse-Battery-42',
      confirmPassword: 'Correct-Horse-Battery-42',
    },
  ],
  ['forgot password, NUL in the e-mail', 'POST', '/auth/forgot-password', { email: nul }],
  [
    'reset password, NUL in the token',
    'POST',
    '/auth/reset-password',
    { token: 'a\u0000'.repeat(30), password: 'Correct-Horse-Battery-42', confirmPassword: 'Correct-Horse-Battery-42' },
  ],
  ['confirm e-mail link, NUL token', 'GET', '/auth/verify-email?token=%00', null],
  ['confirm e-mail link, huge token', 'GET', `/auth/verify-email?token=${'a'.repeat(5000)}`, null],
  ['reset password link, NUL token', 'GET', '/auth/reset-password?token=%00abc', null],
  ['register page, NUL e-mail', 'GET', '/auth/register?email=%00', null],
  ['interaction, NUL id', 'GET', '/auth/interaction/%00', null],
  ['authorization, NUL login hint', 'GET', '/auth/auth?client_id=esos-web&login_hint=%00', null],
])('answers the %s without a 500', async (_what, method, path, form) => {
  const v = h.visitor('198.51.100.91');
  // The forms carry an anti-forgery token: take it from the form's page first.
  const formPage = method === 'POST' ? await v.fetch(path as string) : null;
  const csrf = formPage ? (/name="csrf" value="([^"]+)"/.exec(formPage.html)?.[1] ?? '') : '';
  const page = form
    ? await v.post(path as string, { ...(form as Record<string, string>), csrf })
    : await v.fetch(path as string);
  expect(page.status).toBeLessThan(500);
});

it('answers the token endpoint with a NUL in the refresh token or code without a 500', async () => {
  const v = h.visitor('198.51.100.92');
  await expect(v.token({ grant_type: 'refresh_token', refresh_token: 'abc\u0000def' })).resolves.toMatchObject({
    status: 400,
  });
  await expect(
    v.token({
      grant_type: 'authorization_code',
      code: '\u0000',
      redirect_uri: `${h.url}/callback`,
      code_verifier: 'x'.repeat(43),
    }),
  ).resolves.toMatchObject({ status: 400 });
});
