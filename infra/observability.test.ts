// What operations staff read, from the real processes as `npm start` runs them (the web process and
// the worker, each a process of its own, on a Temporal dev server): after account openings made
// through the API, each process's Prometheus metrics count the journeys' requests, workflow tasks
// and activities, and one submission's trace id leads from the API's log line through the Temporal
// update and the workflow to its activities and their SQL, all exported over OTLP to a collector
// that this test runs (it keeps what it receives in memory).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createDb, dropDatabase, type Db } from './db';
import { createUser, grantRegulator, type TestUser } from '../test/factories';
import { embeddedTokenSigner } from '../test/embedded-tokens';
import { freePort } from '../test/free-port';
import { startTestTemporal } from '../test/temporal';
import { TEST_NOW } from '../test/clock';

const root = path.resolve(__dirname, '..');
const JOURNEYS = 2;
const run = `${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = Object.assign(
  new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
  { pathname: `/esos_obs_test_${run}` },
).toString();

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
}

/** An OTLP/HTTP collector (JSON encoding, as the exporter sends it) keeping every span it receives. */
async function startCollector() {
  const spans: Span[] = [];
  type Attr = { key: string; value: Record<string, unknown> };
  const flat = (attrs: Attr[] = []) => Object.fromEntries(attrs.map((a) => [a.key, Object.values(a.value)[0]]));
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      for (const rs of JSON.parse(body).resourceSpans ?? []) {
        const service = String(flat(rs.resource?.attributes)['service.name']);
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              service,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || undefined,
              name: s.name,
              attributes: flat(s.attributes),
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** One process of the service, its JSON log lines kept. */
function startProcess(file: string, env: Record<string, string>) {
  const lines: Record<string, any>[] = [];
  const child = spawn(process.execPath, ['--import=tsx', file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString('utf8');
    const parts = text.split('\n');
    rest = parts.pop()!;
    for (const line of parts) if (line.startsWith('{')) lines.push(JSON.parse(line));
  });
  return { child, lines };
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(probe)
      .catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The samples of a metric in Prometheus text, summed over those whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

let env: TestWorkflowEnvironment;
let collector: Awaited<ReturnType<typeof startCollector>>;
let api: ReturnType<typeof startProcess>;
let worker: ReturnType<typeof startProcess>;
let url: string;
let metricsUrl: { api: string; worker: string };
let db: Db;
let sign: (user: TestUser) => Promise<string>;

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  [env, collector] = await Promise.all([startTestTemporal(), startCollector()]);
  const [port, apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort(), await freePort()];
  url = `http://127.0.0.1:${port}`;
  metricsUrl = {
    api: `http://127.0.0.1:${apiMetricsPort}/metrics`,
    worker: `http://127.0.0.1:${workerMetricsPort}/metrics`,
  };
  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    ESOS_CLOCK: TEST_NOW,
    TEMPORAL_ADDRESS: env.address,
    TEMPORAL_TASK_QUEUE: `observability-${run}`,
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    // Spans leave a tenth of a second after they end, not five.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  api = startProcess('api/server.ts', { ...common, METRICS_PORT: String(apiMetricsPort) });
  worker = startProcess('worker.ts', { ...common, LOG_LEVEL: 'warn', METRICS_PORT: String(workerMetricsPort) });
  await until('the API to be healthy', async () => (await fetch(`${url}/api/health`)).ok);
  await until(
    'the worker to poll',
    async () =>
      (sample(await (await fetch(metricsUrl.worker)).text(), 'temporal_num_pollers', {
        poller_type: 'workflow_task',
      }) ?? 0) > 0,
  );
  db = createDb(databaseUrl, { min: 0, max: 2 });
  sign = await embeddedTokenSigner(db, url);
}, 240_000);

afterAll(async () => {
  const stopped = (p?: { child: ChildProcess }) =>
    new Promise<void>((resolve) => {
      if (!p || p.child.exitCode !== null) return resolve();
      p.child.once('exit', () => resolve());
      p.child.kill('SIGTERM');
    });
  await Promise.all([stopped(api), stopped(worker)]);
  await db?.destroy();
  await env?.teardown();
  await collector?.close();
  await dropDatabase(databaseUrl).catch(() => undefined);
}, 60_000);

