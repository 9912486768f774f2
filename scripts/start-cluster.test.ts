// `npm run start:cluster` as a whole — the Temporal server v1.30.4 on PostgreSQL, two workers, two
// API processes on one port — survives what production throws at it: account openings driven
// through the API while one worker is killed (SIGKILL) and the Temporal server is restarted. Every
// journey completes, and each step took effect exactly once.
// Skipped (saying so) only when the Temporal server is not built and Go is missing to build it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDb, dropDatabase, ensureDatabase, migrate, type Db } from '../infra/db';
import { createUser, grantRegulator, type TestUser } from '../test/factories';
import { freePort } from '../test/free-port';
import { TEST_NOW } from '../test/clock';
import { embeddedTokenSigner } from '../test/embedded-tokens';

const root = path.resolve(__dirname, '..');
const serverBinary = path.join(
  process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
  'esos-reporting',
  'bin',
  'temporal-server-v1.30.4',
  'server',
);
const goInstalled = spawnSync('sh', ['-c', 'command -v go']).status === 0;
const canRun = fs.existsSync(serverBinary) || goInstalled;
if (!canRun)
  console.warn(`SKIPPED: the Temporal server is not built (${serverBinary}) and Go is not installed to build it.`);
const describeCluster = canRun ? describe : describe.skip;

const JOURNEYS = 6;
const run = `${process.pid}_${Date.now().toString(36)}`;
const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbUrl = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const appDatabaseUrl = dbUrl(`esos_cluster_test_${run}`);
const temporalDbs = [`temporal_test_${run}`, `temporal_vis_test_${run}`];

let cluster: ChildProcess;
let dataDir: string;
let url: string;
let db: Db;
let sign: (user: TestUser) => Promise<string>;

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** Free ports in a row: nine for the Temporal services, or the processes' metrics. */
async function freePortRange(length = 9): Promise<number> {
  for (;;) {
    // Below 32768: the server keeps its ports in a smallint column (scripts/toolchain.mjs clusterPorts).
    const start = 20_000 + Math.floor(Math.random() * 12_000);
    const all = await Promise.all(Array.from({ length }, (_, i) => portFree(start + i)));
    if (all.every(Boolean)) return start;
  }
}

interface ClusterState {
  pids: Record<string, number>;
  /** Each process's metrics address (api-0, api-1, worker-1, worker-2). */
  metrics: Record<string, string>;
}
const state = (): ClusterState => JSON.parse(fs.readFileSync(path.join(dataDir, 'state.json'), 'utf8'));

