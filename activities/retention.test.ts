// Data retention against the real database, with an injected clock: nothing goes before the period's
// retention has passed; a dry run then lists what would go and deletes nothing; the run deletes the
// period's requests with their tasks, timeline, notes, report and files, leaves everything else (an
// unfinished request, the account, its notes, other processes), audits each deletion, and a second
// run finds nothing more. The period is a made-up phase P9, so no other test's data is in scope.
import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '../infra/db';
import { loadConfig } from '../infra/config';
import { runWithAuditContext } from '../infra/audit';
import {
  createAccount,
  createSubmittedReport,
  createUser,
  grantOperator,
  type TestAccount,
  type TestUser,
} from '../test/factories';
import { deletableFrom, DEFAULT_RETENTION_YEARS, defaultCompliancePeriodEnds } from '../domain/retention';
import { applyRetention, createRetentionActivities, type RetentionOptions } from './retention';

let db: Db;
let account: TestAccount;
let admin: TestUser;

beforeAll(async () => {
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 3 });
  account = await createAccount(db);
  admin = await createUser(db);
  await grantOperator(db, admin, account);
});
afterAll(() => db.destroy());

const PERIOD_END = '2020-12-05';
const options = (now: string, years = 8): RetentionOptions => ({
  years,
  periodEnds: { P9: PERIOD_END },
  now: () => new Date(now),
});

async function fileRow(fields: Record<string, unknown>): Promise<string> {
  const uuid = randomUUID();
  await db('files').insert({
    uuid,
    kind: 'ATTACHMENT',
    file_name: 'evidence.txt',
    content_type: 'text/plain',
    size: 3,
    content: Buffer.from('abc'),
    status: 'SUBMITTED',
    created_by: admin.id,
    ...fields,
  });
  return uuid;
}

/** A submitted P9 report with everything a request gathers. */
const taskOf = new Map<string, number>();
async function submittedReport(): Promise<string> {
  const requestId = `REP9-${randomUUID().slice(0, 8)}`;
  await createSubmittedReport(db, { account, requestType: 'TEST_REPORT_P9', requestId, data: { answer: 42 } });
  const [task] = await db('request_task_history')
    .insert({
      id: db.raw("nextval('request_tasks_id_seq')"),
      request_id: requestId,
      type: 'TEST_REPORT_P9_SUBMIT',
      assignee: admin.id,
      start_date: db.fn.now(),
      payload: '{}',
    })
    .returning('id');
  taskOf.set(requestId, Number(task.id));
  await db('request_task_notices').insert({ task_id: task.id, kind: 'OVERDUE', due_at: new Date() });
  const [action] = await db('request_actions')
    .insert({
      request_id: requestId,
      type: 'TEST_REPORT_P9_APPLICATION_SUBMITTED',
      submitter_id: admin.id,
      submitter: 'Ada',
    })
    .returning('id');
  // The submission's PDF, filed against the timeline entry.
  const pdf = await fileRow({
    kind: 'DOCUMENT',
    request_id: requestId,
    account_id: account.id,
    file_name: 'submission.pdf',
  });
  await db('request_action_file_documents').insert({
    request_action_id: action.id,
    file_uuid: pdf,
    request_id: requestId,
  });
  const noteFile = await fileRow({ kind: 'NOTE', request_id: requestId, account_id: account.id });
  await db('request_notes').insert({
    request_id: requestId,
    payload: JSON.stringify({ note: 'Checked', files: { [noteFile]: 'evidence.txt' } }),
    submitter_id: admin.id,
    submitter: 'Ada',
    role_type: 'OPERATOR',
  });
  await fileRow({ request_task_id: task.id, account_id: account.id });
  return requestId;
}

const exists = async (requestId: string) => !!(await db('requests').where({ id: requestId }).first('id'));

