// `npm run bench`: the work-item lists under load, and the workflow engine's throughput.
//   --duration=30 --concurrency=50 (per list)  --workflows=1000  --skip-workflows  --keep-db
//   --api-processes=2 (node:cluster, as WEB_CONCURRENCY; 1: no cluster)  --token-cache=10000 (0: verify every call)
//   --lists=assigned-to-me,assigned-to-others,unassigned  --log-level=info (API logs written, to nowhere)
//   --cpu-prof (profiles of the API processes in /tmp/esos-bench-profiles)
// Seeds its own database (esos_bench) with 10,000 accounts and 100,000 open tasks, runs the API in
// child processes (so their peak RSS is their own and the load generator does not share their event
// loop), then starts workflows on a Temporal dev server from the installed CLI with a worker in this
// process. Bearer tokens are ES256 JWTs checked by the production verifier (api/auth/verify-token.ts).
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
const DURATION_S = Number(args.duration ?? 30);
const CONCURRENCY = Number(args.concurrency ?? 50);
const WORKFLOWS = Number(args.workflows ?? 1000);
const API_PROCESSES = Number(args['api-processes'] ?? 2);
const TOKEN_CACHE = Number(args['token-cache'] ?? 10_000);
const LISTS = String(args.lists ?? 'assigned-to-me,assigned-to-others,unassigned').split(',');
const ISSUER = 'http://bench.test/auth';
const AUDIENCE = 'esos-api';
const BASE_DB = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = (() => {
  const u = new URL(BASE_DB);
  u.pathname = '/esos_bench';
  return u.toString();
})();

const CAS = ['ENGLAND', 'WALES', 'SCOTLAND', 'NORTHERN_IRELAND', 'OPRED'];

