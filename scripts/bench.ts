// `npm run bench`: the work-item lists under load, and the workflow engine's throughput.
//   --duration=30 --concurrency=50 (per list)  --workflows=1000  --skip-workflows  --keep-db
//   --api-processes=2 (node:cluster, as WEB_CONCURRENCY; 1: no cluster)  --token-cache=10000 (0: verify every call)
//   --lists=assigned-to-me,assigned-to-others,unassigned  --log-level=info (API logs written, to nowhere)
//   --cpu-prof (profiles of the API processes in /tmp/esos-bench-profiles)
//   --skip-floor  --fixed-seconds=15 (the fixed-load p95 phase)  --skip-cluster (journeys on the dev server only)
//   --journeys-1=20 --journeys-10=100 (the 1- and 10-user journey runs)
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
  if (args.floor) return serveFloor();
  if (args['journey-worker']) return serveJourneyWorker();
  const processes = Number(process.env.BENCH_API_PROCESSES ?? 1);
  if (processes > 1 && cluster.isPrimary) return servePrimary(processes);
  await import('../test/processes/two-step');
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
    process.send!({ maxRssMb: each.reduce((a, b) => a + b.maxRssMb, 0), cpuMs: primary.cpuMs + each.reduce((a, b) => a + b.cpuMs, 0), each: each.map((e) => e.maxRssMb), eachCpuMs: each.map((e) => e.cpuMs) });
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
  await db.raw(`insert into users (id, email, first_name, last_name, terms_version) select 'op-' || i, 'op' || i || '@bench.test', 'Olive', 'Operator ' || i, (select max(version) from terms) from generate_series(1, 10000) i`);
  await db.raw(`insert into users (id, email, first_name, last_name, terms_version) select 'reg-' || i, 'reg' || i || '@bench.test', 'Rita', 'Regulator ' || i, (select max(version) from terms) from generate_series(1, 25) i`);
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
  /** CPU per API process, when there are several. */
  eachCpuMs?: number[];
}

/**
 * CPU ms so far of each PostgreSQL client backend serving the given databases (the bench's own when
 * none are named), from /proc (Linux): with the API's, it says what a request costs whatever else the
 * machine is doing. Compare two snapshots with `cpuSince`.
 */
async function postgresCpu(db: import('knex').Knex, databases?: string[]): Promise<Map<number, number>> {
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const { rows } = await db.raw(
    `select pid from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and ${databases ? 'datname = any(?)' : 'datname = current_database()'}`,
    databases ? [databases] : [],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks);
    } catch {
      // the backend ended meanwhile
    }
  }
  return cpu;
}