it('deletes a compliance period’s data once its retention has passed, after a dry run that only lists it', async () => {
  const report = await submittedReport();
  const unfinished = `REP9-${randomUUID().slice(0, 8)}`;
  await db('requests').insert({
    id: unfinished,
    type: 'TEST_REPORT_P9',
    status: 'IN_PROGRESS',
    account_id: account.id,
    competent_authority: 'ENGLAND',
  });
  const otherProcess = `ACC-${randomUUID().slice(0, 8)}`;
  await db('requests').insert({
    id: otherProcess,
    type: 'ORGANISATION_ACCOUNT_OPENING',
    status: 'APPROVED',
    account_id: account.id,
    competent_authority: 'ENGLAND',
  });
  await db('account_notes').insert({
    account_id: account.id,
    payload: JSON.stringify({ note: 'Kept', files: {} }),
    submitter_id: admin.id,
    submitter: 'Ada',
    role_type: 'OPERATOR',
  });

  // The last moment of the retention period (23:59 on 5 December 2028, UK): nothing is due.
  const early = await applyRetention(db, options('2028-12-05T23:59:00Z'), { dryRun: false });
  expect(early.periods).toEqual([
    expect.objectContaining({
      phase: 'P9',
      periodEnd: PERIOD_END,
      deletableFrom: '2028-12-06T00:00:00.000Z',
      due: false,
      requests: [],
    }),
  ]);
  expect(await exists(report)).toBe(true);

  // The dry run lists what would go, and deletes nothing.
  const dry = await applyRetention(db, options('2028-12-06T00:00:00Z'), { dryRun: true });
  expect(dry).toMatchObject({ dryRun: true, at: '2028-12-06T00:00:00.000Z' });
  const [period] = dry.periods;
  expect(period).toMatchObject({
    due: true,
    counts: { requests: 1, tasks: 1, timeline: 1, notes: 1, reports: 1, documents: 1, files: 3 },
  });
  expect(period!.requests).toEqual([
    { requestId: report, type: 'TEST_REPORT_P9', accountId: account.id, status: 'COMPLETED' },
  ]);
  expect(await db('request_task_notices').where({ task_id: taskOf.get(report) })).toHaveLength(1);
  expect(period!.skipped).toEqual([
    { requestId: unfinished, type: 'TEST_REPORT_P9', accountId: account.id, status: 'IN_PROGRESS' },
  ]);
  expect(await exists(report)).toBe(true);
  expect(await db('audit_log').where({ entity: 'retention', account_id: account.id })).toEqual([]);

  // The run deletes it all, with an audit entry saying why.
  const run = await runWithAuditContext({ source: 'workflow', via: 'dataRetention test' }, () =>
    applyRetention(db, options('2028-12-06T00:00:00Z'), { dryRun: false }),
  );
  expect(run.periods[0]).toMatchObject({
    due: true,
    counts: dry.periods[0]!.counts,
    requests: dry.periods[0]!.requests,
    skipped: dry.periods[0]!.skipped,
  });
  expect(await exists(report)).toBe(false);
  for (const table of [
    'request_task_history',
    'request_actions',
    'request_notes',
    'reports',
    'request_action_file_documents',
  ])
    expect(await db(table).where({ request_id: report })).toEqual([]);
  expect(await db('files').where({ request_id: report })).toEqual([]);
  expect(await db('files').where({ account_id: account.id })).toEqual([]);
  expect(await db('request_task_notices').where({ task_id: taskOf.get(report) })).toEqual([]);
  // What is not the period's data stays.
  expect(await exists(unfinished)).toBe(true);
  expect(await exists(otherProcess)).toBe(true);
  expect(await db('account_notes').where({ account_id: account.id })).toHaveLength(1);
  expect(await db('accounts').where({ id: account.id }).first('id')).toBeTruthy();

  const [entry] = await db('audit_log').where({ entity: 'retention', entity_key: report });
  expect(entry).toMatchObject({
    operation: 'DELETE',
    account_id: account.id,
    request_id: report,
    source: 'workflow',
    via: 'dataRetention test',
    actor_user_id: null,
    details: {
      phase: 'P9',
      periodEnd: PERIOD_END,
      retentionYears: 8,
      type: 'TEST_REPORT_P9',
      deleted: { requests: 1, tasks: 1, timeline: 1, notes: 1, reports: 1, documents: 1, files: 3 },
    },
  });
  // Each deleted row is in the trail too, in the same transaction.
  const rowsDeleted = await db('audit_log')
    .where({ request_id: report, operation: 'DELETE' })
    .whereNot({ entity: 'retention' })
    .pluck('entity');
  expect(new Set(rowsDeleted)).toEqual(
    new Set(['files', 'request_action_file_documents', 'request_actions', 'request_notes', 'reports', 'requests']),
  );

  // Again: nothing more goes.
  const again = await applyRetention(db, options('2029-01-01T00:00:00Z'), { dryRun: false });
  expect(again.periods[0]).toMatchObject({ requests: [], counts: { requests: 0, files: 0 } });
});

it('counts the retention period in years from the end of the compliance period (RETENTION_YEARS)', async () => {
  expect(deletableFrom('2023-12-05', DEFAULT_RETENTION_YEARS).toISOString()).toBe('2031-12-06T00:00:00.000Z');
  // A period ending in summer ends at midnight UK time, 23:00 UTC.
  expect(deletableFrom('2023-06-30', 1).toISOString()).toBe('2024-06-30T23:00:00.000Z');
  const report = await submittedReport();
  const shorter = await applyRetention(db, options('2021-12-06T00:00:00Z', 1), { dryRun: true });
  expect(shorter.periods[0]!.requests.map((r) => r.requestId)).toContain(report);
});

it('reads its settings and clock from the environment', () => {
  const saved = { ...process.env };
  try {
    process.env.ESOS_CLOCK = '2031-12-06T09:00:00Z';
    process.env.RETENTION_YEARS = '10';
    process.env.COMPLIANCE_PERIOD_ENDS = '{"P3":"2023-12-05","P4":"2027-12-05"}';
    process.env.RETENTION_DRY_RUN = 'true';
    const { retention } = loadConfig();
    expect(retention).toMatchObject({
      years: 10,
      periodEnds: { P3: '2023-12-05', P4: '2027-12-05' },
      dryRun: true,
      schedule: '30 2 * * *',
    });
    expect(retention.now().toISOString()).toBe('2031-12-06T09:00:00.000Z');
    process.env.COMPLIANCE_PERIOD_ENDS = '{"phase3":"soon"}';
    expect(() => loadConfig()).toThrow(/COMPLIANCE_PERIOD_ENDS must be JSON/);
    delete process.env.COMPLIANCE_PERIOD_ENDS;
    delete process.env.RETENTION_YEARS;
    delete process.env.RETENTION_DRY_RUN;
    expect(loadConfig().retention).toMatchObject({
      years: DEFAULT_RETENTION_YEARS,
      periodEnds: defaultCompliancePeriodEnds,
      dryRun: false,
    });
  } finally {
    process.env = saved;
  }
});

it('is an activity for the workflow', async () => {
  const acts = createRetentionActivities({ db, retention: options('2020-01-01T00:00:00Z') });
  expect(await acts.applyDataRetention({ dryRun: true })).toMatchObject({
    dryRun: true,
    periods: [{ phase: 'P9', due: false }],
  });
});
