// The audit trail of the processes, on a real Temporal dev server, database and API: an account
// application, its approval, a report saved and submitted, the account's closure. Changes made by
// workflow activities are attributed to the user whose update caused them (with the address of their
// API call), or to the workflow itself when no user acted. Then data retention as a workflow, and
// its schedule made idempotently (its own made-up phase P8: activities/retention.test.ts uses P9).
import { randomUUID } from 'node:crypto';
import { createUser, grantRegulator, type TestAccount } from '../test/factories';
import { APPLICATION_REVIEW } from '../processes';
import { ensureRetentionSchedule } from '../infra/retention-schedule';
import { RETENTION_SCHEDULE_ID } from '../domain/retention';
import { callerOf, type EngineHarness, useEngineHarness } from '../test/workflows/harness';
import { submitNotification } from '../test/workflows/notification';

let h: EngineHarness;
useEngineHarness((started) => (h = started));

const call = callerOf(() => h);
const local = expect.stringMatching(/127\.0\.0\.1/);
const entries = (where: Record<string, unknown>) => h.db('audit_log').where(where).orderBy('id');
const timelineEntry = async (requestId: string, type: string) => {
  const found = await h
    .db('audit_log')
    .where({ entity: 'request_actions', request_id: requestId })
    .whereRaw("details->>'type' = ?", [type]);
  expect(found).toHaveLength(1);
  return found[0];
};