/** CPU ms between two snapshots: a backend that started meanwhile counts whole; one that ended is lost (never negative). */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function startApiChild(env: NodeJS.ProcessEnv, mode: string[] = []): Promise<{ child: ChildProcess; port: number; stats: () => Promise<ApiStats> }> {
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir=/tmp/esos-bench-profiles'] : [];
  // The API's log lines (--log-level=info, as in production) go nowhere, but are written.
  const child = fork(__filename, ['--serve', ...mode], { env, execArgv: ['--import', 'tsx', ...profile], stdio: ['ignore', args['log-level'] ? 'ignore' : 'inherit', 'inherit', 'ipc'] });
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

// ---------------------------------------------------------------- the floor
// The same list and task-page SQL served by a bare node:http + pg server: no framework, no token
// check, no logging; the caller is named in the Authorization header (the token's subject, read
// without verifying it). It looks the caller up with the API's own statement, builds the list's scope
// with the API's own function, and runs the statements as the API does (prepared, generic plans),
// in as many processes as the API. What the API costs beyond it is the framework's and ours.

async function serveFloor(): Promise<void> {
  const processes = Number(process.env.BENCH_API_PROCESSES ?? 1);
  if (processes > 1 && cluster.isPrimary) return servePrimary(processes);
  const { Pool } = await import('pg');
  const { CALLER_SQL, roleTypeOf } = await import('../api/auth/current-user');
  const { TASK_PAGE_SQL } = await import('../api/routes/tasks');
  const { workItemPageStatement } = await import('../api/routes/work-items');
  type WorkItemList = import('../domain/work-items').WorkItemList;
  await import('../processes');
  // Generic plans, as infra/prepared.ts asks for them per statement: here for the whole session.
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, min: 2, max: 12, idleTimeoutMillis: 0, options: '-c plan_cache_mode=force_generic_plan' });
  // (idle connections kept: a backend that ends takes its CPU count with it, and PostgreSQL's share would be lost)
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  const callerSql = numbered(CALLER_SQL);
  const taskSql = numbered(TASK_PAGE_SQL);
  const caller = async (subject: string) => {
    const { rows } = await pool.query({ name: 'caller', text: callerSql, values: [subject] });
    const row = rows[0];
    const authorities = (row.authorities as Record<string, unknown>[]).map((a) => ({ id: Number(a.id), code: a.code, status: a.status, accountId: a.account_id, competentAuthority: a.competent_authority, verificationBodyId: a.verification_body_id, permissions: a.permissions ?? [] }));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { userId: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, roleType: roleTypeOf(authorities as any), authorities, active: authorities.filter((a) => a.status === 'ACTIVE') } as any;
  };
  const server = http.createServer(async (req, res) => {
    try {
      const subject = JSON.parse(Buffer.from(String(req.headers.authorization).split('.')[1], 'base64url').toString()).sub as string;
      const user = await caller(subject);
      const url = new URL(req.url!, 'http://floor');
      const list = /\/items\/(assigned-to-me|assigned-to-others|unassigned)$/.exec(url.pathname)?.[1];
      let body: unknown;
      if (list) {
        const page = Number(url.searchParams.get('page') ?? 0);
        const size = Number(url.searchParams.get('size') ?? 10);
        // The statement of api/routes/work-items.ts, as the API runs it.
        const statement = workItemPageStatement(user, list as WorkItemList, page, size)!;
        const text = numbered(statement.sql);
        const { rows } = await pool.query({ name: `list-${createHashName(text)}`, text, values: statement.bindings as unknown[] });
        body = { items: rows.filter((row) => row.id !== null), totalItems: rows[0].total_items };
      } else {
        const id = Number(/\/tasks\/(\d+)$/.exec(url.pathname)![1]);
        const { rows } = await pool.query({ name: 'task', text: taskSql, values: [id] });
        await pool.query({ name: 'visit', text: 'insert into request_task_visits (task_id, user_id) values ($1, $2) on conflict (task_id, user_id) do nothing', values: [id, user.userId] });
        body = rows[0];
      }
      const json = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('SIGINT', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: { type: string }) => {
    if (m.type === 'stats') process.send!(ownStats());
  });
}

function createHashName(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/**
 * An open-loop load: `rate` requests a second whatever the answers do (each on its own schedule, so a
 * slow answer does not slow the next request), for `seconds`. The p95 says how long a request waits at
 * that load, which a closed loop at full concurrency cannot (there it is concurrency / throughput).
 */
async function fixedLoad(port: number, targets: Target[], rate: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  const total = Math.floor(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const { token, path } = targets[i % targets.length];
    const started = performance.now();
    pending.push(
      get(port, path, token).then(
        (status) => {
          if (status !== 200) errors++;
          latencies.push(performance.now() - started);
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { achieved: latencies.length / ((performance.now() - t0) / 1000), p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), errors };
}

type Phase = { label: string; targets: Target[] };
type PhaseResult = Awaited<ReturnType<typeof load>> & { apiUs: number; eachUs: number[]; pgUs: number };

/** One phase at full load against a server (API or floor), with CPU per request per process. */
async function measuredPhase(server: { port: number; stats: () => Promise<ApiStats> }, phase: Phase, statsDb: import('knex').Knex): Promise<PhaseResult> {
  // Warmed up right before it is measured (connections, statements, the JIT, PostgreSQL's caches):
  // warmed up once for all phases, the first measured one came out up to a third slower in
  // PostgreSQL than the same call measured third, whichever call it was.
  await load(server.port, phase.label, phase.targets, Math.min(3, DURATION_S));
  const before = await server.stats();
  const pgBefore = await postgresCpu(statsDb);
  const r = await load(server.port, phase.label, phase.targets);
  const after = await server.stats();
  const pgUs = (cpuSince(pgBefore, await postgresCpu(statsDb)) * 1000) / r.requests;
  const eachUs = (after.eachCpuMs ?? [after.cpuMs]).map((ms, i) => ((ms - (before.eachCpuMs ?? [before.cpuMs])[i]) * 1000) / r.requests);
  return { ...r, apiUs: ((after.cpuMs - before.cpuMs) * 1000) / r.requests, eachUs, pgUs };
}

/** The floor against the API, phase by phase in the same run, then the API's p95 at half the floor's rate. */
async function floorComparison(api: { port: number; stats: () => Promise<ApiStats> }, apiResults: Map<string, PhaseResult>, phases: Phase[], env: NodeJS.ProcessEnv, statsDb: import('knex').Knex) {
  const floor = await startApiChild(env, ['--floor']);
  try {
    console.log(`\nthe floor: the same SQL from a bare node:http + pg server (${API_PROCESSES} process(es), no framework, auth or logging), ${CONCURRENCY} clients, ${DURATION_S} s each`);
    console.log('call                 floor req/s   API req/s   API/floor   floor µs/req per process   API µs/req per process   PG µs/req floor/API');
    const fixed: { label: string; rate: number }[] = [];
    for (const phase of phases) {
      const f = await measuredPhase(floor, phase, statsDb);
      const a = apiResults.get(phase.label)!;
      fixed.push({ label: phase.label, rate: Math.max(1, Math.round(f.rps / 2)) });
      const ratio = a.rps / f.rps;
      console.log(
        `${phase.label.padEnd(20)} ${f.rps.toFixed(0).padStart(11)} ${a.rps.toFixed(0).padStart(11)} ${ratio.toFixed(2).padStart(11)}${ratio >= 0.7 ? ' ✓' : ' ✗'}   ${f.eachUs.map((u) => u.toFixed(0)).join(' + ').padStart(24)}   ${a.eachUs.map((u) => u.toFixed(0)).join(' + ').padStart(22)}   ${f.pgUs.toFixed(0).padStart(8)} / ${a.pgUs.toFixed(0)}${f.errors ? `  (floor errors ${f.errors})` : ''}`,
      );
    }
    const fixedSeconds = Number(args['fixed-seconds'] ?? 15);
    console.log(`\nAPI at a fixed offered load of half the floor's throughput (open loop, ${fixedSeconds} s each): goal p95 < 10 ms`);
    console.log('(the floor at the same offered load beside it: what the machine alone gives at that rate)');
    console.log('call                 offered/s  achieved/s   p50 ms   p95 ms   p99 ms   errors   floor p50 / p95 ms   p95 API/floor');
    for (const { label, rate } of fixed) {
      const targets = phases.find((p) => p.label === label)!.targets;
      // Pools let idle connections go while the other server ran: each is warmed again first, unmeasured.
      const measure = async (port: number) => {
        await fixedLoad(port, targets, rate, Math.min(2, fixedSeconds));
        return fixedLoad(port, targets, rate, fixedSeconds);
      };
      const r = await measure(api.port);
      const f = await measure(floor.port);
      console.log(
        `${label.padEnd(20)} ${String(rate).padStart(9)} ${r.achieved.toFixed(0).padStart(11)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}${r.p95 < 10 ? ' ✓' : ' ✗'} ${r.p99.toFixed(1).padStart(7)} ${String(r.errors).padStart(8)}   ${`${f.p50.toFixed(1)} / ${f.p95.toFixed(1)}`.padStart(18)}   ${(r.p95 / f.p95).toFixed(2).padStart(13)}${f.errors ? `  (floor errors ${f.errors})` : ''}`,
      );
    }
    const rss = await floor.stats();
    console.log(`peak RSS per process: floor ${(rss.each ?? [rss.maxRssMb]).map((m) => m.toFixed(0)).join(' + ')} MB`);
  } finally {
    floor.child.kill('SIGINT');
    await new Promise((r) => (floor.child.exitCode !== null ? r(null) : floor.child.once('exit', r)));
  }
}

// ---------------------------------------------------------------- journeys on two Temporal set-ups
// start → submit → assign → decide of the two-step test process, through the API, on (a) the CLI's
// dev server on SQLite as `npm start` runs it and (b) the Temporal server v1.30.4 on PostgreSQL as
// `npm run start:cluster` runs it; each with its own API (node:cluster) and worker child processes,
// so every process's CPU is its own.

/** The worker of the journeys, in a child process: the engine's workflows and request activities. */
async function serveJourneyWorker(): Promise<void> {
  const { Worker, NativeConnection, DefaultLogger, Runtime } = await import('@temporalio/worker');
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const { createDb } = await import('../infra/db');
  const { createRequestActivities } = await import('../activities/requests');
  const { workerPolling } = await import('../infra/temporal');
  const db = createDb(process.env.DATABASE_URL!, { min: 0, max: 10 });
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  const worker = await Worker.create({
    connection,
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    workflowsPath: require.resolve('../test/workflows/index'),
    activities: createRequestActivities({ db, homeUrl: 'http://bench.test' }),
    maxConcurrentActivityTaskExecutions: 50,
    ...workerPolling,
  });
  const running = worker.run();
  process.on('message', (m: { type: string }) => {
    if (m.type === 'stats') process.send!(ownStats());
  });
  const stop = () => worker.getState() === 'RUNNING' && worker.shutdown();
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.send!({ port: 0 }); // ready
  await running;
  await connection.close();
  await db.destroy();
  process.exit(0);
}

let nextJourneyAccount = 1;

/** `count` journeys by `users` concurrent users; the next-task visibility of each, and errors. */
async function driveJourneys(port: number, client: import('@temporalio/client').Client, taskQueue: string, count: number, users: number) {
  const { twoStepProcess } = await import('../test/processes/two-step');
  const { requestIdOf } = await import('../domain/process-registry');
  const { startRequestWorkflow } = await import('../api/request-workflows');
  const { loadConfig } = await import('../infra/config');
  const base = loadConfig();
  const deps = { temporal: async () => client, config: { ...base, temporal: { ...base.temporal, taskQueue } } };
  const visible: number[] = [];
  const opened: number[] = [];
  const requestIds: string[] = [];
  let errors = 0;
  let started = 0;
  const first = nextJourneyAccount;
  nextJourneyAccount += count;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(users, count) }, async () => {
      while (started < count) {
        const accountId = first + started++;
        const ca = CAS[accountId % 5];
        try {
          const operator = `op-${accountId}`;
          const opToken = await mint(operator);
          const startAt = performance.now();
          const snapshot = await startRequestWorkflow(deps, twoStepProcess, {
            requestId: requestIdOf(twoStepProcess, accountId),
            requestType: twoStepProcess.requestType,
            accountId,
            competentAuthority: ca,
            startedBy: { userId: operator, fullName: 'Olive Operator', roleType: 'OPERATOR' },
          });
          const submitAt = performance.now();
          opened.push(submitAt - startAt);
          const submitted = await call(port, 'POST', '/api/v1.0/tasks/actions', opToken, { requestTaskId: snapshot.tasks[0].taskId, requestTaskActionType: 'TEST_TWO_STEP_SUBMIT_APPLICATION', requestTaskActionPayload: { summary: 'Bench' } });
          if (submitted.status !== 200) throw new Error(submitted.body);
          const reviewId = (JSON.parse(submitted.body) as { nextTasks: { taskId: number }[] }).nextTasks[0].taskId;
          const regulator = `reg-${accountId % 5 || 5}`; // a regulator of the account's CA
          const regToken = await mint(regulator);
          // The next task must be in the regulator's view of the request; the submit answered only once it was.
          const item = await call(port, 'GET', `/api/v1.0/items/${requestIdOf(twoStepProcess, accountId)}`, regToken);
          if (!item.body.includes(`"taskId":${reviewId}`)) throw new Error('next task not visible');
          visible.push(performance.now() - submitAt);
          const assign = await call(port, 'POST', '/api/v1.0/tasks-assignment/assign', regToken, { taskId: reviewId, userId: regulator });
          if (assign.status !== 200) throw new Error(assign.body);
          const decided = await call(port, 'POST', '/api/v1.0/tasks/actions', regToken, { requestTaskId: reviewId, requestTaskActionType: 'TEST_TWO_STEP_DECIDE', requestTaskActionPayload: { decision: 'ACCEPTED' } });
          if (decided.status !== 200) throw new Error(decided.body);
          requestIds.push(requestIdOf(twoStepProcess, accountId));
        } catch (err) {
          errors++;
          if (errors <= 3) console.error('journey error:', (err as Error).message.slice(0, 300));
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  visible.sort((a, b) => a - b);
  opened.sort((a, b) => a - b);
  const start = { p50: pct(opened, 50), p95: pct(opened, 95), max: opened.at(-1) ?? 0 };
  return { completed: requestIds.length, seconds, perSecond: requestIds.length / seconds, p50: pct(visible, 50), p95: pct(visible, 95), start, errors, requestIds };
}

/**
 * The Temporal floor: `count` bare journeys (workflows/testing/bare-journey.ts) by `users` concurrent
 * users, straight through the Temporal client: the same update-with-start and three updates as ours,
 * with no activity, database or API. `step` times the second update (our submit's place).
 */
async function driveBareJourneys(client: import('@temporalio/client').Client, taskQueue: string, count: number, users: number) {
  const { WithStartWorkflowOperation } = await import('@temporalio/client');
  const { bareStepUpdate, BARE_JOURNEY_STEPS } = await import('../test/workflows/bare-journey');
  const steps: number[] = [];
  const opened: number[] = [];
  let completed = 0;
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(users, count) }, async () => {
      while (started < count) {
        const workflowId = `bare-${process.pid}-${taskQueue}-${nextBareJourney++}`;
        started++;
        try {
          const startAt = performance.now();
          const operation = new WithStartWorkflowOperation('bareJourney', { workflowId, taskQueue, workflowIdConflictPolicy: 'FAIL' });
          await client.workflow.executeUpdateWithStart(bareStepUpdate, { startWorkflowOperation: operation });
          opened.push(performance.now() - startAt);
          const handle = client.workflow.getHandle(workflowId);
          for (let i = 2; i <= BARE_JOURNEY_STEPS; i++) {
            const stepAt = performance.now();
            const n = await handle.executeUpdate(bareStepUpdate);
            if (n !== i) throw new Error(`step ${i} answered ${n}`);
            if (i === 2) steps.push(performance.now() - stepAt);
          }
          await handle.result();
          completed++;
        } catch (err) {
          errors++;
          if (errors <= 3) console.error('bare journey error:', (err as Error).message.slice(0, 300));
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  steps.sort((a, b) => a - b);
  opened.sort((a, b) => a - b);
  return { completed, errors, perSecond: completed / seconds, p50: pct(steps, 50), p95: pct(steps, 95), start: { p50: pct(opened, 50), p95: pct(opened, 95) } };
}

let nextBareJourney = 1;

/** CPU time (ms) of a process from /proc, children not included. */
function processCpuMs(pid: number): number {
  const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

/** Peak RSS (MB) of a process from /proc. */
function processPeakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface TemporalSetup {
  name: string;
  address: string;
  pid: number;
  /** Databases whose PostgreSQL backends count as this set-up's store (none for SQLite). */
  pgDatabases: string[];
  stop: () => Promise<void>;
}

async function waitPort(port: number, seconds = 120): Promise<void> {
  const net = await import('node:net');
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing answered on ${port}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/** The CLI's dev server on a SQLite file, started as `npm start` starts it. */
async function startDevServer(): Promise<TemporalSetup> {
  const { temporalCliPath } = await import('../test/temporal');
  const { spawn } = await import('node:child_process');
  const port = 17_233;
  const dir = fs.mkdtempSync('/tmp/esos-bench-dev-');
  const child = spawn(temporalCliPath(), [
    'server', 'start-dev', '--db-filename', `${dir}/temporal.sqlite`, '--ip', '127.0.0.1', '--port', String(port), '--headless', '--log-level', 'warn',
    '--dynamic-config-value', 'frontend.enableUpdateWorkflowExecution=true', '--dynamic-config-value', 'frontend.enableUpdateWorkflowExecutionAsyncAccepted=true',
    '--search-attribute', 'EsosAccountId=Keyword', '--search-attribute', 'EsosRequestType=Keyword', '--search-attribute', 'EsosCompetentAuthority=Keyword',
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitPort(port);
  return { name: 'dev server (SQLite)', address: `127.0.0.1:${port}`, pid: child.pid!, pgDatabases: [], stop: async () => { await stopChild(child); fs.rmSync(dir, { recursive: true, force: true }); } };
}

/** The Temporal server v1.30.4 on PostgreSQL as `npm run start:cluster` runs it; null when it is not built. */
async function startClusterServer(): Promise<TemporalSetup | null> {
  // Plain JavaScript (it runs before npm install): typed here by what the bench uses of it.
  const toolchainModule: string = './toolchain.mjs';
  const toolchain = (await import(toolchainModule)) as {
    ensureTemporalServer: (o: { build: boolean }) => { server: string } | null;
    setupTemporalSchema: (binaries: object, database: object) => void;
    clusterPorts: (base: number) => { frontend: number };
    writeTemporalServerConfig: (binaries: object, dir: string, options: object) => string;
    temporalServerArgs: (dir: string) => string[];
  };
  const binaries = toolchain.ensureTemporalServer({ build: false });
  if (!binaries) return null;
  const { dropDatabase } = await import('../infra/db');
  const { spawn } = await import('node:child_process');
  const { prepareNamespace } = await import('./temporal-namespace');
  const pg = new URL(BASE_DB);
  const database = { host: pg.hostname, port: Number(pg.port || 5432), user: decodeURIComponent(pg.username || 'postgres'), password: decodeURIComponent(pg.password), database: 'temporal_bench', visibilityDatabase: 'temporal_bench_visibility' };
  for (const name of [database.database, database.visibilityDatabase]) await dropDatabase(Object.assign(new URL(BASE_DB), { pathname: `/${name}` }).toString());
  toolchain.setupTemporalSchema(binaries, database);
  const ports = toolchain.clusterPorts(17_433);
  const dir = toolchain.writeTemporalServerConfig(binaries, fs.mkdtempSync('/tmp/esos-bench-cluster-'), { ...database, ports });
  const child = spawn(binaries.server, toolchain.temporalServerArgs(dir), { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitPort(ports.frontend);
  const address = `127.0.0.1:${ports.frontend}`;
  await prepareNamespace(address, 'default');
  return {
    name: 'Temporal v1.30.4 (PostgreSQL)',
    address,
    pid: child.pid!,
    pgDatabases: [database.database, database.visibilityDatabase],
    stop: async () => { await stopChild(child); fs.rmSync(dir, { recursive: true, force: true }); },
  };
}


/** Journeys on one set-up: 1 user, 10 users, then the full load; figures per journey and per process. */
async function journeysOn(setup: TemporalSetup, env: NodeJS.ProcessEnv, statsDb: import('knex').Knex) {
  const { Connection, Client } = await import('@temporalio/client');
  const taskQueue = `bench-${process.pid}-${setup.pid}`;
  const childEnv = { ...env, TEMPORAL_ADDRESS: setup.address, TEMPORAL_TASK_QUEUE: taskQueue };
  const api = await startApiChild(childEnv);
  const worker = await startApiChild(childEnv, ['--journey-worker']);
  const connection = await Connection.connect({ address: setup.address });
  const client = new Client({ connection });
  const databases = ['esos_bench', ...setup.pgDatabases];
  try {
    await driveJourneys(api.port, client, taskQueue, 5, 5); // warm-up: connections, bundles, JIT
    const one = await driveJourneys(api.port, client, taskQueue, Number(args['journeys-1'] ?? 20), 1);
    const ten = await driveJourneys(api.port, client, taskQueue, Number(args['journeys-10'] ?? 100), 10);
    const before = { temporal: processCpuMs(setup.pid), worker: (await worker.stats()).cpuMs, api: await api.stats(), pg: await postgresCpu(statsDb, databases) };
    const full = await driveJourneys(api.port, client, taskQueue, WORKFLOWS, CONCURRENCY);
    const after = { temporal: processCpuMs(setup.pid), worker: (await worker.stats()).cpuMs, api: await api.stats(), pg: await postgresCpu(statsDb, databases) };
    const n = Math.max(1, full.completed);
    const history = await Promise.all(full.requestIds.slice(0, 5).map(async (id) => (await client.workflow.getHandle(id).fetchHistory()).events?.length ?? 0));
    // The floor, on the same server and worker process, right after.
    await driveBareJourneys(client, taskQueue, 5, 5);
    const bareOne = await driveBareJourneys(client, taskQueue, Number(args['journeys-1'] ?? 20), 1);
    const bareTen = await driveBareJourneys(client, taskQueue, Number(args['journeys-10'] ?? 100), 10);
    const bareBefore = { temporal: processCpuMs(setup.pid), worker: (await worker.stats()).cpuMs, pg: await postgresCpu(statsDb, setup.pgDatabases) };
    const bareFull = await driveBareJourneys(client, taskQueue, WORKFLOWS, CONCURRENCY);
    const bareAfter = { temporal: processCpuMs(setup.pid), worker: (await worker.stats()).cpuMs, pg: await postgresCpu(statsDb, setup.pgDatabases) };
    const bareN = Math.max(1, bareFull.completed);
    return {
      one,
      ten,
      full,
      cpuPerJourney: {
        temporal: (after.temporal - before.temporal) / n,
        worker: (after.worker - before.worker) / n,
        api: (after.api.cpuMs - before.api.cpuMs) / n,
        postgres: cpuSince(before.pg, after.pg) / n,
      },
      events: history.length ? history.reduce((a, b) => a + b, 0) / history.length : 0,
      bare: {
        one: bareOne,
        ten: bareTen,
        full: bareFull,
        cpuPerJourney: {
          temporal: (bareAfter.temporal - bareBefore.temporal) / bareN,
          worker: (bareAfter.worker - bareBefore.worker) / bareN,
          postgres: cpuSince(bareBefore.pg, bareAfter.pg) / bareN,
        },
      },
      rss: { temporal: processPeakRssMb(setup.pid), worker: (await worker.stats()).maxRssMb, api: (await api.stats()).each ?? [(await api.stats()).maxRssMb] },
    };
  } finally {
    await connection.close();
    for (const child of [worker.child, api.child]) {
      child.kill('SIGINT');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
  }
}

/** Both set-ups, one after the other in the same run, printed side by side. */
async function journeysSideBySide(env: NodeJS.ProcessEnv, statsDb: import('knex').Knex) {
  const results: { name: string; r: Awaited<ReturnType<typeof journeysOn>> }[] = [];
  const starters = [startDevServer, ...(args['skip-cluster'] ? [] : [startClusterServer])];
  for (const start of starters) {
    const setup = await start();
    if (!setup) {
      console.log('\n(the Temporal server v1.30.4 is not built: run `npm run start:cluster` once; journeys on the dev server only)');
      continue;
    }
    try {
      results.push({ name: setup.name, r: await journeysOn(setup, env, statsDb) });
    } finally {
      await setup.stop();
    }
  }
  const col = (f: (r: Awaited<ReturnType<typeof journeysOn>>) => string) => results.map(({ r }) => f(r).padStart(30)).join('');
  console.log(`\njourneys start → submit → assign → decide through the API (${API_PROCESSES} API processes, 1 worker process); ${os.cpus().length} cores, load average ${loadAverage()}`);
  console.log(`${''.padEnd(44)}${results.map(({ name }) => name.padStart(30)).join('')}`);
  const row = (label: string, f: (r: Awaited<ReturnType<typeof journeysOn>>) => string) => console.log(`${label.padEnd(44)}${col(f)}`);
  row('1 user: submit → next task visible p50/p95', (r) => `${r.one.p50.toFixed(0)} / ${r.one.p95.toFixed(0)} ms`);
  row('10 users: submit → next task visible p50/p95', (r) => `${r.ten.p50.toFixed(0)} / ${r.ten.p95.toFixed(0)} ms`);
  row('10 users: completed/s', (r) => r.ten.perSecond.toFixed(1));
  row(`${WORKFLOWS} journeys by ${CONCURRENCY} users: completed/s`, (r) => `${r.full.perSecond.toFixed(1)} (${r.full.completed} ok, ${r.full.errors} errors)`);
  row(`${WORKFLOWS} journeys: next task visible p50/p95`, (r) => `${r.full.p50.toFixed(0)} / ${r.full.p95.toFixed(0)} ms`);
  row('10 users: start → first task open p50/p95/max', (r) => `${r.ten.start.p50.toFixed(0)} / ${r.ten.start.p95.toFixed(0)} / ${r.ten.start.max.toFixed(0)} ms`);
  row(`${WORKFLOWS} journeys: start → first task open p50/p95/max`, (r) => `${r.full.start.p50.toFixed(0)} / ${r.full.start.p95.toFixed(0)} / ${r.full.start.max.toFixed(0)} ms`);
  row('CPU ms per journey: Temporal server', (r) => r.cpuPerJourney.temporal.toFixed(1));
  row('CPU ms per journey: worker', (r) => r.cpuPerJourney.worker.toFixed(1));
  row('CPU ms per journey: API (all processes)', (r) => r.cpuPerJourney.api.toFixed(1));
  row('CPU ms per journey: PostgreSQL', (r) => r.cpuPerJourney.postgres.toFixed(1));
  row('CPU ms per journey: all', (r) => Object.values(r.cpuPerJourney).reduce((a, b) => a + b, 0).toFixed(1));
  row('history events per journey', (r) => r.events.toFixed(0));
  row('peak RSS MB: Temporal / worker / API', (r) => `${r.rss.temporal.toFixed(0)} / ${r.rss.worker.toFixed(0)} / ${r.rss.api.map((m) => m.toFixed(0)).join('+')}`);
  const sum = (cpu: Record<string, number>) => Object.values(cpu).reduce((a, b) => a + b, 0);
  console.log('\nthe Temporal floor: the same start and three updates of a bare workflow (no activity, database or API), through the client, on the same server and worker');
  row('1 user: update p50/p95', (r) => `${r.bare.one.p50.toFixed(0)} / ${r.bare.one.p95.toFixed(0)} ms`);
  row('10 users: update p50/p95', (r) => `${r.bare.ten.p50.toFixed(0)} / ${r.bare.ten.p95.toFixed(0)} ms`);
  row('10 users: completed/s', (r) => r.bare.ten.perSecond.toFixed(1));
  row(`${WORKFLOWS} journeys by ${CONCURRENCY} users: completed/s`, (r) => `${r.bare.full.perSecond.toFixed(1)} (${r.bare.full.completed} ok, ${r.bare.full.errors} errors)`);
  row('CPU ms per journey: Temporal / worker / PG', (r) => `${r.bare.cpuPerJourney.temporal.toFixed(1)} / ${r.bare.cpuPerJourney.worker.toFixed(1)} / ${r.bare.cpuPerJourney.postgres.toFixed(1)}`);
  row('CPU ms per journey: all', (r) => sum(r.bare.cpuPerJourney).toFixed(1));
  console.log('\nours against the floor');
  row('CPU per journey, ours / floor', (r) => `${(sum(r.cpuPerJourney) / sum(r.bare.cpuPerJourney)).toFixed(2)}`);
  row('CPU of Temporal + worker, ours / floor', (r) => `${((r.cpuPerJourney.temporal + r.cpuPerJourney.worker) / (r.bare.cpuPerJourney.temporal + r.bare.cpuPerJourney.worker)).toFixed(2)}`);
  row('10 users: step p95, ours / floor', (r) => `${(r.ten.p95 / r.bare.ten.p95).toFixed(2)}`);
  row('full load: completed/s, floor / ours', (r) => `${(r.bare.full.perSecond / r.full.perSecond).toFixed(2)}`);
}

async function main(): Promise<void> {
  if (args.serve) return serve();
  await benchSubmissionPdf();
  if (args['pdf-only']) return;
  await seed();
  const { DefaultLogger, Runtime } = await import('@temporalio/worker');
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const jwk = await createSigningKey();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    // The lists need no workflow engine; the journeys start API processes of their own.
    TEMPORAL_ADDRESS: '127.0.0.1:1',
    SEED_DEMO_DATA: 'false',
    BENCH_JWK: JSON.stringify(jwk),
    BENCH_TOKEN_CACHE: String(TOKEN_CACHE),
    BENCH_API_PROCESSES: String(API_PROCESSES),
    BENCH_LOG_LEVEL: String(args['log-level'] ?? 'silent'),
  };
  const api = await startApiChild(childEnv);
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
    console.log(`\nwork-item lists and task pages: ${CONCURRENCY} concurrent clients, ${DURATION_S} s each, half regulators (about 4,000 tasks in their CA) and half operators`);
    console.log(`API: ${API_PROCESSES} process(es), token cache ${TOKEN_CACHE || 'off'}; ${os.cpus().length} cores, load average ${loadAverage()}`);
    console.log('CPU per request (µs): of the API processes, of PostgreSQL, of this load generator.');
    console.log('call                 requests   req/s    p50 ms   p95 ms   p99 ms   errors   API µs   PG µs  load µs   load average after');
    const apiResults = new Map<string, PhaseResult>();
    for (const phase of phases) {
      const loadBefore = process.cpuUsage();
      const r = await measuredPhase(api, phase, statsDb);
      apiResults.set(phase.label, r);
      const before = { load: loadBefore };
      const { apiUs, pgUs } = r;
      const loadCpu = process.cpuUsage(before.load);
      const loadUs = (loadCpu.user + loadCpu.system) / r.requests;
      console.log(
        `${r.label.padEnd(20)} ${String(r.requests).padStart(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)} ${apiUs.toFixed(0).padStart(8)} ${pgUs.toFixed(0).padStart(7)} ${loadUs.toFixed(0).padStart(8)}   ${loadAverage()}`,
      );
    }
    console.log(`API peak RSS: ${showRss(await api.stats())}`);
    if (!args['skip-floor']) await floorComparison(api, apiResults, phases, childEnv, statsDb);
    if (!args['skip-workflows']) await journeysSideBySide(childEnv, statsDb);
  } finally {
    api.child.kill('SIGINT');
    await new Promise((r) => (api.child.exitCode !== null ? r(null) : api.child.once('exit', r)));
    agent.destroy();
    await statsDb.destroy();
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
  const { largestNotificationDocument } = await import('../test/fixtures/largest-document');
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
