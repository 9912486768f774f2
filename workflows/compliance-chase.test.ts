// A chase of 20 organisations on a real Temporal dev server, its worker the real worker.ts in a
// process of its own: the worker is SIGKILLed half-way (ten reminders queued, the eleventh waiting
// on a lock this test holds), a new one is started, and the chase ends with exactly 20 e-mails — one
// to each primary contact — and 20 reminders in the accounts' audit trails. A second chase of the
// same list within the interval sends nothing and says who was reminded already.
import type { Knex } from 'knex';
import '../processes';
import { bearer } from '../test/tokens';
import { loadConfig } from '../infra/config';
import { ACTION_PLAN, processFor } from '../processes';
import { reportDueOn } from '../api/compliance/overview';
import { chaseWorkflowId, type ChaseCheck, type ChaseProgress } from '../domain/compliance';
import { complianceBatchHarness, waitFor } from '../test/compliance-batch';

jest.setTimeout(240_000);

const batch = complianceBatchHarness('chase', 'Chaseco', { firstName: 'Ceri', lastName: 'Chaser' });
const { list, call } = batch;

const sentIn = async (db: Knex, chaseId: number) =>
  Number((await db('compliance_reminders').where({ chase_id: chaseId, status: 'SENT' }).count({ n: '*' }).first())!.n);

it('sends exactly one e-mail to each of 20 primary contacts though the worker is killed half-way', async () => {
  const { db } = batch.api.deps;
  const check = (await call(`/chases/check?${new URLSearchParams(list)}`)).body as ChaseCheck;
  expect(check.count).toBe(20);
  const twenty = check.organisations;

  // The eleventh organisation's send waits on its lock, which this test holds, after the first ten.
  const eleventh = twenty[10].accountId;
  const held = await db.transaction();
  await held.raw('select pg_advisory_xact_lock(hashtext(?), ?)', ['compliance_reminders', eleventh]);
  let chaseId: number;
  try {
    batch.worker.start();
    const started = await call('/chases', { method: 'POST', body: { list, expected: 20 } });
    expect(started.status).toBe(201);
    chaseId = started.body.id;
    await waitFor('ten reminders', async () => (await sentIn(db, chaseId)) === 10);
    // The workflow is visible to Temporal (and its UI) by its id.
    const described = await batch.env.client.workflow.getHandle(chaseWorkflowId(chaseId)).describe();
    expect(described.type).toBe('complianceChase');
    const progress = (await call(`/chases/${chaseId}`)).body as ChaseProgress;
    expect(progress).toMatchObject({ total: 20, done: false, counts: { SENT: 10, PENDING: 10 } });
    batch.worker.kill();
  } finally {
    await held.rollback();
  }
  batch.worker.start();
  const done = await waitFor('the chase to finish', async () => {
    const p = (await call(`/chases/${chaseId}`)).body as ChaseProgress;
    return p.done ? p : undefined;
  });
  expect(done.counts).toEqual({ SENT: 20, NO_CONTACT: 0, ALREADY_REMINDED: 0, PENDING: 0 });
  expect(done.organisations.every((o) => o.outcome === 'SENT')).toBe(true);

  // Exactly one e-mail to each of the twenty primary contacts, none to anyone else of the mix.
  const emails = await db('email_outbox')
    .whereIn(
      'to_address',
      batch.mix.map((m) => m.email),
    )
    .select('to_address', 'subject', 'body_text');
  const contacts = batch.mix.filter((m) => twenty.some((o) => o.accountId === m.id));
  expect(emails.map((e) => e.to_address).sort()).toEqual(contacts.map((m) => m.email).sort());
  expect(emails[0].subject).toBe('Reminder: your ESOS Action Plan - Manage your ESOS reporting');
  const first = contacts[0];
  expect(emails.find((e) => e.to_address === first.email)!.body_text).toContain(
    `Our records show that ${first.name} has not yet submitted its Action Plan, which was due on ${reportDueOn(loadConfig(), processFor(ACTION_PLAN)!)}.`,
  );
  // Each send is in its account's audit trail, in the regulator's name.
  const audit = await db('audit_log')
    .where({ entity: 'compliance_reminders', operation: 'INSERT' })
    .whereIn(
      'account_id',
      twenty.map((o) => o.accountId),
    )
    .select('account_id', 'actor_user_id');
  expect(audit.map((a) => a.account_id).sort()).toEqual(twenty.map((o) => o.accountId).sort());
  expect(new Set(audit.map((a) => a.actor_user_id))).toEqual(new Set([batch.regulator.id]));
  // …and reads there as a sentence.
  const trail = await batch.api.request(`/api/v1.0/accounts/${first.id}/audit-entries?page=0&size=10`, {
    headers: await bearer(batch.regulator),
  });
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
  expect(stale.body.message).toBe(
    'The list has changed since you checked it. Check who will be sent a reminder again.',
  );
});
