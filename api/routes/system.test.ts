import { startApi, type ApiHarness } from '../../test/api-harness';

let api: ApiHarness;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('public system routes', () => {
  it('GET /api/ui-configuration answers without a token with features, expiry, analytics and the reset URL', async () => {
    const res = await api.request('/api/ui-configuration');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      features: { addInstallation: true },
      expirationTime: expect.any(Number),
      analytics: { gtmContainerId: expect.any(String) },
      fordwayResetCredentialsUrl: expect.stringMatching(/^https?:\/\//),
      oidc: { issuer: expect.stringMatching(/^https?:\/\/.+\/auth$/), clientId: 'esos-web' },
    });
  });

  it('GET /api/version gives the displayed version, the dev version and the commit', async () => {
    const res = await api.request('/api/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      version: '3.3.2',
      devVersion: '0.81.0',
      commitHash: expect.stringMatching(/^([0-9a-f]{40}|unknown)$/),
    });
  });

  it('GET /api/health reports the database up and Temporal down with 503 when Temporal is unreachable', async () => {
    const res = await api.request('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'DOWN', components: { database: 'UP', temporal: 'DOWN', virusScanner: 'UP' } });
  });
});

describe('errors are JSON with the right status', () => {
  it('answers 401 JSON for an authenticated route without a token', async () => {
    const res = await api.request('/api/v1.0/users');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('answers 401 for a token it cannot verify', async () => {
    const res = await api.request('/api/v1.0/users', { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await api.request('/api/v1.0/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'No API resource at /api/v1.0/no-such-thing' });
  });

  it('answers 405 JSON for a known path with the wrong method', async () => {
    const res = await api.request('/api/ui-configuration', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.body.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers 400 JSON for a body that is not JSON, and 413 for one over the limit', async () => {
    const bad = await api.request('/api/ui-configuration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    const big = await api.request('/api/ui-configuration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
  });
});

describe('security headers and the SPA', () => {
  it('sends a strict policy on API and page responses', async () => {
    for (const path of ['/api/ui-configuration', '/landing']) {
      const res = await api.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      // Plain HTTP here: HSTS is only sent over TLS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('serves the SPA for client routes and govuk-frontend fonts from our own origin', async () => {
    const page = await api.request('/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const font = await fetch(`${api.url}/assets/fonts/bold-b542beb274-v2.woff2`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('does not serve files outside the web root', async () => {
    const res = await fetch(`${api.url}/static/..%2f..%2fpackage.json`);
    expect(await res.text()).not.toContain('"name": "esos-reporting"');
  });
});
