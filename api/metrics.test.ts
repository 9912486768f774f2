// `/metrics` on the public port only for the operators' token (METRICS_TOKEN); requests counted by
// route template, never by the ids in their paths. The metrics of real processes after a journey:
// infra/observability.test.ts.
import { startApi, type ApiHarness } from '../test/api-harness';
import { createDb, type Db } from '../infra/db';
import { loadConfig } from '../infra/config';
import { createApiMetrics } from './metrics';

const token = 'a-metrics-token-of-at-least-32-characters';
let api: ApiHarness;
let db: Db;

beforeAll(async () => {
  const databaseUrl = process.env.ESOS_TEST_DATABASE_URL!;
  const base = loadConfig();
  db = createDb(databaseUrl, { min: 0, max: 1 });
  api = await startApi({
    config: { ...base, databaseUrl, metrics: { ...base.metrics, token } },
    metrics: createApiMetrics(db),
  });
});
afterAll(async () => {
  await api.close();
  await db.destroy();
});

it('answers /metrics on the public port for the token only', async () => {
  for (const headers of [
    {} as Record<string, string>,
    { authorization: 'Bearer wrong' },
    { authorization: `Bearer ${token}x` },
  ]) {
    const refused = await api.request('/metrics', { headers });
    expect([refused.status, String(refused.body)]).not.toContain('esos_http_requests_total');
    expect(refused.status).toBe(404);
  }
  const res = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(await res.text()).toMatch(/^esos_http_requests_total\{method="GET",route="\/metrics",status="404"\} 3$/m);
});

it('answers /metrics on the public port with 404 when no token is configured, metrics on or off', async () => {
  const base = loadConfig();
  for (const metrics of [undefined, createApiMetrics(db)]) {
    const plain = await startApi({
      config: { ...base, databaseUrl: process.env.ESOS_TEST_DATABASE_URL!, metrics: { ...base.metrics, token: null } },
      metrics,
    });
    try {
      const res = await plain.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    } finally {
      await plain.close();
    }
  }
});

it('labels requests by route template: the matched route, or the area for the rest', async () => {
  await api.request('/api/v1.0/requests/ACC000001');
  await api.request('/api/v1.0/no-such-thing/42');
  await api.request('/dashboard/7');
  const text = await (await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  expect(text).toMatch(
    /^esos_http_requests_total\{method="GET",route="\/api\/v1\.0\/requests\/:id",status="401"\} 1$/m,
  );
  expect(text).toMatch(/^esos_http_requests_total\{method="GET",route="\/api\/\*",status="404"\} 1$/m);
  expect(text).toMatch(/^esos_http_requests_total\{method="GET",route="\/\*",status="200"\} 1$/m);
  expect(text).not.toMatch(/ACC000001|\/42|\/dashboard/);
});
