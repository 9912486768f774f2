// The reports' statutory due dates on a real Temporal dev server: the task carries its due date and
// the dashboard its days remaining; the reminders and the overdue notice are durable timers, sent
// once each even when the worker was down as they fell due; a regulator's new due date re-arms them.
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../test/factories';
import { ACTION_PLAN, ACTION_PLAN_SUBMIT, actionPlanProcess, PROGRESS_UPDATE_1, PROGRESS_UPDATE_1_SUBMIT } from './';
import { ukDate } from '../domain/deadlines';
import { changeDueDateUpdate } from '../domain/request-messages';
import { callerOf, maybeRecordHistory, useEngineHarness, type EngineHarness } from '../test/workflows/harness';
import { submitNotification } from '../test/workflows/notification';

// The reminder test waits for real timers of some seconds.
jest.setTimeout(120_000);

let h: EngineHarness;
let defaults: { dueDates: Record<string, string>; remindBeforeMs: number[] };
const worker = useEngineHarness((started) => {
  h = started;
  defaults = {
    dueDates: { ...h.api.deps.config.reporting.dueDates },
    remindBeforeMs: h.api.deps.config.reporting.remindBeforeMs,
  };
});

afterEach(() => {
  Object.assign(h.api.deps.config.reporting, {
    dueDates: { ...defaults.dueDates },
    remindBeforeMs: defaults.remindBeforeMs,
  });
});

const call = callerOf(() => h);

async function cast() {
  const account: TestAccount = await createAccount(h.db);
  const [admin, regulator, welsh] = await Promise.all([
    createUser(h.db, { firstName: 'Dee', lastName: 'Adline' }),
    createUser(h.db, { firstName: 'Rhys', lastName: 'Regulator' }),
    createUser(h.db),
  ]);
  await grantOperator(h.db, admin, account, 'operator_admin');
  await grantRegulator(h.db, regulator, 'ENGLAND');
  await grantRegulator(h.db, welsh, 'WALES');
  await h.db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: admin.id });
  return { account, admin, regulator, welsh };
}