it('records the application, approval, report save and submit and the closure, each by whoever caused it', async () => {
  const applicant = await createUser(h.db, { firstName: 'Ada', lastName: 'Applicant' });
  const reviewer = await createUser(h.db, { firstName: 'Rhian', lastName: 'Reviewer' });
  await grantRegulator(h.db, reviewer, 'ENGLAND');
  const registration = await h
    .db('company_register')
    .where({ company_status: 'active' })
    .orderBy('registration_number', 'desc')
    .first('registration_number');

  // The application.
  const applied = await call(applicant, '/requests', {
    method: 'POST',
    body: {
      requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
      requestCreateActionPayload: {
        registeredAtCompaniesHouse: true,
        registrationNumber: registration.registration_number,
        name: 'Audited Foods Limited',
        address: { line1: '4 Quay Street', line2: '', city: 'Bristol', county: '', postcode: 'BS1 4DJ' },
        codes: { type: 'SIC', codes: ['10110'] },
        competentAuthority: 'ENGLAND',
      },
    },
  });
  expect(applied.status).toBe(201);
  const requestId = applied.body.requestId as string;
  const accountId = Number(requestId.replace(/^ACC/, ''));
  expect(await timelineEntry(requestId, 'ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED')).toMatchObject({
    actor_user_id: applicant.id,
    actor_name: 'Ada Applicant',
    address: local,
    source: 'workflow',
    account_id: accountId,
    via: expect.stringContaining(`organisationAccountOpening ${requestId}: recordRequestAction`),
  });
  // The account row the workflow wrote on its own: the system's, and says which workflow.
  expect(await entries({ entity: 'accounts', entity_key: String(accountId), operation: 'INSERT' })).toEqual([
    expect.objectContaining({
      actor_user_id: null,
      source: 'workflow',
      via: expect.stringContaining('createApplicationAccount'),
      details: { values: expect.objectContaining({ status: 'AWAITING_APPROVAL' }) },
    }),
  ]);

  // The approval.
  const task = await h.db('request_tasks').where({ request_id: requestId, type: APPLICATION_REVIEW }).first();
  expect(
    (
      await call(reviewer, '/tasks-assignment/assign', {
        method: 'POST',
        body: { taskId: Number(task.id), userId: reviewer.id },
      })
    ).status,
  ).toBe(200);
  const approved = await call(reviewer, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: Number(task.id),
      requestTaskActionType: 'ORGANISATION_ACCOUNT_OPENING_SUBMIT_DECISION',
      requestTaskActionPayload: { decision: 'APPROVED', reason: 'Checked' },
    },
  });
  expect(approved.status).toBe(200);
  // The assignment is the reviewer's, made through their API call, not the workflow's own.
  expect(await entries({ entity: 'request_tasks', entity_key: String(task.id), operation: 'UPDATE' })).toEqual([
    expect.objectContaining({
      actor_user_id: reviewer.id,
      source: 'workflow',
      address: local,
      details: expect.objectContaining({ values: { assignee: { from: null, to: reviewer.id } } }),
    }),
  ]);
  expect(await timelineEntry(requestId, 'ORGANISATION_ACCOUNT_OPENING_APPROVED')).toMatchObject({
    actor_user_id: reviewer.id,
    actor_role_type: 'REGULATOR',
    actor_authority: 'regulator of ENGLAND',
    address: local,
    source: 'workflow',
  });
  const [live] = await entries({ entity: 'accounts', entity_key: String(accountId), operation: 'UPDATE' });
  expect(live).toMatchObject({
    source: 'workflow',
    via: expect.stringContaining('activateAccount'),
    details: { values: { status: { from: 'AWAITING_APPROVAL', to: 'LIVE' } } },
  });
  expect(await entries({ entity: 'authorities', account_id: accountId, operation: 'INSERT' })).toEqual([
    expect.objectContaining({
      details: { values: expect.objectContaining({ code: 'operator_admin', status: 'ACTIVE', user_id: applicant.id }) },
    }),
  ]);

  // A report saved (by the API) and submitted (through the workflow) by the new administrator.
  const account = { id: accountId, competentAuthority: 'ENGLAND' } as TestAccount;
  const notificationId = await submitNotification(h, applicant, account);
  const saves = await entries({
    entity: 'request_tasks',
    request_id: notificationId,
    operation: 'UPDATE',
    source: 'api',
  });
  expect(saves[0]).toMatchObject({
    actor_user_id: applicant.id,
    actor_authority: `operator_admin on account ${accountId}`,
    address: local,
    via: 'POST /api/v1.0/tasks/actions',
    details: { changed: expect.arrayContaining(['payload', 'version']) },
  });
  expect(await timelineEntry(notificationId, 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED')).toMatchObject({
    actor_user_id: applicant.id,
    address: local,
    actor_authority: `operator_admin on account ${accountId}`,
  });
  expect(await entries({ entity: 'reports', request_id: notificationId })).toEqual([
    expect.objectContaining({ operation: 'INSERT', actor_user_id: applicant.id, source: 'workflow' }),
  ]);

  // The closure.
  const closure = await call(reviewer, `/requests?accountId=${accountId}`, {
    method: 'POST',
    body: { requestCreateActionType: 'ACCOUNT_CLOSURE' },
  });
  expect(closure.status).toBe(201);
  const closed = await call(reviewer, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: closure.body.tasks[0].taskId,
      requestTaskActionType: 'ACCOUNT_CLOSURE_SUBMIT_APPLICATION',
      requestTaskActionPayload: { accountClosure: { reason: 'Dissolved' } },
    },
  });
  expect(closed.status).toBe(200);
  expect(await timelineEntry(closure.body.requestId, 'ACCOUNT_CLOSURE_APPLICATION_SUBMITTED')).toMatchObject({
    actor_user_id: reviewer.id,
    address: local,
  });
  const statuses = (await entries({ entity: 'accounts', entity_key: String(accountId), operation: 'UPDATE' }))
    .map((e) => e.details.values.status)
    .filter(Boolean);
  expect(statuses).toEqual([
    { from: 'AWAITING_APPROVAL', to: 'LIVE' },
    { from: 'LIVE', to: 'CLOSED' },
  ]);

  // On the account's page, for regulators only.
  const page = await call(reviewer, `/accounts/${accountId}/audit-entries?page=0&size=100`);
  expect(page.status).toBe(200);
  const said = page.body.auditEntries.map((e: { description: string }) => e.description) as string[];
  // Sentences with names and labels, each crediting whoever acted.
  for (const text of [
    'Original application submitted by Ada Applicant',
    'Account created with status Awaiting approval',
    'Rhian Reviewer assigned ‘Review organisation account application’ to themselves',
    'Rhian Reviewer completed the task ‘Review organisation account application’',
    'Organisation account approved by Rhian Reviewer',
    'Rhian Reviewer changed the account status from Awaiting approval to Live',
    'Rhian Reviewer added Ada Applicant to the account (Advanced user, active)',
    'Notification submitted by Ada Applicant',
    'Account closed by Rhian Reviewer',
  ])
    expect(said).toContain(text);
  expect(said).toContain('Rhian Reviewer changed the account status from Live to Closed');
  // No id, no code.
  for (const text of said) {
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|[A-Z]{2,}_[A-Z]{2,}|→/);
    expect(text).not.toContain(reviewer.id);
    expect(text).not.toContain(applicant.id);
  }
  expect(
    page.body.auditEntries.find((e: { description: string }) => e.description.startsWith('Rhian Reviewer assigned')),
  ).toMatchObject({ actor: { actingAs: 'Regulator, Environment Agency' }, address: local });
  expect((await call(applicant, `/accounts/${accountId}/audit-entries?page=0&size=10`)).status).toBe(403);
});