/** The last lines the cluster printed, for a failure's message. */
function clusterLogTail(lines = 60): string {
  try {
    return fs
      .readFileSync(path.join(dataDir, 'start-cluster.log'), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n');
  } catch {
    return '(no output)';
  }
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (cluster.exitCode !== null)
      throw new Error(
        `start:cluster exited with ${cluster.exitCode} while waiting for ${what}; it printed:\n${clusterLogTail()}`,
      );
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; start:cluster printed:\n${clusterLogTail()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs a test body; a failure's message ends with what the cluster printed. */
async function withClusterLog(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    if (err instanceof Error) err.message += `\n\nstart:cluster printed:\n${clusterLogTail()}`;
    throw err;
  }
}

const healthy = () => until('the service to be healthy', async () => (await fetch(`${url}/api/health`)).ok);

async function call(user: TestUser, route: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${url}/api/v1.0${route}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await sign(user)}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  if (!canRun) return;
  await ensureDatabase(appDatabaseUrl);
  db = createDb(appDatabaseUrl, { min: 0, max: 4 });
  await migrate(db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-cluster-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // What the cluster prints (the server's warnings while it is restarted on purpose, the processes
  // started again) goes to a file, shown only when the test fails.
  const log = fs.openSync(path.join(dataDir, 'start-cluster.log'), 'a');
  cluster = spawn(process.execPath, [path.join(root, 'scripts', 'start-cluster.mjs')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: appDatabaseUrl,
      ESOS_CLOCK: TEST_NOW,
      LOG_LEVEL: 'warn',
      CLUSTER_TEMPORAL_PORT: String(await freePortRange()),
      CLUSTER_UI_PORT: String(await freePort()),
      CLUSTER_METRICS_PORT: String(await freePortRange(4)),
      CLUSTER_MAILPIT_PORT: String(await freePort()),
      CLUSTER_MAILPIT_SMTP_PORT: String(await freePort()),
      CLUSTER_TEMPORAL_DB: temporalDbs[0],
      CLUSTER_TEMPORAL_VISIBILITY_DB: temporalDbs[1],
      CLUSTER_DATA_DIR: dataDir,
      CLUSTER_SKIP_WEB_BUILD: '1',
    },
  });
  fs.closeSync(log); // the cluster holds its own copy
  // Building the server takes minutes the first time on a machine; starting it, seconds.
  await until('the service to be healthy', async () => (await fetch(`${url}/api/health`)).ok, 15 * 60_000);
  await until('both workers', async () => state().pids['worker-1'] && state().pids['worker-2']);
  // Tokens as the embedded provider issues them: its own key, from the database.
  sign = await embeddedTokenSigner(db, url);
}, 16 * 60_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    const exited = new Promise((r) => cluster.once('exit', r));
    cluster.kill('SIGTERM');
    await exited;
  }
  await db?.destroy();
  if (canRun)
    for (const name of [appDatabaseUrl, ...temporalDbs.map(dbUrl)]) await dropDatabase(name).catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describeCluster('npm run start:cluster', () => {
  it(
    'completes every account opening, exactly once each, through a worker killed and the Temporal server restarted',
    () =>
      withClusterLog(async () => {
        const companies = (
          await db('company_register')
            .where({ company_status: 'active' })
            .orderBy('registration_number')
            .limit(JOURNEYS)
        ).map((c) => c.registration_number as string);
        const reviewer = await createUser(db, { firstName: 'Rhian', lastName: 'Reviewer' });
        await grantRegulator(db, reviewer, 'ENGLAND');
        const applicants = await Promise.all(companies.map(() => createUser(db)));
        const apply = (i: number) =>
          call(applicants[i], '/requests', {
            method: 'POST',
            body: {
              requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
              requestCreateActionPayload: {
                registeredAtCompaniesHouse: true,
                registrationNumber: companies[i],
                name: `Cluster Foods ${i} Limited`,
                address: { line1: '4 Quay Street', line2: '', city: 'Bristol', county: '', postcode: 'BS1 4DJ' },
                codes: { type: 'SIC', codes: ['10110'] },
                competentAuthority: 'ENGLAND',
              },
            },
          });

        // Half the applications, then one worker dies (SIGKILL) while the other half are being made.
        const first = await Promise.all(Array.from({ length: JOURNEYS / 2 }, (_, i) => apply(i)));
        const victim = state().pids['worker-1'];
        const second = Promise.all(Array.from({ length: JOURNEYS / 2 }, (_, i) => apply(JOURNEYS / 2 + i)));
        await new Promise((r) => setTimeout(r, 50));
        process.kill(victim, 'SIGKILL');
        const applied = [...first, ...(await second)];
        for (const res of applied) expect(res).toMatchObject({ status: 201, body: { requestStatus: 'IN_PROGRESS' } });
        const requestIds = applied.map((res) => res.body.requestId as string);
        const reviewTaskOf = async (requestId: string) =>
          (await db('request_tasks').where({ request_id: requestId }))[0];

        // The Temporal server restarts (its supervisor starts it again) with every journey half-way.
        const temporalPid = state().pids.temporal;
        process.kill(temporalPid, 'SIGTERM');
        await until(
          'the Temporal server to be started again',
          async () => state().pids.temporal !== temporalPid && state().pids.temporal,
        );
        await healthy();

        // Assign and decide each review, half of them while the killed worker's replacement starts.
        for (const [i, requestId] of requestIds.entries()) {
          const task = await reviewTaskOf(requestId);
          expect(
            (
              await call(reviewer, '/tasks-assignment/assign', {
                method: 'POST',
                body: { taskId: Number(task.id), userId: reviewer.id },
              })
            ).status,
          ).toBe(200);
          const decided = await call(reviewer, '/tasks/actions', {
            method: 'POST',
            body: {
              requestTaskId: Number(task.id),
              requestTaskActionType: 'ORGANISATION_ACCOUNT_OPENING_SUBMIT_DECISION',
              requestTaskActionPayload: { decision: 'APPROVED', reason: `Checked ${i}` },
            },
          });
          expect(decided).toMatchObject({ status: 200, body: { requestStatus: 'APPROVED', nextTasks: [] } });
        }

        // Nothing lost, nothing done twice.
        for (const [i, requestId] of requestIds.entries()) {
          const accountId = Number(requestId.replace(/^ACC/, ''));
          expect(await db('accounts').where({ id: accountId }).first()).toMatchObject({
            status: 'LIVE',
            name: `Cluster Foods ${i} Limited`,
          });
          expect(
            (await db('request_actions').where({ request_id: requestId }).orderBy('id')).map((a) => a.type),
          ).toEqual(['ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED', 'ORGANISATION_ACCOUNT_OPENING_APPROVED']);
          expect(await db('request_tasks').where({ request_id: requestId })).toHaveLength(0);
          expect(await db('authorities').where({ user_id: applicants[i].id, account_id: accountId })).toEqual([
            expect.objectContaining({ code: 'operator_admin', status: 'ACTIVE' }),
          ]);
          expect(await db('account_contacts').where({ account_id: accountId, contact_type: 'PRIMARY' })).toEqual([
            expect.objectContaining({ user_id: applicants[i].id }),
          ]);
          expect(
            await db('email_outbox').where({ to_address: applicants[i].email, template: 'AccountApplicationApproved' }),
          ).toHaveLength(1);
          expect(await db('requests').where({ id: requestId }).first()).toMatchObject({ status: 'APPROVED' });
        }
        // Each process answers its own metrics: the API processes counted every application between
        // them (a killed worker's counts went with it, so the workers' are only checked to answer).
        const scrape = async (name: string) => (await fetch(state().metrics[name]!)).text();
        const applications =
          /^esos_http_requests_total\{method="POST",route="\/api\/v1\.0\/requests",status="201"\} (\d+)$/m;
        const counted = await Promise.all(
          ['api-0', 'api-1'].map(async (name) => Number(applications.exec(await scrape(name))?.[1] ?? 0)),
        );
        expect(counted[0]! + counted[1]!).toBe(JOURNEYS);
        // (the killed worker's replacement shows its pollers once it has bundled the workflows and polls)
        for (const name of ['worker-1', 'worker-2'])
          await until(`${name}'s pollers in its metrics`, async () =>
            /^temporal_num_pollers\{/m.test(await scrape(name)),
          );
        // The killed worker was replaced, and the cluster still has two.
        expect(state().pids['worker-1']).not.toBe(victim);
        expect(state().pids['worker-2']).toBeGreaterThan(0);
      }),
    10 * 60_000,
  );
});
