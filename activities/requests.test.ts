// The engine's merged writes against the real database (engine/request-activities.ts, ONE_WRITE_PATCH):
// a task's closing and its timeline entry are one transaction, as are a request's row and its first
// entry. An activity runs at least once, so a retry must write nothing more; a refused closing
// (the task was saved again since the caller looked) must write nothing at all.
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { createDb, type Db } from '../infra/db';
import { createAccount, createUser, grantOperator, type TestAccount, type TestUser } from '../test/factories';
import { createRequestActivities } from './requests';

let db: Db;
let account: TestAccount;
let user: TestUser;
let acts: ReturnType<typeof createRequestActivities>;

beforeAll(async () => {
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 3 });
  account = await createAccount(db);
  user = await createUser(db);
  await grantOperator(db, user, account);
  acts = createRequestActivities({ db, homeUrl: 'http://localhost' });
});
afterAll(() => db.destroy());

const submitter = () => ({ userId: user.id, fullName: 'Ada Lovelace' });
const timeline = (requestId: string) =>
  db('request_actions')
    .where({ request_id: requestId })
    .orderBy('id')
    .select('type', 'payload', 'submitter_id', 'submitter');

async function startedRequest(): Promise<string> {
  const requestId = `RT-${randomUUID().slice(0, 8)}`;
  const start = {
    requestId,
    requestType: 'TEST_TWO_STEP',
    accountId: account.id,
    competentAuthority: 'ENGLAND',
    payload: { a: 1 },
    timeline: { key: `${requestId}:1`, requestId, type: 'TEST_STARTED', details: { a: 1 }, submitter: submitter() },
  };
  await acts.startRequest(start);
  await acts.startRequest(start); // a retry
  return requestId;
}

async function openTask(requestId: string, draft: Record<string, unknown>): Promise<number> {
  const opened = await acts.openTask({
    key: `${requestId}:open`,
    requestId,
    taskType: 'TEST_SUBMIT',
    roleType: 'OPERATOR',
    executePermission: 'x',
    accountId: account.id,
    competentAuthority: 'ENGLAND',
    candidate: null,
    draft,
    dueAt: null,
  });
  return opened.taskId;
}

it('starts a request with its first timeline entry once, however often the activity runs', async () => {
  const requestId = await startedRequest();
  expect(await db('requests').where({ id: requestId }).select('status')).toEqual([{ status: 'IN_PROGRESS' }]);
  expect(await timeline(requestId)).toEqual([
    { type: 'TEST_STARTED', payload: { a: 1 }, submitter_id: user.id, submitter: 'Ada Lovelace' },
  ]);
});

it('closes a task and records its entry (the saved draft as a snapshot) in one write; a retry returns the same and writes nothing more', async () => {
  const requestId = await startedRequest();
  const taskId = await openTask(requestId, { answer: 'saved draft' });
  const close = {
    taskId,
    version: 0,
    timeline: { key: `${requestId}:2`, requestId, type: 'TEST_SUBMITTED', snapshot: true, submitter: submitter() },
  };
  expect(await acts.closeTask(close)).toEqual({ answer: 'saved draft' });
  expect(await acts.closeTask(close)).toEqual({ answer: 'saved draft' });
  expect(await db('request_tasks').where({ id: taskId })).toEqual([]);
  expect(await db('request_task_history').where({ id: taskId }).select('type')).toEqual([{ type: 'TEST_SUBMIT' }]);
  expect((await timeline(requestId)).map((e) => [e.type, e.payload])).toEqual([
    ['TEST_STARTED', { a: 1 }],
    ['TEST_SUBMITTED', { answer: 'saved draft' }],
  ]);
});

it('refuses a closing whose task was saved again since, and then writes neither the closing nor the entry', async () => {
  const requestId = await startedRequest();
  const taskId = await openTask(requestId, {});
  await db('request_tasks').where({ id: taskId }).update({ version: 1 });
  const refused = acts.closeTask({
    taskId,
    version: 0,
    timeline: {
      key: `${requestId}:2`,
      requestId,
      type: 'TEST_SUBMITTED',
      details: { decision: 'yes' },
      submitter: submitter(),
    },
  });
  await expect(refused).rejects.toBeInstanceOf(ApplicationFailure);
  await expect(refused).rejects.toMatchObject({ type: 'STALE_TASK' });
  expect(await db('request_tasks').where({ id: taskId }).select('version')).toEqual([{ version: 1 }]);
  expect((await timeline(requestId)).map((e) => e.type)).toEqual(['TEST_STARTED']);
});
