// `npm run bench -- --deadline-day`: the last days before a deadline, when many organisations submit at
// once. Operators submit complete notifications (the largest fixture) through the API as they would —
// start, one save a section, submit — on both Temporal set-ups, against the production worker (every
// process's workflows, the PDF, the receipt e-mail delivered over SMTP to a local peer, the MI
// projection, the audit trail). Prints submissions per minute, submit → receipt queued p50/p95, each
// component's CPU per submission, and checks that nothing was lost: every submission's request row,
// PDF document, e-mail delivered and workflow completed.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { startChild, stopChild } from './children';
import { agent, call, pct } from './load';
import { BASE_DB, loadAverage, options } from './options';
import { cpuSince, postgresCpu, processCpuMs, processPeakRssMb } from './process-stats';
import { openLog, runFolder } from './run-folder';
import { startClusterServer, startDevServer, ensureClusterServer, type TemporalSetup } from './temporal-setups';
import { createSigningKey, mint } from './tokens';

const NOTIFICATION = 'NOTIFICATION_OF_COMPLIANCE_P3';
const SAVE = `${NOTIFICATION}_SAVE_APPLICATION_SUBMIT`;
const SUBMIT = `${NOTIFICATION}_SUBMIT_APPLICATION`;
/** Accounts of the run: one a submission, above any the other modes seed. */
const FIRST_ACCOUNT = 200_001;

const deadlineDatabaseUrl = (() => {
  const u = new URL(BASE_DB);
  u.pathname = '/esos_bench_deadline';
  return u.toString();
})();

interface Submission {
  requestId: string;
  submittedAt: number;
}

interface SetupResult {
  name: string;
  submitted: number;
  errors: number;
  perMinute: number;
  receiptMs: { p50: number; p95: number; max: number };
  cpuMs: Record<'temporal' | 'worker' | 'api' | 'postgres', number>;
  workerPeakRssMb: number;
  lost: string[];
}