const start = (user: TestUser, account: TestAccount, type: string, payload?: unknown) =>
  call(user, `/requests?accountId=${account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: type, ...(payload === undefined ? {} : { requestCreateActionPayload: payload }) },
  });
const noticesOf = (taskId: number) =>
  h
    .db('request_task_notices')
    .where({ task_id: taskId })
    .orderBy([{ column: 'due_at' }, { column: 'kind' }]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const stop = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < stop) {
    await sleep(200);
    value = await probe();
  }
  return value;
}
async function daysUntil(date: string): Promise<number> {
  const { rows } = await h.db.raw('select (?::date - current_date) as n', [date]);
  return rows[0].n;
}

it('shows each report task its statutory due date as days remaining', async () => {
  const { account, admin } = await cast();
  await submitNotification(h, admin, account);
  const ap = await start(admin, account, ACTION_PLAN);
  const pu1 = await start(admin, account, PROGRESS_UPDATE_1, { isDisaggregateUndertaking: true });
  expect(ap.body.tasks[0].dueAt).toBe('2024-12-05T23:59:59.999Z');
  // Two requests of one account can't both be in progress for these types; the second refused tells why.
  expect(pu1.status).toBe(400);
  const list = await call(admin, '/ORGANISATION/items/assigned-to-me?page=0&size=100');
  const item = list.body.items.find((i: { requestId: string }) => i.requestId === ap.body.requestId);
  expect(item).toMatchObject({
    taskType: ACTION_PLAN_SUBMIT,
    daysRemaining: await daysUntil(actionPlanProcess.dueDate.date),
  });
  expect(item.daysRemaining).toBeLessThan(0);
  const page = await call(admin, `/tasks/${item.taskId}`);
  expect(page.body.requestTask).toMatchObject({
    dueDate: '2024-12-05T23:59:59.999Z',
    daysRemaining: item.daysRemaining,
  });
});

it('sends the reminders and the overdue notice once each, although the worker was down when they fell due, and again for a new due date', async () => {
  const { account, admin, regulator } = await cast();
  // 28, 7 and 1 days, as seconds four apart: wide enough that a slow machine does not move a
  // reminder from one side of 'now' to the other.
  const dueAt = new Date(Date.now() + 14_000).toISOString();
  Object.assign(h.api.deps.config.reporting, {
    dueDates: { ...defaults.dueDates, [PROGRESS_UPDATE_1]: dueAt },
    remindBeforeMs: [12_000, 8000, 4000],
  });
  const started = await start(admin, account, PROGRESS_UPDATE_1, { isDisaggregateUndertaking: true });
  expect(started.status).toBe(201);
  const requestId: string = started.body.requestId;
  const taskId: number = started.body.tasks[0].taskId;
  expect(started.body.tasks[0]).toMatchObject({ taskType: PROGRESS_UPDATE_1_SUBMIT, dueAt });

  await worker.stop();
  await sleep(Date.parse(dueAt) - Date.now() + 1000);
  expect(await noticesOf(taskId)).toEqual([]);
  await worker.start();
  const sent = await until(
    () => noticesOf(taskId),
    (n) => n.length >= 4,
  );
  expect(sent.map((n) => [n.kind, n.due_at.toISOString()])).toEqual([
    ['OVERDUE', dueAt],
    ['REMINDER_1', dueAt],
    ['REMINDER_2', dueAt],
    ['REMINDER_3', dueAt],
  ]);
  const toAssignee = await h
    .db('email_outbox')
    .where({ to_address: admin.email })
    .whereIn('template', ['TaskReminder', 'TaskOverdue'])
    .orderBy('id');
  expect(toAssignee.map((m) => m.template)).toEqual(['TaskReminder', 'TaskReminder', 'TaskReminder', 'TaskOverdue']);
  expect(toAssignee[0].subject).toBe('Task due soon - Manage your ESOS reporting');
  expect(toAssignee[3].body_text).toContain('"Submit Phase 3 Progress Update 1"');
  // The authority's regulators hear of it when it is overdue (of every overdue task of their authority).
  const toRegulator = await h
    .db('email_outbox')
    .where({ to_address: regulator.email })
    .whereIn('template', ['TaskReminder', 'TaskOverdue'])
    .whereLike('body_text', `%${account.name}%`);
  expect(toRegulator.map((m) => m.template)).toEqual(['TaskOverdue']);

  // A restart sends nothing again.
  await worker.stop();
  await worker.start();
  await sleep(1500);
  expect(await noticesOf(taskId)).toHaveLength(4);

  // A new due date, seconds away: the reminder still ahead (2 s from now; the other two are 2 and
  // 6 s past) and the overdue notice are sent for it.
  const moved = new Date(Date.now() + 6000).toISOString();
  const snapshot = await h.env.client.workflow.getHandle(requestId).executeUpdate(changeDueDateUpdate, {
    args: [{ taskId, dueAt: moved, actor: { userId: regulator.id, fullName: 'Rhys Regulator' } }],
  });
  expect(snapshot.tasks).toEqual([expect.objectContaining({ taskId, dueAt: moved })]);
  const again = await until(
    () => noticesOf(taskId),
    (n) => n.length >= 6,
  );
  expect(again.slice(4).map((n) => [n.kind, n.due_at.toISOString()])).toEqual([
    ['OVERDUE', moved],
    ['REMINDER_3', moved],
  ]);
  await sleep(1000);
  expect(await noticesOf(taskId)).toHaveLength(6);
  expect(
    (await h.db('request_actions').where({ request_id: requestId }).orderBy('id')).map((a) => [a.type, a.submitter]),
  ).toEqual([['REQUEST_TASK_DUE_DATE_CHANGED', 'Rhys Regulator']]);
  await maybeRecordHistory(h.env.client, requestId, 'progressUpdate1P3-deadline-moved');
});

it('lets a regulator of the authority move a report task’s due date, which the lists then show', async () => {
  const { account, admin, regulator, welsh } = await cast();
  await submitNotification(h, admin, account);
  const started = await start(admin, account, ACTION_PLAN);
  const taskId: number = started.body.tasks[0].taskId;
  const today = ukDate(new Date());
  const later = ukDate(new Date(Date.now() + 40 * 86_400_000));
  const move = (user: TestUser, dueDate: unknown) =>
    call(user, `/tasks/${taskId}/due-date`, { method: 'PUT', body: { dueDate } });

  expect((await move(admin, later)).status).toBe(403);
  expect((await move(welsh, later)).status).toBe(404);
  expect(await move(regulator, undefined)).toMatchObject({
    status: 400,
    body: { message: 'Enter the new due date', field: 'dueDate' },
  });
  expect(await move(regulator, '2026-02-30')).toMatchObject({ status: 400, body: { message: 'Enter a real date' } });
  expect(await move(regulator, ukDate(new Date(Date.now() - 2 * 86_400_000)))).toMatchObject({
    status: 400,
    body: { message: expect.stringMatching(/^This date must be the same as or after /) },
  });
  expect((await call(regulator, `/tasks/999999999/due-date`, { method: 'PUT', body: { dueDate: later } })).status).toBe(
    404,
  );

  const moved = await move(regulator, later);
  expect(moved).toMatchObject({ status: 200, body: { requestTaskId: taskId, dueDate: later } });
  const item = (await call(admin, '/ORGANISATION/items/assigned-to-me?page=0&size=100')).body.items.find(
    (i: { taskId: number }) => i.taskId === taskId,
  );
  expect(item.daysRemaining).toBe(await daysUntil(later));
  expect(item.daysRemaining).toBeGreaterThan(0);
  const timeline = await call(admin, `/request-actions?requestId=${started.body.requestId}`);
  expect(timeline.body.map((a: { type: string; submitter: string }) => [a.type, a.submitter])).toEqual([
    ['REQUEST_TASK_DUE_DATE_CHANGED', 'Rhys Regulator'],
  ]);
  expect((await move(regulator, today)).status).toBe(200);
});