describe('data retention', () => {
  it('runs as a workflow: a dry run lists, a run deletes, with the clock and settings of the worker', async () => {
    const account = await h
      .db('accounts')
      .insert({
        organisation_id: `ORG9${Date.now() % 100000}`,
        name: 'Retained Ltd',
        status: 'LIVE',
        competent_authority: 'ENGLAND',
        address_line1: '1 Road',
        city: 'Leeds',
        postcode: 'LS1 1AA',
        classification_codes: '{}',
      })
      .returning('id');
    const requestId = `RET-${randomUUID().slice(0, 8)}`;
    await h.db('requests').insert({
      id: requestId,
      type: 'TEST_REPORT_P8',
      status: 'COMPLETED',
      account_id: account[0].id,
      competent_authority: 'ENGLAND',
    });
    await h.db('request_actions').insert({ request_id: requestId, type: 'TEST_REPORT_P8_APPLICATION_SUBMITTED' });
    h.retention.periodEnds = { P8: '2020-12-05' };
    h.retention.years = 8;
    h.retention.now = () => new Date('2028-12-06T01:00:00Z');
    const run = (dryRun: boolean) =>
      h.env.client.workflow.execute('dataRetention', {
        taskQueue: h.taskQueue,
        workflowId: `retention-${randomUUID()}`,
        args: [{ dryRun }],
      });

    const dry = await run(true);
    expect(dry).toMatchObject({
      dryRun: true,
      at: '2028-12-06T01:00:00.000Z',
      periods: [
        {
          phase: 'P8',
          due: true,
          requests: [{ requestId, status: 'COMPLETED' }],
          counts: { requests: 1, timeline: 1 },
        },
      ],
    });
    expect(await h.db('requests').where({ id: requestId }).first('id')).toBeTruthy();

    const done = await run(false);
    expect(done).toMatchObject({ dryRun: false, periods: [{ requests: [{ requestId }] }] });
    expect(await h.db('requests').where({ id: requestId }).first('id')).toBeUndefined();
    expect(await entries({ entity: 'retention', entity_key: requestId })).toEqual([
      expect.objectContaining({
        source: 'workflow',
        via: expect.stringContaining('dataRetention'),
        account_id: account[0].id,
      }),
    ]);
  });

  it('is scheduled once, however often the worker starts', async () => {
    const settings = { taskQueue: h.taskQueue, schedule: '30 2 * * *', dryRun: false };
    expect(await ensureRetentionSchedule(h.env.client, settings)).toBe('created');
    expect(await ensureRetentionSchedule(h.env.client, { ...settings, dryRun: true })).toBe('updated');
    const described = await h.env.client.schedule.getHandle(RETENTION_SCHEDULE_ID).describe();
    expect(described.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'dataRetention',
      args: [{ dryRun: true }],
    });
    expect(described.spec.timezone).toBe('Europe/London');
    // Two workers starting again at once: both find it, and it stays one schedule.
    expect(
      (
        await Promise.all([
          ensureRetentionSchedule(h.env.client, settings),
          ensureRetentionSchedule(h.env.client, settings),
        ])
      ).sort(),
    ).toEqual(['updated', 'updated']);
    await h.env.client.schedule.getHandle(RETENTION_SCHEDULE_ID).delete();
  });
});