export async function benchDeadlineDay(): Promise<void> {
  if (!options.skipCluster) await ensureClusterServer();
  const { completeReport } = await import('../../test/fixtures/notification-reports');
  const { largestNotificationDocument } = await import('../../test/fixtures/largest-document');
  const fixture = largestNotificationDocument();
  const report = completeReport(fixture.name).report as Record<string, unknown>;
  const db = await prepareDatabase(options.submissions * (options.skipCluster ? 1 : 2));
  const { startSmtpPeer } = await import('../../test/smtp-peer');
  const mail = await startSmtpPeer();
  const jwk = await createSigningKey();
  const { bundleWorkflows } = await import('../../test/workflow-bundle');
  const bundle = await bundleWorkflows(runFolder(), require.resolve('../../workflows/index'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: deadlineDatabaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    SMTP_URL: mail.url,
    PUBLIC_URL: 'http://bench.test',
    // The moment the fixtures are written for (test/clock.ts): the notification's window is open.
    ESOS_CLOCK: (await import('../../test/clock')).TEST_NOW,
    WORKFLOW_BUNDLE_PATH: bundle,
    BENCH_JWK: JSON.stringify(jwk),
    BENCH_TOKEN_CACHE: String(options.tokenCache),
    BENCH_API_PROCESSES: String(options.apiProcesses),
    BENCH_LOG_LEVEL: 'silent',
  };
  const setups = [
    { tag: 'dev-server', start: startDevServer },
    ...(options.skipCluster ? [] : [{ tag: 'cluster', start: startClusterServer }]),
  ];
  const results: SetupResult[] = [];
  let nextAccount = FIRST_ACCOUNT;
  try {
    for (const { tag, start } of setups) {
      const setup = await start();
      try {
        const accounts = Array.from({ length: options.submissions }, () => nextAccount++);
        results.push(await submitOn(setup, tag, env, db, accounts, report, mail.received));
      } finally {
        await setup.stop();
      }
    }
  } finally {
    agent.destroy();
    await mail.close();
    await db.destroy();
  }
  console.log(
    `\ndeadline day: ${options.submissions} complete notifications ('${fixture.name}', ${fixture.rows} answer rows) by ${options.users} operators at once, ` +
      `through the API (${options.apiProcesses} API processes, 1 production worker); ${os.cpus().length} cores, load average ${loadAverage()}`,
  );
  const row = (label: string, f: (r: SetupResult) => string) =>
    console.log(`${label.padEnd(40)}${results.map((r) => f(r).padStart(28)).join('')}`);
  row('', (r) => r.name);
  row('submitted (errors)', (r) => `${r.submitted} (${r.errors})`);
  row('submissions a minute', (r) => r.perMinute.toFixed(0));
  row('submit → receipt queued p50/p95/max', (r) => `${r.receiptMs.p50} / ${r.receiptMs.p95} / ${r.receiptMs.max} ms`);
  for (const part of ['temporal', 'worker', 'api', 'postgres'] as const)
    row(`CPU a submission: ${part}`, (r) => `${r.cpuMs[part].toFixed(0)} ms`);
  row(
    'CPU a submission: all',
    (r) =>
      `${Object.values(r.cpuMs)
        .reduce((a, b) => a + b, 0)
        .toFixed(0)} ms`,
  );
  row('worker peak RSS', (r) => `${r.workerPeakRssMb.toFixed(0)} MB`);
  row('lost (row, PDF, e-mail, workflow)', (r) => (r.lost.length ? `${r.lost.length}: ${r.lost[0]}` : 'none'));
  if (results.some((r) => r.lost.length || r.errors)) process.exitCode = 1;
}

/** A fresh database with the run's accounts, each with its operator administrator, and a regulator per authority. */
async function prepareDatabase(accounts: number): Promise<Knex> {
  const { createDb, dropDatabase, ensureDatabase, migrate } = await import('../../infra/db');
  const { operatorRoles, allRegulatorPermissions } = await import('../../domain/authorities');
  await dropDatabase(deadlineDatabaseUrl);
  await ensureDatabase(deadlineDatabaseUrl);
  const db = createDb(deadlineDatabaseUrl, { min: 0, max: 4 });
  await migrate(db);
  const last = FIRST_ACCOUNT + accounts - 1;
  await db.raw(
    `insert into accounts (id, organisation_id, name, registration_number, status, competent_authority, address_line1, city, postcode, accepted_at)
     select i, 'ORG' || i, 'Deadline Organisation ' || i, 'RN' || lpad(i::text, 8, '0'), 'LIVE', 'ENGLAND', '1 High Street', 'Bristol', 'BS1 1AA', now()
     from generate_series(?::int, ?::int) i`,
    [FIRST_ACCOUNT, last],
  );
  await db.raw(
    `insert into users (id, email, first_name, last_name, terms_version)
     select 'op-' || i, 'op' || i || '@bench.test', 'Olive', 'Operator ' || i, (select max(version) from terms) from generate_series(?::int, ?::int) i`,
    [FIRST_ACCOUNT, last],
  );
  await db.raw(
    `insert into authorities (user_id, code, status, account_id, permissions) select 'op-' || i, 'operator_admin', 'ACTIVE', i, ? from generate_series(?::int, ?::int) i`,
    [[...operatorRoles.operator_admin.permissions], FIRST_ACCOUNT, last],
  );
  await db.raw(
    `insert into account_contacts (account_id, contact_type, user_id) select i, 'PRIMARY', 'op-' || i from generate_series(?::int, ?::int) i`,
    [FIRST_ACCOUNT, last],
  );
  await db('users').insert({ id: 'reg-1', email: 'reg1@bench.test', first_name: 'Rita', last_name: 'Regulator' });
  await db('authorities').insert({
    user_id: 'reg-1',
    status: 'ACTIVE',
    competent_authority: 'ENGLAND',
    permissions: allRegulatorPermissions,
  });
  return db;
}

/** The production worker (worker.ts) as a process of its own; answers once it polls. */
async function startProductWorker(env: NodeJS.ProcessEnv, tag: string): Promise<ChildProcess> {
  const log = openLog(`deadline-worker-${tag}.log`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', 'worker.ts')], {
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', log],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4000);
      if (seen.includes('worker started')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}: see ${runFolder()}`)));
  });
  child.stdout!.resume();
  return child;
}

async function submitOn(
  setup: TemporalSetup,
  tag: string,
  baseEnv: NodeJS.ProcessEnv,
  db: Knex,
  accounts: number[],
  report: Record<string, unknown>,
  received: { raw: string }[],
): Promise<SetupResult> {
  const taskQueue = `deadline-${process.pid}-${setup.pid}`;
  const env = { ...baseEnv, TEMPORAL_ADDRESS: setup.address, TEMPORAL_TASK_QUEUE: taskQueue };
  const api = await startChild('api', env, `api-deadline-${tag}.log`);
  const worker = await startProductWorker(env, tag);
  const databases = ['esos_bench_deadline', ...setup.pgDatabases];
  const before = {
    temporal: processCpuMs(setup.pid),
    worker: processCpuMs(worker.pid!),
    api: (await api.stats()).cpuMs,
    pg: await postgresCpu(db, databases),
  };
  const submissions: Submission[] = [];
  let errors = 0;
  let next = 0;
  const t0 = performance.now();
  try {
    await Promise.all(
      Array.from({ length: Math.min(options.users, accounts.length) }, async () => {
        while (next < accounts.length) {
          const accountId = accounts[next++];
          try {
            submissions.push(await submitNotification(api.port, accountId, report));
          } catch (err) {
            errors++;
            if (errors <= 3) console.error('submission error:', (err as Error).message.slice(0, 300));
          }
        }
      }),
    );
    const minutes = (performance.now() - t0) / 60_000;
    const ids = submissions.map((s) => s.requestId);
    const receipts = await waitForReceipts(db, ids, received);
    const after = {
      temporal: processCpuMs(setup.pid),
      worker: processCpuMs(worker.pid!),
      api: (await api.stats()).cpuMs,
      pg: await postgresCpu(db, databases),
    };
    const n = Math.max(1, submissions.length);
    const delays = submissions
      .map((s) => (receipts.queuedAt.get(s.requestId) ?? NaN) - s.submittedAt)
      .filter((d) => !Number.isNaN(d))
      .sort((a, b) => a - b);
    return {
      name: setup.name,
      submitted: submissions.length,
      errors,
      perMinute: submissions.length / minutes,
      receiptMs: {
        p50: Math.round(pct(delays, 50)),
        p95: Math.round(pct(delays, 95)),
        max: Math.round(delays.at(-1) ?? 0),
      },
      cpuMs: {
        temporal: (after.temporal - before.temporal) / n,
        worker: (after.worker - before.worker) / n,
        api: (after.api - before.api) / n,
        postgres: cpuSince(before.pg, after.pg) / n,
      },
      workerPeakRssMb: processPeakRssMb(worker.pid!),
      lost: [...receipts.lost, ...(await lostSubmissions(db, setup, ids))],
    };
  } finally {
    worker.kill('SIGINT');
    await new Promise((r) => (worker.exitCode !== null ? r(null) : worker.once('exit', r)));
    await stopChild(api);
  }
}

/** One operator's notification: started, answered a section a save, submitted; answers when the submit was sent. */
async function submitNotification(
  port: number,
  accountId: number,
  report: Record<string, unknown>,
): Promise<Submission> {
  const token = await mint(`op-${accountId}`);
  const post = async (url: string, body: unknown) => {
    const res = await call(port, 'POST', `/api/v1.0${url}`, token, body);
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 300)}`);
    return JSON.parse(res.body) as Record<string, unknown>;
  };
  const started = await post(`/requests?accountId=${accountId}`, { requestCreateActionType: NOTIFICATION });
  const task = (started.tasks as { taskId: number }[])[0];
  const snapshot = JSON.parse((await call(port, 'GET', `/api/v1.0/tasks/${task.taskId}`, token)).body) as {
    requestTask: { version: number };
  };
  let version = snapshot.requestTask.version;
  for (const [section, data] of Object.entries(report)) {
    const saved = await post('/tasks/actions', {
      requestTaskId: task.taskId,
      requestTaskActionType: SAVE,
      requestTaskActionPayload: { section, data, complete: true },
      version,
    });
    version = Number((saved as { version?: number }).version ?? version + 1);
  }
  const submittedAt = Date.now();
  const submitted = await post('/tasks/actions', {
    requestTaskId: task.taskId,
    requestTaskActionType: SUBMIT,
    requestTaskActionPayload: {},
  });
  if (submitted.requestStatus !== 'COMPLETED') throw new Error(`not completed: ${JSON.stringify(submitted)}`);
  return { requestId: started.requestId as string, submittedAt };
}

