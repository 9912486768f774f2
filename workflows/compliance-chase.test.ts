// A chase of 20 organisations on a real Temporal dev server, its worker the real worker.ts in a
// process of its own: the worker is SIGKILLed half-way (ten reminders queued, the eleventh waiting
// on a lock this test holds), a new one is started, and the chase ends with exactly 20 e-mails — one
// to each primary contact — and 20 reminders in the accounts' audit trails. A second chase of the
// same list within the interval sends nothing and says who was reminded already.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Knex } from 'knex';
import '../processes';
import { startApi, type ApiHarness } from '../test/api-harness';
import { startTestTemporal } from '../test/temporal';
import { testClock } from '../test/clock';
import { bearer, verifyTestToken } from '../test/tokens';
import { createUser, grantRegulator, type TestUser } from '../test/factories';
import { seedComplianceMix, type MixAccount } from '../test/compliance-mix';
import { bundleWorkflows, WorkerProcess } from '../scripts/fault-env';
import { loadConfig } from '../infra/config';
import { ACTION_PLAN, processFor } from '../processes';
import { reportDueOn } from '../api/compliance/overview';
import { chaseWorkflowId, type ChaseCheck, type ChaseProgress } from '../domain/compliance';

jest.setTimeout(240_000);

let env: TestWorkflowEnvironment;
let api: ApiHarness;
let regulator: TestUser;
let worker: WorkerProcess;
let dir: string;
let mix: MixAccount[];
const tag = `Chaseco ${Math.random().toString(36).slice(2, 7)}`;
const taskQueue = `chase-${process.pid}-${Date.now()}`;
// Every action plan of the mix that is not submitted is overdue but those whose due date was moved: 20 of 40.
const list = { requestType: ACTION_PLAN, state: 'OVERDUE' as const, search: tag };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esos-chase-'));
  const [started, bundle] = await Promise.all([startTestTemporal(), bundleWorkflows(dir)]);
  env = started;
  const base = loadConfig();
  api = await startApi({
    config: { ...base, databaseUrl: process.env.ESOS_TEST_DATABASE_URL!, temporal: { ...base.temporal, taskQueue }, reporting: { ...base.reporting, now: testClock } },
    temporal: () => Promise.resolve(env.client as Client),
    verifyToken: verifyTestToken,
  });
  regulator = await createUser(api.deps.db, { firstName: 'Ceri', lastName: 'Chaser' });
  await grantRegulator(api.deps.db, regulator, 'WALES');
  mix = await seedComplianceMix(api.deps.db, { ca: 'WALES', count: 40, namePrefix: tag, now: testClock() });
  worker = new WorkerProcess(
    { DATABASE_URL: process.env.ESOS_TEST_DATABASE_URL!, TEMPORAL_ADDRESS: env.address, TEMPORAL_TASK_QUEUE: taskQueue, SMTP_URL: '', LOG_LEVEL: 'warn', WORKFLOW_BUNDLE_PATH: bundle, NODE_ENV: 'test', METRICS_PORT: '' },
    path.join(dir, 'worker.log'),
  );
});

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await env?.teardown();
});

const call = async (p: string, init: { method?: string; body?: unknown } = {}) =>
  api.request(`/api/v1.0/compliance${p}`, { method: init.method ?? 'GET', headers: { ...(await bearer(regulator)), 'content-type': 'application/json' }, body: init.body === undefined ? undefined : JSON.stringify(init.body) });

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 120_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const sentIn = async (db: Knex, chaseId: number) => Number((await db('compliance_reminders').where({ chase_id: chaseId, status: 'SENT' }).count({ n: '*' }).first())!.n);