async function call(
  user: TestUser,
  route: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${url}/api/v1.0${route}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${await sign(user)}`, 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json() };
}

const scrape = async (which: 'api' | 'worker') => {
  const res = await fetch(metricsUrl[which]);
  expect(res.status).toBe(200);
  return res.text();
};

it('counts the journeys in each process’s metrics, and follows a submission’s trace from the API’s log line to its activities’ SQL', async () => {
  const companies = (
    await db('company_register').where({ company_status: 'active' }).orderBy('registration_number').limit(JOURNEYS)
  ).map((c) => c.registration_number as string);
  const reviewer = await createUser(db, { firstName: 'Olga', lastName: 'Operations' });
  await grantRegulator(db, reviewer, 'ENGLAND');
  const applicants = await Promise.all(companies.map(() => createUser(db)));
  // The first application comes with the browser's trace context (W3C traceparent).
  const browserTraceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const requestIds: string[] = [];
  for (const [i, company] of companies.entries()) {
    const applied = await call(applicants[i], '/requests', {
      method: 'POST',
      headers: i === 0 ? { traceparent: `00-${browserTraceId}-1122334455667788-01` } : {},
      body: {
        requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
        requestCreateActionPayload: {
          registeredAtCompaniesHouse: true,
          registrationNumber: company,
          name: `Traced Foods ${i} Limited`,
          address: { line1: '4 Quay Street', line2: '', city: 'Bristol', county: '', postcode: 'BS1 4DJ' },
          codes: { type: 'SIC', codes: ['10110'] },
          competentAuthority: 'ENGLAND',
        },
      },
    });
    expect(applied).toMatchObject({ status: 201, body: { requestStatus: 'IN_PROGRESS' } });
    requestIds.push(applied.body.requestId);
  }

  // While the reviews are open, the API's metrics count them (read from the database on the scrape).
  const [task] = await db('request_tasks').where({ request_id: requestIds[0] });
  const during = await scrape('api');
  expect(sample(during, 'esos_open_tasks', { type: task.type })).toBe(JOURNEYS);
  expect(sample(during, 'esos_overdue_tasks', { type: task.type })).toBe(0);
  expect(sample(during, 'esos_email_outbox_messages', { status: 'FAILED' })).toBe(0);
  expect(sample(during, 'esos_db_pool_connections', { state: 'used' })).toBeGreaterThanOrEqual(0);

  for (const [i, requestId] of requestIds.entries()) {
    const [review] = await db('request_tasks').where({ request_id: requestId });
    expect(
      (
        await call(reviewer, '/tasks-assignment/assign', {
          method: 'POST',
          body: { taskId: Number(review.id), userId: reviewer.id },
        })
      ).status,
    ).toBe(200);
    const decided = await call(reviewer, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: Number(review.id),
        requestTaskActionType: 'ORGANISATION_ACCOUNT_OPENING_SUBMIT_DECISION',
        requestTaskActionPayload: { decision: 'APPROVED', reason: `Checked ${i}` },
      },
    });
    expect(decided).toMatchObject({ status: 200, body: { requestStatus: 'APPROVED' } });
  }
  for (const requestId of requestIds) await env.client.workflow.getHandle(requestId).result();

  // ---- metrics: the API's requests, by route template and status
  const apiMetrics = await scrape('api');
  for (const [method, route, status] of [
    ['POST', '/api/v1.0/requests', '201'],
    ['POST', '/api/v1.0/tasks-assignment/assign', '200'],
    ['POST', '/api/v1.0/tasks/actions', '200'],
  ]) {
    expect(sample(apiMetrics, 'esos_http_requests_total', { method, route, status })).toBe(JOURNEYS);
    expect(sample(apiMetrics, 'esos_http_request_duration_seconds_count', { method, route, status })).toBe(JOURNEYS);
  }
  expect(sample(apiMetrics, 'esos_http_request_errors_total')).toBeUndefined();
  // Not on the public port.
  expect(await (await fetch(`${url}/metrics`)).text()).not.toContain('esos_http_requests_total');

  // ---- metrics: the worker's, from the Temporal SDK, against what the journeys' histories hold
  const histories = await Promise.all(requestIds.map((id) => env.client.workflow.getHandle(id).fetchHistory()));
  const events = histories.flatMap((h) => h.events ?? []);
  const workflowType = events[0]!.workflowExecutionStartedEventAttributes!.workflowType!.name!;
  // Activities run as local activities (their results in markers) or on the task queue.
  const runs = { local: new Map<string, number>(), remote: new Map<string, number>() };
  const count = (map: Map<string, number>, type: string) => map.set(type, (map.get(type) ?? 0) + 1);
  const scheduled = new Map(
    events
      .filter((e) => e.activityTaskScheduledEventAttributes)
      .map((e) => [String(e.eventId), e.activityTaskScheduledEventAttributes!.activityType!.name!]),
  );
  for (const e of events) {
    if (e.activityTaskCompletedEventAttributes)
      count(runs.remote, scheduled.get(String(e.activityTaskCompletedEventAttributes.scheduledEventId))!);
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName === 'core_local_activity')
      count(
        runs.local,
        JSON.parse(Buffer.from(marker.details!.data!.payloads![0]!.data!).toString('utf8')).activity_type,
      );
  }
  const workerMetrics = await scrape('worker');
  expect(sample(workerMetrics, 'temporal_workflow_completed', { workflow_type: workflowType })).toBe(JOURNEYS);
  expect(
    sample(workerMetrics, 'temporal_workflow_task_execution_latency_seconds_count', { workflow_type: workflowType }),
  ).toBe(events.filter((e) => e.workflowTaskCompletedEventAttributes).length);
  expect(runs.local.size + runs.remote.size).toBeGreaterThan(0);
  const executions = (metric: string, map: Map<string, number>) =>
    [...map.keys()].map((type) => [type, sample(workerMetrics, metric, { activity_type: type })]);
  expect(executions('temporal_local_activity_execution_latency_seconds_count', runs.local)).toEqual([...runs.local]);
  expect(executions('temporal_activity_execution_latency_seconds_count', runs.remote)).toEqual([...runs.remote]);
  expect(sample(workerMetrics, 'temporal_num_pollers', { poller_type: 'workflow_task' })).toBeGreaterThan(0);

  // ---- traces: from the API's log line for the first application…
  const logged = await until('the application’s request log line', () =>
    api.lines.find((l) => l.msg === 'request' && l.method === 'POST' && l.path === '/api/v1.0/requests'),
  );
  expect(logged).toMatchObject({ status: 201, traceId: browserTraceId, workflowId: requestIds[0] });
  // …to the spans of that trace, from both processes.
  const inTrace = () => collector.spans.filter((s) => s.traceId === logged.traceId);
  await until('the trace’s SQL from an activity', () =>
    inTrace().some((s) => s.service === 'esos-worker' && s.name.startsWith('pg.query')),
  );
  const spans = inTrace();
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const ancestry = (span: Span): Span[] => {
    const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
    return parent ? [span, ...ancestry(parent)] : [span];
  };
  // Every span hangs from the API's route span, itself the child of the browser's span.
  const route = spans.find((s) => s.name === 'POST /api/v1.0/requests')!;
  expect(route).toMatchObject({ service: 'esos-api', parentSpanId: '1122334455667788' });
  for (const span of spans) expect(ancestry(span).at(-1)).toBe(route);
  // SQL run by an activity of the workflow the update started, down from the route.
  const activitySql = spans.find(
    (s) => s.name.startsWith('pg.query') && ancestry(s).some((a) => a.name.startsWith('RunActivity:')),
  )!;
  const names = ancestry(activitySql).map((s) => s.name.split(':')[0]);
  expect(names).toEqual(
    expect.arrayContaining([
      'pg.query',
      'RunActivity',
      'StartActivity',
      'RunWorkflow',
      'UpdateWithStartWorkflow',
      'POST /api/v1.0/requests',
    ]),
  );
  expect(spans.find((s) => s.name.startsWith('RunWorkflow:'))!.attributes).toMatchObject({ workflowId: requestIds[0] });
}, 180_000);