/**
 * Waits (up to two minutes) for each submission's receipt — the e-mail with its PDF — to be queued
 * and delivered to the SMTP peer; answers when each was queued and which never arrived.
 */
async function waitForReceipts(
  db: Knex,
  ids: string[],
  received: { raw: string }[],
): Promise<{ queuedAt: Map<string, number>; lost: string[] }> {
  const deadline = Date.now() + 120_000;
  let rows: { request_id: string; created_at: Date; status: string }[] = [];
  while (Date.now() < deadline) {
    rows = await db('email_outbox as e')
      .join(db.raw('unnest(?::text[]) as r(request_id)', [ids]), db.raw("e.subject like '%' || r.request_id || '%'"))
      .whereNotNull('e.attachments')
      .select('r.request_id', 'e.created_at', 'e.status');
    const delivered = new Set(rows.filter((r) => r.status === 'SENT').map((r) => r.request_id));
    if (ids.every((id) => delivered.has(id) && received.some((m) => m.raw.includes(id)))) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const queuedAt = new Map(rows.map((r) => [r.request_id, r.created_at.getTime()]));
  const sent = new Set(rows.filter((r) => r.status === 'SENT').map((r) => r.request_id));
  const lost = ids
    .filter((id) => !sent.has(id) || !received.some((m) => m.raw.includes(id)))
    .map((id) => `${id}: receipt not delivered`);
  return { queuedAt, lost };
}

/** Each submission's request row completed with its PDF document, and its workflow completed in Temporal. */
async function lostSubmissions(db: Knex, setup: TemporalSetup, ids: string[]): Promise<string[]> {
  const rows: { id: string; status: string; documents: string }[] = await db('requests as r')
    .whereIn('r.id', ids)
    .select(
      'r.id',
      'r.status',
      db.raw('(select count(*) from request_action_file_documents d where d.request_id = r.id) as documents'),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lost: string[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row?.status !== 'COMPLETED') lost.push(`${id}: request ${row?.status ?? 'missing'}`);
    else if (Number(row.documents) < 1) lost.push(`${id}: no PDF`);
  }
  const { Connection, Client } = await import('@temporalio/client');
  const connection = await Connection.connect({ address: setup.address });
  try {
    const client = new Client({ connection });
    for (const id of ids) {
      const { status } = await client.workflow.getHandle(id).describe();
      if (status.name !== 'COMPLETED') lost.push(`${id}: workflow ${status.name}`);
    }
  } finally {
    await connection.close();
  }
  return lost;
}