it('sends exactly one e-mail to each of 20 primary contacts though the worker is killed half-way', async () => {
  const { db } = api.deps;
  const check = (await call(`/chases/check?${new URLSearchParams(list)}`)).body as ChaseCheck;
  expect(check.count).toBe(20);
  const twenty = check.organisations;

  // The eleventh organisation's send waits on its lock, which this test holds, after the first ten.
  const eleventh = twenty[10].accountId;
  const held = await db.transaction();
  await held.raw('select pg_advisory_xact_lock(hashtext(?), ?)', ['compliance_reminders', eleventh]);
  let chaseId: number;
  try {
    worker.start();
    const started = await call('/chases', { method: 'POST', body: { list, expected: 20 } });
    expect(started.status).toBe(201);
    chaseId = started.body.id;
    await waitFor('ten reminders', async () => (await sentIn(db, chaseId)) === 10);
    // The workflow is visible to Temporal (and its UI) by its id.
    const described = await env.client.workflow.getHandle(chaseWorkflowId(chaseId)).describe();
    expect(described.type).toBe('complianceChase');
    const progress = (await call(`/chases/${chaseId}`)).body as ChaseProgress;
    expect(progress).toMatchObject({ total: 20, done: false, counts: { SENT: 10, PENDING: 10 } });
    worker.kill();
  } finally {
    await held.rollback();
  }
  worker.start();
  const done = await waitFor('the chase to finish', async () => {
    const p = (await call(`/chases/${chaseId}`)).body as ChaseProgress;
    return p.done ? p : undefined;
  });
  expect(done.counts).toEqual({ SENT: 20, NO_CONTACT: 0, ALREADY_REMINDED: 0, PENDING: 0 });
  expect(done.organisations.every((o) => o.outcome === 'SENT')).toBe(true);

  // Exactly one e-mail to each of the twenty primary contacts, none to anyone else of the mix.
  const emails = await db('email_outbox').whereIn('to_address', mix.map((m) => m.email)).select('to_address', 'subject', 'body_text');
  const contacts = mix.filter((m) => twenty.some((o) => o.accountId === m.id));
  expect(emails.map((e) => e.to_address).sort()).toEqual(contacts.map((m) => m.email).sort());
  expect(emails[0].subject).toBe('Reminder: your ESOS Action Plan - Manage your ESOS reporting');
  const first = contacts[0];
  expect(emails.find((e) => e.to_address === first.email)!.body_text).toContain(`Our records show that ${first.name} has not yet submitted its Action Plan, which was due by ${reportDueOn(loadConfig(), processFor(ACTION_PLAN)!)}.`);
  // Each send is in its account's audit trail, in the regulator's name.
  const audit = await db('audit_log').where({ entity: 'compliance_reminders', operation: 'INSERT' }).whereIn('account_id', twenty.map((o) => o.accountId)).select('account_id', 'actor_user_id');
  expect(audit.map((a) => a.account_id).sort()).toEqual(twenty.map((o) => o.accountId).sort());
  expect(new Set(audit.map((a) => a.actor_user_id))).toEqual(new Set([regulator.id]));
  // …and reads there as a sentence.
  const trail = await api.request(`/api/v1.0/accounts/${first.id}/audit-entries?page=0&size=10`, { headers: await bearer(regulator) });
  expect(trail.body.auditEntries.find((e: { entity: string }) => e.entity === 'compliance_reminders')).toMatchObject({
    description: 'Ceri Chaser sent the primary contact a reminder to submit the Phase 3 Action Plan',
    via: `complianceChase ${chaseWorkflowId(chaseId)}: sendChaseReminders`,
  });
  // The list shows when each was last reminded.
  const listed = await call(`/accounts?${new URLSearchParams({ ...list, size: '100' })}`);
  expect(listed.body.rows.every((r: { lastReminder: string | null }) => r.lastReminder)).toBe(true);
});

it('a second chase of the same list within the interval says who was reminded already and sends nothing', async () => {
  const check = (await call(`/chases/check?${new URLSearchParams(list)}`)).body as ChaseCheck;
  expect(check.count).toBe(0);
  expect(check.intervalDays).toBe(7);
  expect(check.remindedAlready).toHaveLength(20);
  const refused = await call('/chases', { method: 'POST', body: { list, expected: 0 } });
  expect(refused.status).toBe(400);
  // A count the list no longer has is refused: the check page was out of date.
  const stale = await call('/chases', { method: 'POST', body: { list, expected: 20 } });
  expect(stale.status).toBe(409);
  expect(stale.body.message).toBe('The list has changed since you checked it. Check who will be sent a reminder again.');
});
