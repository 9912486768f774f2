// The security headers on every kind of response the web process sends — API JSON, API errors, the
// SPA's HTML, its static files, govuk-frontend's assets, the identity provider's pages, files and
// errors, and oidc-provider's own answers — and Secure cookies and HSTS behind a TLS-terminating
// proxy (TRUST_PROXY), which without TRUST_PROXY cannot be claimed by a client.
import fs from 'node:fs';
import path from 'node:path';
import { startIdentityApi, type IdentityHarness } from '../../test/identity-harness';
import { startApi } from '../../test/api-harness';
import { HSTS } from './security-headers';

const behindTls = { 'x-forwarded-proto': 'https' };

function staticFile(): string {
  const dir = path.resolve(__dirname, '..', '..', 'dist', 'web', 'static');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.js'));
  if (!file) throw new Error('dist/web has no built files: run `npm run build`');
  return `/static/${file}`;
}

/** Every kind of response: [what, method, path, body] (every row has all four: jest.each takes a shorter row's last argument for `done`). */
const responses: [string, string, string, string | null][] = [
  ['API JSON', 'GET', '/api/version', null],
  ['API JSON error 401', 'GET', '/api/v1.0/users', null],
  ['API JSON error 404', 'GET', '/api/v1.0/no-such-thing', null],
  ['API JSON error 405', 'DELETE', '/api/version', null],
  ['API JSON error 400 (malformed JSON)', 'POST', '/api/v1.0/users/feedback', '{"a":'],
  ['API JSON error 414', 'GET', `/api/version?x=${'a'.repeat(5000)}`, null],
  ['SPA HTML', 'GET', '/dashboard', null],
  ['SPA static file', 'GET', 'STATIC', null],
  ['govuk-frontend asset', 'GET', '/assets/images/favicon.svg', null],
  ['identity page', 'GET', '/auth/register', null],
  ['identity static file', 'GET', '/auth/static/identity.css', null],
  ['identity error page', 'GET', '/auth/interaction/no-such-interaction', null],
  ['identity 404 page', 'GET', '/auth/no-such-page', null],
  ['oidc-provider JSON', 'GET', '/auth/.well-known/openid-configuration', null],
  ['oidc-provider keys', 'GET', '/auth/jwks', null],
];

function expectStrictHeaders(headers: Headers, what: string, tls: boolean) {
  const csp = headers.get('content-security-policy') ?? '';
  expect({
    what,
    scriptSrc: /script-src ([^;]*)/.exec(csp)?.[1],
    frameAncestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1],
  }).toEqual({ what, scriptSrc: "'self'", frameAncestors: "'none'" });
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect({
    what,
    nosniff: headers.get('x-content-type-options'),
    frame: headers.get('x-frame-options'),
    referrer: headers.get('referrer-policy'),
    hsts: headers.get('strict-transport-security'),
  }).toEqual({ what, nosniff: 'nosniff', frame: 'DENY', referrer: 'no-referrer', hsts: tls ? HSTS : null });
}

describe('behind a TLS-terminating proxy (TRUST_PROXY=true)', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentityApi();
  });
  afterAll(() => h.close());

  it.each(responses)('%s: strict headers and HSTS', async (what, method, p, body) => {
    const res = await fetch(h.url + (p === 'STATIC' ? staticFile() : p), {
      method,
      headers: { ...behindTls, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ?? undefined,
      redirect: 'manual',
    });
    await res.arrayBuffer();
    expect(res.status).toBeLessThan(500);
    expectStrictHeaders(res.headers, what, true);
  });

  it('answers plain HTTP (no X-Forwarded-Proto) without HSTS', async () => {
    const res = await fetch(`${h.url}/api/version`);
    expectStrictHeaders(res.headers, 'plain HTTP', false);
  });

  it('sends the sign-in cookies Secure, HttpOnly and SameSite', async () => {
    const v = h.visitor('192.0.2.80', behindTls);
    await v.openSignIn();
    const cookies = v.setCookies;
    expect(cookies.map((c) => c.split('=')[0])).toEqual(
      expect.arrayContaining(['_interaction', '_interaction_resume', 'esos_csrf']),
    );
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; secure/i);
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).toMatch(/; samesite=(lax|strict)/i);
    }
  });

  it('lets only the silent-check page be framed, by our own origin', async () => {
    const res = await fetch(`${h.url}/auth/silent-check`, { headers: behindTls });
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; frame-ancestors 'self'",
    );
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toBe(HSTS);
  });

  it('serves pages without inline script, inline style or event handlers', async () => {
    for (const p of [
      '/dashboard',
      '/auth/register',
      '/auth/forgot-password',
      '/auth/interaction/no-such-interaction',
    ]) {
      const html = await (await fetch(h.url + p)).text();
      expect({
        p,
        inlineScript: /<script(?![^>]*\bsrc=)[^>]*>/i.test(html),
        styleAttribute: /\sstyle=/i.test(html),
        handler: /\son[a-z]+=/i.test(html),
      }).toEqual({ p, inlineScript: false, styleAttribute: false, handler: false });
    }
  });
});

describe('without TRUST_PROXY', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentityApi({ TRUST_PROXY: 'false' });
  });
  afterAll(() => h.close());

  it('ignores a client’s X-Forwarded-Proto: no HSTS, no Secure cookies over plain HTTP', async () => {
    const res = await fetch(`${h.url}/auth/register`, { headers: behindTls });
    expectStrictHeaders(res.headers, 'forged https', false);
    for (const cookie of res.headers.getSetCookie()) expect(cookie).not.toMatch(/; secure/i);
  });
});

it('keeps the headers on a 500 (the error the API hides)', async () => {
  const api = await startApi({
    verifyToken: async () => {
      throw new Error('the token service broke');
    },
  });
  try {
    const res = await api.request('/api/v1.0/users', { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Sorry, there is a problem with the service',
      reference: expect.any(String),
    });
    expectStrictHeaders(res.headers, '500', false);
  } finally {
    await api.close();
  }
});
