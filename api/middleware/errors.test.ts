// A 500's body gives the user a reference that leads an operator to the logged error: the trace id
// while tracing is on (one server span per request, joining the caller's traceparent), else an id
// made for it. The trace through Temporal and SQL is tested with real processes in
// infra/observability.test.ts; here the API alone, with an in-memory span exporter.
import { Writable } from 'node:stream';
import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { startApi, type ApiHarness } from '../../test/api-harness';
import { createLogger } from '../../infra/logger';
import { loadConfig } from '../../infra/config';

/** The API with its log lines kept, whose token check fails as a bug would. */
async function brokenApi(tracing: boolean): Promise<{ api: ApiHarness; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const api = await startApi({
    config: { ...loadConfig(), databaseUrl: process.env.ESOS_TEST_DATABASE_URL!, tracing: { enabled: tracing } },
    logger: createLogger('info', sink),
    verifyToken: async () => {
      throw new Error('the token service broke');
    },
  });
  return { api, lines };
}

describe('without tracing', () => {
  it('answers a 500 with a reference made for it, and logs the error with the same reference', async () => {
    const { api, lines } = await brokenApi(false);
    try {
      const res = await api.request('/api/v1.0/users', { headers: { authorization: 'Bearer x' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Sorry, there is a problem with the service',
        reference: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      const logged = lines.find((l) => l.msg === 'unhandled error');
      expect(logged).toMatchObject({
        reference: res.body.reference,
        path: '/api/v1.0/users',
        err: { message: 'the token service broke' },
      });
      // A second failure gets a reference of its own.
      const again = await api.request('/api/v1.0/users', { headers: { authorization: 'Bearer x' } });
      expect(again.body.reference).not.toBe(res.body.reference);
    } finally {
      await api.close();
    }
  });
});

describe('with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => {
    new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
  });
  afterAll(() => {
    // The API's globals outlive this file in its Jest worker: put them back.
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('joins the caller’s traceparent, and the 500’s reference is the trace id that the log lines carry', async () => {
    const { api, lines } = await brokenApi(true);
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const res = await api.request('/api/v1.0/users', {
        headers: { authorization: 'Bearer x', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(res.status).toBe(500);
      expect(res.body.reference).toBe(traceId);
      expect(lines.find((l) => l.msg === 'unhandled error')).toMatchObject({ reference: traceId, traceId });
      expect(lines.find((l) => l.msg === 'request')).toMatchObject({ traceId, status: 500 });
      const [span] = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      expect(span).toMatchObject({ name: 'GET /api/*', parentSpanId: '00f067aa0ba902b7' });
      expect(span!.attributes).toMatchObject({ 'http.response.status_code': 500 });

      // Without a traceparent the request starts a trace of its own, named by its route template.
      const version = await api.request('/api/version');
      expect(version.status).toBe(200);
      const own = exporter.getFinishedSpans().find((s) => s.name === 'GET /api/version');
      expect(own?.parentSpanId).toBeUndefined();
      expect(lines.find((l) => l.msg === 'request' && l.path === '/api/version')).toMatchObject({
        traceId: own!.spanContext().traceId,
      });
    } finally {
      await api.close();
    }
  });
});