// The provider's part: an ES256 key of its own, tokens as the embedded provider issues them.
let signingKey: CryptoKey;
async function createSigningKey(): Promise<JWK> {
  const pair = await generateKeyPair('ES256', { extractable: true });
  signingKey = pair.privateKey;
  return { ...(await exportJWK(pair.publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
}

const mint = (userId: string) =>
  new SignJWT({ email: `${userId}@bench.test`, given_name: 'Bench', family_name: userId })
    .setProtectedHeader({ alg: 'ES256', kid: 'bench', typ: 'at+jwt' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(signingKey);

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(', ');

// ---------------------------------------------------------------- API child process
async function serve(): Promise<void> {
  const processes = Number(process.env.BENCH_API_PROCESSES ?? 1);
  if (processes > 1 && cluster.isPrimary) return servePrimary(processes);
  await import('../domain/processes/testing/two-step');
  const { createApp } = await import('../api/app');
  const { createTokenVerifier } = await import('../api/auth/verify-token');
  const { loadConfig } = await import('../infra/config');
  const { createDb } = await import('../infra/db');
  const { createLogger } = await import('../infra/logger');
  const { lazyClient } = await import('../infra/temporal');
  const config = loadConfig();
  const verifyToken = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: createLocalJWKSet({ keys: [JSON.parse(process.env.BENCH_JWK!) as JWK] }),
    cacheSize: Number(process.env.BENCH_TOKEN_CACHE),
  });
  const { ClamdScanner } = await import('../infra/clamd');
  const app = createApp({ config, db: createDb(config.databaseUrl, { min: 2, max: 12 }), logger: createLogger(process.env.BENCH_LOG_LEVEL ?? 'silent'), temporal: lazyClient(config), verifyToken, virusScanner: new ClamdScanner(config.clamav) });
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 60_000;
  // In a cluster every worker's listen(0) gets the same port, handed out by the primary.
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('SIGINT', () => process.exit(0)); // --cpu-prof writes its profile on a normal exit
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: { type: string }) => {
    if (m.type === 'stats') process.send!(ownStats());
  });
}

function ownStats(): ApiStats {
  const cpu = process.cpuUsage();
  return { maxRssMb: process.resourceUsage().maxRSS / 1024, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** The cluster's primary: forks the API processes, tells the bench the port once all listen, sums their figures. */
async function servePrimary(processes: number): Promise<void> {
  const workers = Array.from({ length: processes }, () => cluster.fork());
  const ports = await Promise.all(workers.map((w) => new Promise<number>((resolve) => w.once('message', (m: { port: number }) => resolve(m.port)))));
  process.send!({ port: ports[0] });
  const stop = () => {
    for (const w of workers) w.process.kill('SIGINT');
    Promise.all(workers.map((w) => new Promise((r) => (w.isDead() ? r(null) : w.once('exit', r))))).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('message', async (m: { type: string }) => {
    if (m.type !== 'stats') return;
    const each = await Promise.all(
      workers.map(
        (w) =>
          new Promise<ApiStats>((resolve) => {
            w.once('message', resolve);
            w.send({ type: 'stats' });
          }),
      ),
    );
    const primary = ownStats();
    process.send!({ maxRssMb: each.reduce((a, b) => a + b.maxRssMb, 0), cpuMs: primary.cpuMs + each.reduce((a, b) => a + b.cpuMs, 0), each: each.map((e) => e.maxRssMb) });
  });
}

// ---------------------------------------------------------------- seed
async function seed() {
  const { createDb, dropDatabase, ensureDatabase, migrate } = await import('../infra/db');
  const { allRegulatorPermissions, operatorRoles } = await import('../domain/authorities');
  if (!args['keep-db']) await dropDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, { min: 0, max: 2 });
  await migrate(db);
  const started = Date.now();
  const existing = await db('request_tasks').count<{ n: string }[]>({ n: '*' });
  if (Number(existing[0].n) >= 100_000) {
    await db.destroy();
    return;
  }
  const cas = `array['${CAS.join("','")}']`;
  await db.raw(`insert into accounts (id, organisation_id, name, registration_number, status, competent_authority, address_line1, city)
    select i, 'ORG' || lpad(i::text, 6, '0'), 'Organisation ' || i, 'RN' || lpad(i::text, 8, '0'), 'LIVE', (${cas})[1 + i % 5], '1 High Street', 'Bristol'
    from generate_series(1, 10000) i`);
  await db.raw(`select setval('accounts_id_seq', 10000)`);
  await db.raw(`insert into users (id, email, first_name, last_name) select 'op-' || i, 'op' || i || '@bench.test', 'Olive', 'Operator ' || i from generate_series(1, 10000) i`);
  await db.raw(`insert into users (id, email, first_name, last_name) select 'reg-' || i, 'reg' || i || '@bench.test', 'Rita', 'Regulator ' || i from generate_series(1, 25) i`);
  await db.raw(`insert into authorities (user_id, code, status, account_id, permissions) select 'op-' || i, 'operator_admin', 'ACTIVE', i, ? from generate_series(1, 10000) i`, [
    [...operatorRoles.operator_admin.permissions],
  ]);
  await db.raw(`insert into authorities (user_id, status, competent_authority, permissions) select 'reg-' || i, 'ACTIVE', (${cas})[1 + i % 5], ? from generate_series(1, 25) i`, [allRegulatorPermissions]);
  await db.raw(`insert into account_contacts (account_id, contact_type, user_id) select i, 'PRIMARY', 'op-' || i from generate_series(1, 10000) i`);
  // One open task per request; every fifth a regulator review, a third of those unassigned.
  await db.raw(`insert into requests (id, type, status, account_id, competent_authority)
    select 'BN' || lpad(i::text, 7, '0'), case when i % 5 = 0 then 'ORGANISATION_ACCOUNT_OPENING' else (array['NOTIFICATION_OF_COMPLIANCE_P3','ACTION_PLAN_P3','PROGRESS_UPDATE_1_P3'])[1 + i % 3] end,
      'IN_PROGRESS', 1 + (i / 10) % 10000, (${cas})[1 + (1 + (i / 10) % 10000) % 5]
    from generate_series(1, 100000) i`);
  await db.raw(`insert into request_tasks (request_id, type, assignee, account_id, competent_authority, start_date, due_date)
    select r.id,
      case when i % 5 = 0 then 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW' else (array['NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT','ACTION_PLAN_P3_APPLICATION_SUBMIT','PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT'])[1 + i % 3] end,
      case when i % 5 = 0 then (case when i % 3 = 0 then null else 'reg-' || ((r.account_id % 5) + 5 * (1 + (i / 7) % 4)) end)
           else (case when i % 11 = 0 then null else 'op-' || r.account_id end) end,
      r.account_id, r.competent_authority, now() - (i || ' seconds')::interval,
      case when i % 4 = 0 then current_date + (i % 30 - 5) else null end
    from generate_series(1, 100000) i join requests r on r.id = 'BN' || lpad(i::text, 7, '0')`);
  // vacuum sets the visibility map, so the list counts are index-only scans as on a settled database.
  await db.raw('vacuum analyze');
  console.log(`seeded 10,000 accounts and 100,000 tasks in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await db.destroy();
}

// ---------------------------------------------------------------- load
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

function call(port: number, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { authorization: `Bearer ${token}`, ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** A GET whose body is not needed: read and dropped, so the load generator spends little on it. */
function get(port: number, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A call the load makes: whose token, which path. */
interface Target {
  token: string;
  path: string;
}

/** CONCURRENCY clients calling the targets in turn for `seconds`; every answer must be 200. */
async function load(port: number, label: string, targets: Target[], seconds = DURATION_S) {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (Date.now() < end) {
        const { token, path } = targets[(client + n++) % targets.length];
        const t0 = performance.now();
        try {
          if ((await get(port, path, token)) !== 200) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { label, requests: latencies.length, rps: latencies.length / seconds, p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), errors };
}

/** Pages 1 to 3 of a list, for each user. */
const listTargets = (list: string, users: { token: string }[]): Target[] =>
  users.flatMap(({ token }) => [0, 1, 2].map((page) => ({ token, path: `/api/v1.0/ORGANISATION/items/${list}?page=${page}&size=10` })));

interface ApiStats {
  /** Peak RSS, summed over the API processes. */
  maxRssMb: number;
  /** CPU time used so far (user + system), summed. */
  cpuMs: number;
  /** Peak RSS per API process, when there are several. */
  each?: number[];
}

/**
 * CPU time of the PostgreSQL backends serving the bench database so far, from /proc (Linux): with
 * the API's, it says what a request costs whatever else the machine is doing.
 */
async function postgresCpuMs(db: import('knex').Knex): Promise<number> {
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const { rows } = await db.raw('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  let total = 0;
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
    } catch {
      // the backend ended meanwhile
    }
  }
  return total;
}

async function startApiChild(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number; stats: () => Promise<ApiStats> }> {
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir=/tmp/esos-bench-profiles'] : [];
  // The API's log lines (--log-level=info, as in production) go nowhere, but are written.
  const child = fork(__filename, ['--serve'], { env, execArgv: ['--import', 'tsx', ...profile], stdio: ['ignore', args['log-level'] ? 'ignore' : 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`the API exited with ${code}`)));
  });
  const stats = () =>
    new Promise<ApiStats>((resolve) => {
      child.once('message', (m: ApiStats) => resolve(m));
      child.send({ type: 'stats' });
    });
  return { child, port, stats };
}

// ---------------------------------------------------------------- workflows
async function benchWorkflows(port: number, address: string, taskQueue: string) {
  const { Worker, NativeConnection, bundleWorkflowCode, DefaultLogger } = await import('@temporalio/worker');
  const { Connection, Client } = await import('@temporalio/client');
  const { createDb } = await import('../infra/db');
  const { createRequestActivities } = await import('../activities/requests');
  const { twoStepProcess } = await import('../domain/processes/testing/two-step');
  const { startRequestWorkflow } = await import('../api/routes/requests-engine');
  const { loadConfig } = await import('../infra/config');
  const db = createDb(databaseUrl, { min: 0, max: 10 });
  const connection = await NativeConnection.connect({ address });
  const client = new Client({ connection: await Connection.connect({ address }) });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle: await bundleWorkflowCode({ workflowsPath: require.resolve('../workflows/testing/index'), logger: new DefaultLogger('WARN') }),
    activities: createRequestActivities({ db, homeUrl: 'http://bench.test' }),
    maxConcurrentActivityTaskExecutions: 50,
  });
  const running = worker.run();
  const base = loadConfig();
  const deps = { temporal: async () => client, config: { ...base, temporal: { ...base.temporal, taskQueue } } };
  const regulatorTokens = new Map<string, string>();
  for (let i = 1; i <= 25; i++) regulatorTokens.set(CAS[i % 5], await mint(`reg-${i}`));
  const visible: number[] = [];
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, WORKFLOWS) }, async () => {
      while (next < WORKFLOWS) {
        const accountId = 1 + next++;
        const ca = CAS[accountId % 5];
        try {
          const operator = `op-${accountId}`;
          const opToken = await mint(operator);
          const started = await startRequestWorkflow(deps, twoStepProcess, {
            requestId: twoStepProcess.requestId(accountId),
            requestType: twoStepProcess.requestType,
            accountId,
            competentAuthority: ca,
            startedBy: { userId: operator, fullName: 'Olive Operator', roleType: 'OPERATOR' },
          });
          const submitAt = performance.now();
          const submitted = await call(port, 'POST', '/api/v1.0/tasks/actions', opToken, { requestTaskId: started.tasks[0].taskId, requestTaskActionType: 'TEST_TWO_STEP_SUBMIT_APPLICATION', requestTaskActionPayload: { summary: 'Bench' } });
          if (submitted.status !== 200) throw new Error(submitted.body);
          const reviewId = (JSON.parse(submitted.body) as { nextTasks: { taskId: number }[] }).nextTasks[0].taskId;
          // The next task must be in the regulator's list; the submit answered only once it was.
          const regToken = regulatorTokens.get(ca)!;
          const item = await call(port, 'GET', `/api/v1.0/items/${twoStepProcess.requestId(accountId)}`, regToken);
          if (!item.body.includes(`"taskId":${reviewId}`)) throw new Error('next task not visible');
          visible.push(performance.now() - submitAt);
          const regulator = `reg-${accountId % 5 || 5}`; // a regulator of the account's CA
          const assign = await call(port, 'POST', '/api/v1.0/tasks-assignment/assign', regToken, { taskId: reviewId, userId: regulator });
          if (assign.status !== 200) throw new Error(assign.body);
          const decided = await call(port, 'POST', '/api/v1.0/tasks/actions', await mint(regulator), { requestTaskId: reviewId, requestTaskActionType: 'TEST_TWO_STEP_DECIDE', requestTaskActionPayload: { decision: 'ACCEPTED' } });
          if (decided.status !== 200) throw new Error(decided.body);
        } catch (err) {
          errors++;
          if (errors <= 3) console.error('workflow error:', (err as Error).message.slice(0, 300));
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  visible.sort((a, b) => a - b);
  worker.shutdown();
  await running;
  await connection.close();
  await db.destroy();
  return { completed: visible.length, seconds, perSecond: visible.length / seconds, p50: pct(visible, 50), p95: pct(visible, 95), errors };
}

async function main(): Promise<void> {
  if (args.serve) return serve();
  await benchSubmissionPdf();
  if (args['pdf-only']) return;
  await seed();
  const { startTestTemporal } = await import('../test/temporal');
  const { DefaultLogger, Runtime } = await import('@temporalio/worker');
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const temporal = args['skip-workflows'] ? null : await startTestTemporal();
  const taskQueue = `bench-${process.pid}`;
  const jwk = await createSigningKey();
  const api = await startApiChild({
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    TEMPORAL_ADDRESS: temporal?.address ?? '127.0.0.1:1',
    TEMPORAL_TASK_QUEUE: taskQueue,
    SEED_DEMO_DATA: 'false',
    BENCH_JWK: JSON.stringify(jwk),
    BENCH_TOKEN_CACHE: String(TOKEN_CACHE),
    BENCH_API_PROCESSES: String(API_PROCESSES),
    BENCH_LOG_LEVEL: String(args['log-level'] ?? 'silent'),
  });
  const showRss = (r: ApiStats) => `${r.maxRssMb.toFixed(0)} MB${r.each ? ` (${r.each.map((m) => m.toFixed(0)).join(' + ')} MB)` : ''}`;
  const { createDb } = await import('../infra/db');
  const statsDb = createDb(databaseUrl, { min: 0, max: 1 });
  try {
    const users: { id: string; token: string }[] = [];
    for (let i = 1; i <= 25; i++) users.push({ id: `reg-${i}`, token: await mint(`reg-${i}`) }, { id: `op-${i * 17}`, token: await mint(`op-${i * 17}`) });
    // Task pages: twenty tasks each user may open (their competent authority's, or their account's).
    const taskTargets: Target[] = [];
    for (const user of users) {
      const { rows } = await statsDb.raw(
        `select rt.id from request_tasks rt join authorities a on a.user_id = ?
          where (a.competent_authority = rt.competent_authority and rt.type = 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW') or (a.account_id = rt.account_id and rt.type <> 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW')
          order by rt.id limit 20`,
        [user.id],
      );
      for (const { id } of rows as { id: string }[]) taskTargets.push({ token: user.token, path: `/api/v1.0/tasks/${id}` });
    }
    const phases = [...LISTS.map((list) => ({ label: list, targets: listTargets(list, users) })), { label: 'task page', targets: taskTargets }];
    // Warm up connections, statements and the JIT of every API process: each phase at full load for a while.
    for (const phase of phases) await load(api.port, phase.label, phase.targets, Math.min(3, DURATION_S));
    console.log(`\nwork-item lists and task pages: ${CONCURRENCY} concurrent clients, ${DURATION_S} s each, half regulators (about 4,000 tasks in their CA) and half operators`);
    console.log(`API: ${API_PROCESSES} process(es), token cache ${TOKEN_CACHE || 'off'}; ${os.cpus().length} cores, load average ${loadAverage()}`);
    console.log('CPU per request (µs): of the API processes, of PostgreSQL, of this load generator.');
    console.log('call                 requests   req/s    p50 ms   p95 ms   p99 ms   errors   API µs   PG µs  load µs   load average after');
    for (const phase of phases) {
      const before = { api: (await api.stats()).cpuMs, pg: await postgresCpuMs(statsDb), load: process.cpuUsage() };
      const r = await load(api.port, phase.label, phase.targets);
      const apiUs = (((await api.stats()).cpuMs - before.api) * 1000) / r.requests;
      const pgUs = (((await postgresCpuMs(statsDb)) - before.pg) * 1000) / r.requests;
      const loadCpu = process.cpuUsage(before.load);
      const loadUs = (loadCpu.user + loadCpu.system) / r.requests;
      console.log(
        `${r.label.padEnd(20)} ${String(r.requests).padStart(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)} ${apiUs.toFixed(0).padStart(8)} ${pgUs.toFixed(0).padStart(7)} ${loadUs.toFixed(0).padStart(8)}   ${loadAverage()}`,
      );
    }
    console.log(`API peak RSS: ${showRss(await api.stats())}`);
    if (temporal) {
      const w = await benchWorkflows(api.port, temporal.address, taskQueue);
      console.log(`\nworkflows: ${w.completed} of ${WORKFLOWS} driven start → submit → assign → decide in ${w.seconds.toFixed(1)} s: ${w.perSecond.toFixed(1)} completed/s, errors ${w.errors}`);
      console.log(`submit → next task in the list: p50 ${w.p50.toFixed(0)} ms, p95 ${w.p95.toFixed(0)} ms`);
      console.log(`API peak RSS: ${showRss(await api.stats())}`);
    }
  } finally {
    api.child.kill('SIGINT');
    await new Promise((r) => (api.child.exitCode !== null ? r(null) : api.child.once('exit', r)));
    agent.destroy();
    await statsDb.destroy();
    await temporal?.teardown();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// Submission documents (issue 14): the time to render the PDF of the largest complete notification
// (the test fixture with the most answer rows), after one warm-up render; budget one second.
// `npm run bench -- --pdf-only` prints only this.
async function benchSubmissionPdf(): Promise<void> {
  const { largestNotificationDocument } = await import('../documents/largest-report');
  const { renderSubmissionPdf } = await import('../documents/pdf');
  const { name, rows, document } = largestNotificationDocument();
  const cold = performance.now();
  const first = await renderSubmissionPdf(document);
  const coldMs = performance.now() - cold;
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    await renderSubmissionPdf(document);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `submission PDF: the largest notification (${name}, ${rows} answer rows, ${first.length.toLocaleString('en-GB')} bytes) renders in ${pct(times, 50).toFixed(0)} ms (median of 10; slowest ${times[times.length - 1]!.toFixed(0)} ms; first, loading fonts, ${coldMs.toFixed(0)} ms; budget 1000 ms)\n`,
  );
}
