// The engine end to end on a real Temporal dev server, the real database and the real API: a
// request goes open → save → assign → submit → next task → complete, checked in the projection
// and the timeline at each step; then worker restarts and deadline timers.
import '../test/processes/two-step';
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../test/factories';
import { TWO_STEP, TWO_STEP_REVIEW, TWO_STEP_SUBMIT } from '../test/processes/two-step';
import { AccountId, CompetentAuthority, RequestType } from '../domain/search-attributes';
import { callAs, maybeRecordHistory, type EngineHarness, useEngineHarness } from '../test/workflows/harness';

let h: EngineHarness;
const worker = useEngineHarness((started) => (h = started));

const call = (user: TestUser, path: string, init?: Parameters<typeof callAs>[3]) => callAs(h.api, user, path, init);

interface Cast {
  account: TestAccount;
  owner: TestUser;
  colleague: TestUser;
  reviewer: TestUser;
  otherReviewer: TestUser;
}

async function cast(): Promise<Cast> {
  const account = await createAccount(h.db);
  const [owner, colleague, reviewer, otherReviewer] = await Promise.all([
    createUser(h.db, { firstName: 'Olive', lastName: 'Owner' }),
    createUser(h.db, { firstName: 'Colin', lastName: 'Colleague' }),
    createUser(h.db, { firstName: 'Rita', lastName: 'Reviewer' }),
    createUser(h.db, { firstName: '', lastName: 'Other' }),
  ]);
  await grantOperator(h.db, owner, account);
  await grantOperator(h.db, colleague, account);
  await grantRegulator(h.db, reviewer, 'ENGLAND');
  await grantRegulator(h.db, otherReviewer, 'ENGLAND');
  await h.db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: owner.id });
  return { account, owner, colleague, reviewer, otherReviewer };
}

/** The owner starts a two-step request: its id and its first (submit) task's. */
async function startTwoStep(
  owner: TestUser,
  account: TestAccount,
): Promise<{ requestId: string; submitTaskId: number }> {
  const started = await call(owner, `/requests?accountId=${account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: TWO_STEP },
  });
  return { requestId: started.body.requestId, submitTaskId: started.body.tasks[0].taskId };
}

const tasksOf = (requestId: string) => h.db('request_tasks').where({ request_id: requestId }).orderBy('id');
const timelineOf = (requestId: string) => h.db('request_actions').where({ request_id: requestId }).orderBy('id');

// The health check with every part there (api/routes/system.test.ts has it with Temporal away).
it('reports the service healthy, every part UP, while the database, Temporal and the virus scanner answer', async () => {
  const res = await h.api.request('/api/health');
  expect({ status: res.status, body: res.body }).toEqual({
    status: 200,
    body: { status: 'UP', components: { database: 'UP', temporal: 'UP', virusScanner: 'UP' } },
  });
});

it('drives a request through open, save, assign, submit, the next task and completion', async () => {
  const { account, owner, colleague, reviewer, otherReviewer } = await cast();

  // Open: the operator starts it; the first task is theirs (the starter is eligible).
  const started = await call(owner, `/requests?accountId=${account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: TWO_STEP },
  });
  expect(started.status).toBe(201);
  const requestId: string = started.body.requestId;
  expect(requestId).toBe(`TST${String(account.id).padStart(6, '0')}`);
  let tasks = await tasksOf(requestId);
  expect(tasks).toEqual([
    expect.objectContaining({
      type: TWO_STEP_SUBMIT,
      assignee: owner.id,
      account_id: account.id,
      competent_authority: 'ENGLAND',
      version: 0,
    }),
  ]);
  const submitTaskId = Number(tasks[0].id);
  expect(started.body.tasks).toEqual([
    { taskId: submitTaskId, taskType: TWO_STEP_SUBMIT, assignee: owner.id, dueAt: null },
  ]);
  expect(await timelineOf(requestId)).toEqual([
    expect.objectContaining({ type: 'TEST_TWO_STEP_STARTED', submitter_id: owner.id, submitter: 'Olive Owner' }),
  ]);
  expect(await h.db('requests').where({ id: requestId }).first()).toEqual(
    expect.objectContaining({ status: 'IN_PROGRESS', type: TWO_STEP, account_id: account.id }),
  );
  const description = await h.env.client.workflow.getHandle(requestId).describe();
  expect(description.typedSearchAttributes.get(AccountId)).toBe(String(account.id));
  expect(description.typedSearchAttributes.get(RequestType)).toBe(TWO_STEP);
  expect(description.typedSearchAttributes.get(CompetentAuthority)).toBe('ENGLAND');
  expect(
    await call(owner, `/requests?accountId=${account.id}`, {
      method: 'POST',
      body: { requestCreateActionType: TWO_STEP },
    }),
  ).toMatchObject({ status: 400, body: { code: 'REQUEST_CREATE_ACTION1000' } });

  // The owner's list shows it as new until they open it.
  const mine = await call(owner, '/ORGANISATION/items/assigned-to-me?page=0&size=10');
  expect(mine.body.items.filter((i: { requestId: string }) => i.requestId === requestId)).toEqual([
    expect.objectContaining({
      taskId: submitTaskId,
      taskType: TWO_STEP_SUBMIT,
      taskAssignee: { firstName: 'Olive', lastName: 'Owner' },
      isNew: true,
      accountId: account.id,
      accountName: account.name,
      daysRemaining: null,
    }),
  ]);
  const opened = await call(owner, `/tasks/${submitTaskId}`);
  expect(opened.status).toBe(200);
  expect(opened.body).toEqual({
    requestInfo: {
      id: requestId,
      type: TWO_STEP,
      status: 'IN_PROGRESS',
      competentAuthority: account.competentAuthority,
      accountId: account.id,
      accountName: account.name,
      accountOrganisationId: account.organisationId,
      accountRegistrationNumber: null,
      creationDate: expect.any(String),
    },
    requestTask: {
      id: submitTaskId,
      type: TWO_STEP_SUBMIT,
      payload: {},
      version: 0,
      assignee: { userId: owner.id, firstName: 'Olive', lastName: 'Owner' },
      startDate: expect.any(String),
      dueDate: null,
      daysRemaining: null,
    },
    allowedRequestTaskActions: ['TEST_TWO_STEP_SAVE', 'TEST_TWO_STEP_SUBMIT_APPLICATION'],
    // An administrator of the account may hand the task to a colleague.
    userAssignCapable: true,
  });
  const again = await call(owner, '/ORGANISATION/items/assigned-to-me?page=0&size=10');
  expect(again.body.items.find((i: { taskId: number }) => i.taskId === submitTaskId).isNew).toBe(false);

  // Save: optimistic locking; a stale version is refused and overwrites nothing.
  const save = (version: number, summary: string) =>
    call(owner, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: submitTaskId,
        requestTaskActionType: 'TEST_TWO_STEP_SAVE',
        requestTaskActionPayload: { summary },
        version,
      },
    });
  expect(await save(0, 'First draft')).toMatchObject({
    status: 200,
    body: { requestTaskId: submitTaskId, version: 1 },
  });
  expect(await save(0, 'Stale draft')).toMatchObject({ status: 409, body: { code: 'REQUEST_TASK_VERSION_CONFLICT' } });
  tasks = await tasksOf(requestId);
  expect(tasks[0]).toEqual(expect.objectContaining({ payload: { summary: 'First draft' }, version: 1 }));

  // Assign: to a colleague who may execute it; the workflow records it and e-mails them.
  expect(
    await call(owner, '/tasks-assignment/assign', {
      method: 'POST',
      body: { taskId: submitTaskId, userId: reviewer.id },
    }),
  ).toMatchObject({ status: 400, body: { code: 'ITEM1000' } });
  const candidates = await call(owner, `/tasks-assignment/${submitTaskId}/candidate-assignees`);
  expect(candidates.body.map((c: { id: string }) => c.id).sort()).toEqual([owner.id, colleague.id].sort());
  expect(
    await call(owner, '/tasks-assignment/assign', {
      method: 'POST',
      body: { taskId: submitTaskId, userId: colleague.id },
    }),
  ).toMatchObject({ status: 200, body: { assignee: colleague.id } });
  expect((await tasksOf(requestId))[0].assignee).toBe(colleague.id);
  expect(await h.db('email_outbox').where({ to_address: colleague.email, template: 'EmailAssignedTask' })).toHaveLength(
    1,
  );
  const others = await call(owner, '/ORGANISATION/items/assigned-to-others?page=0&size=10');
  expect(others.body.items.find((i: { taskId: number }) => i.taskId === submitTaskId).taskAssignee).toEqual({
    firstName: 'Colin',
    lastName: 'Colleague',
  });
  expect(await call(owner, '/tasks-assignment/release/' + submitTaskId, { method: 'DELETE' })).toMatchObject({
    status: 400,
    body: { code: 'ITEM1000' },
  });

  // Submit: only the assignee, only a valid payload, and a double submit is applied once.
  const submit = (user: TestUser, summary: string) =>
    call(user, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: submitTaskId,
        requestTaskActionType: 'TEST_TWO_STEP_SUBMIT_APPLICATION',
        requestTaskActionPayload: { summary },
      },
    });
  expect(await submit(owner, 'Mine')).toMatchObject({ status: 403, body: { code: 'REQUEST_TASK_ACTION1001' } });
  expect(await submit(colleague, '   ')).toMatchObject({
    status: 400,
    body: { message: expect.stringContaining('Enter a summary') },
  });
  const [first, second] = await Promise.all([submit(colleague, ' Our report '), submit(colleague, ' Our report ')]);
  expect(first.status).toBe(200);
  // The second joins the first's submission (200), or — when the first had finished before the
  // second was looked at — finds the task gone (404). Either way it is applied once (below).
  expect([200, 404]).toContain(second.status);
  expect(first.body.nextTasks).toEqual([expect.objectContaining({ taskType: TWO_STEP_REVIEW, assignee: null })]);

  // Next task: the submit task is in the history, the review task is open and unassigned.
  tasks = await tasksOf(requestId);
  expect(tasks).toEqual([
    expect.objectContaining({
      type: TWO_STEP_REVIEW,
      assignee: null,
      payload: { submitted: { summary: 'Our report' } },
    }),
  ]);
  const reviewTaskId = Number(tasks[0].id);
  expect(await h.db('request_task_history').where({ request_id: requestId })).toEqual([
    expect.objectContaining({ id: String(submitTaskId), type: TWO_STEP_SUBMIT, assignee: colleague.id }),
  ]);
  expect(await h.db('request_task_visits').where({ task_id: submitTaskId })).toEqual([]);
  expect((await timelineOf(requestId)).map((a) => [a.type, a.submitter, a.payload])).toEqual([
    ['TEST_TWO_STEP_STARTED', 'Olive Owner', {}],
    ['TEST_TWO_STEP_SUBMITTED', 'Colin Colleague', { summary: 'Our report' }],
  ]);
  expect(await call(colleague, `/tasks/${submitTaskId}`)).toMatchObject({ status: 404 });

  // The regulator task is not the operators' to see; regulators find it unassigned.
  expect(await call(owner, `/tasks/${reviewTaskId}`)).toMatchObject({ status: 403 });
  const unassigned = await call(reviewer, '/ORGANISATION/items/unassigned?page=0&size=100');
  expect(unassigned.body.items.map((i: { taskId: number }) => i.taskId)).toContain(reviewTaskId);
  expect(
    await call(reviewer, '/tasks-assignment/assign', {
      method: 'POST',
      body: { taskId: reviewTaskId, userId: otherReviewer.id },
    }),
  ).toMatchObject({ status: 200 });
  expect(await call(reviewer, `/tasks-assignment/release/${reviewTaskId}`, { method: 'DELETE' })).toMatchObject({
    status: 204,
  });
  expect((await tasksOf(requestId))[0].assignee).toBeNull();
  expect(
    await call(reviewer, '/tasks-assignment/assign', {
      method: 'POST',
      body: { taskId: reviewTaskId, userId: reviewer.id },
    }),
  ).toMatchObject({ status: 200 });

  // Complete.
  const decided = await call(reviewer, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: reviewTaskId,
      requestTaskActionType: 'TEST_TWO_STEP_DECIDE',
      requestTaskActionPayload: { decision: 'ACCEPTED' },
    },
  });
  expect(decided).toMatchObject({ status: 200, body: { requestStatus: 'APPROVED', nextTasks: [] } });
  expect(await tasksOf(requestId)).toEqual([]);
  expect(await h.db('requests').where({ id: requestId }).first()).toEqual(
    expect.objectContaining({ status: 'APPROVED', ended_at: expect.any(Date) }),
  );
  const timeline = await call(owner, `/request-actions?requestId=${requestId}`);
  expect(timeline.body.map((a: { type: string; submitter: string }) => [a.type, a.submitter])).toEqual([
    ['TEST_TWO_STEP_DECIDED', 'Rita Reviewer'],
    ['TEST_TWO_STEP_SUBMITTED', 'Colin Colleague'],
    ['TEST_TWO_STEP_STARTED', 'Olive Owner'],
  ]);
  expect(await h.env.client.workflow.getHandle(requestId).result()).toBe('APPROVED');
  await maybeRecordHistory(h.env.client, requestId, 'testTwoStepRequest-approved');
});

const LOCAL_ACTIVITY = 'core_local_activity';

/**
 * The applied updates (of those that write) whose first write ran in the workflow task that accepted
 * them: that task's completion carries the acceptance to the server, so a write before it could
 * outlive a server lost in between, and the update with it. (A refused update writes nothing; a
 * patch's marker is not a write.)
 */
async function writesBeforeAcceptanceDurable(requestId: string): Promise<string[]> {
  const events = (await h.env.client.workflow.getHandle(requestId).fetchHistory()).events ?? [];
  const applied = new Set(
    events
      .map((e) => e.workflowExecutionUpdateCompletedEventAttributes)
      .filter((done) => done?.outcome?.success)
      .map((done) => done!.meta?.updateId),
  );
  const early: string[] = [];
  events.forEach((event, i) => {
    const request = event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest;
    const name = request?.input?.name;
    if (!name || !['taskAction', 'assignTask', 'changeDueDate'].includes(name)) return;
    if (!applied.has(request?.meta?.updateId)) return;
    const write = events.findIndex((e, j) => j > i && e.markerRecordedEventAttributes?.markerName === LOCAL_ACTIVITY);
    const completed = events.findIndex((e, j) => j > i && e.workflowTaskCompletedEventAttributes);
    if (write !== -1 && (completed === -1 || write < completed)) early.push(name);
  });
  return early;
}

it("writes nothing of a person's update until its acceptance is on the server, and refuses a second action on the task it closed", async () => {
  const { account, owner, reviewer } = await cast();
  const { requestId, submitTaskId } = await startTwoStep(owner, account);
  const submit = (headers: Record<string, string>) =>
    call(owner, '/tasks/actions', {
      method: 'POST',
      headers,
      body: {
        requestTaskId: submitTaskId,
        requestTaskActionType: 'TEST_TWO_STEP_SUBMIT_APPLICATION',
        requestTaskActionPayload: { summary: 'Sent twice' },
      },
    });
  // Two different attempts (two keys, so not one update joined): one applies, the other is told
  // the task has closed rather than left waiting.
  const answers = await Promise.all([
    submit({ 'Idempotency-Key': 'attempt-1' }),
    submit({ 'Idempotency-Key': 'attempt-2' }),
  ]);
  const [applied, refused] = answers[0].status === 200 ? answers : [answers[1], answers[0]];
  expect(applied.status).toBe(200);
  expect([404, 409]).toContain(refused.status);
  const reviewTaskId = (await tasksOf(requestId))[0].id;
  expect(
    await call(reviewer, '/tasks-assignment/assign', {
      method: 'POST',
      body: { taskId: Number(reviewTaskId), userId: reviewer.id },
    }),
  ).toMatchObject({ status: 200 });
  expect(
    await call(reviewer, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: Number(reviewTaskId),
        requestTaskActionType: 'TEST_TWO_STEP_DECIDE',
        requestTaskActionPayload: { decision: 'ACCEPTED' },
      },
    }),
  ).toMatchObject({ status: 200, body: { requestStatus: 'APPROVED' } });
  expect((await timelineOf(requestId)).map((a) => a.type)).toEqual([
    'TEST_TWO_STEP_STARTED',
    'TEST_TWO_STEP_SUBMITTED',
    'TEST_TWO_STEP_DECIDED',
  ]);
  await maybeRecordHistory(h.env.client, requestId, 'testTwoStepRequest-acted-twice');
  expect(await writesBeforeAcceptanceDurable(requestId)).toEqual([]);
});

it('loses nothing when the worker stops between two steps and another one starts', async () => {
  const { account, owner, reviewer } = await cast();
  const { requestId, submitTaskId } = await startTwoStep(owner, account);
  await worker.stop();
  // While no worker runs the request is still listed and readable: the lists read the projection.
  expect((await call(owner, `/tasks/${submitTaskId}`)).status).toBe(200);
  await worker.start();
  const submitted = await call(owner, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: submitTaskId,
      requestTaskActionType: 'TEST_TWO_STEP_SUBMIT_APPLICATION',
      requestTaskActionPayload: { summary: 'After restart' },
    },
  });
  expect(submitted.status).toBe(200);
  const reviewTaskId = submitted.body.nextTasks[0].taskId;
  await worker.stop();
  await worker.start();
  await call(reviewer, '/tasks-assignment/assign', {
    method: 'POST',
    body: { taskId: reviewTaskId, userId: reviewer.id },
  });
  const decided = await call(reviewer, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: reviewTaskId,
      requestTaskActionType: 'TEST_TWO_STEP_DECIDE',
      requestTaskActionPayload: { decision: 'REJECTED' },
    },
  });
  expect(decided).toMatchObject({ status: 200, body: { requestStatus: 'REJECTED' } });
  expect((await timelineOf(requestId)).map((a) => a.type)).toEqual([
    'TEST_TWO_STEP_STARTED',
    'TEST_TWO_STEP_SUBMITTED',
    'TEST_TWO_STEP_DECIDED',
  ]);
  expect(await h.db('request_task_history').where({ request_id: requestId })).toHaveLength(2);
  await maybeRecordHistory(h.env.client, requestId, 'testTwoStepRequest-rejected-across-restarts');
});

it('keeps deadlines on durable timers: the reminder and the overdue notice arrive although the worker was down', async () => {
  const { account, owner } = await cast();
  const requestId = `TST${String(account.id).padStart(6, '0')}`;
  const { startRequestWorkflow } = await import('../api/request-workflows');
  const { twoStepProcess } = await import('../test/processes/two-step');
  const snapshot = await startRequestWorkflow(h.api.deps, twoStepProcess, {
    requestId,
    requestType: TWO_STEP,
    accountId: account.id,
    competentAuthority: 'ENGLAND',
    startedBy: { userId: owner.id, fullName: 'Olive Owner', roleType: 'OPERATOR' },
    deadlines: { [TWO_STEP_SUBMIT]: { dueInMs: 4000, remindBeforeMs: [2500] } },
  });
  const taskId = snapshot.tasks[0].taskId;
  const listed = await call(owner, '/ORGANISATION/items/assigned-to-me?page=0&size=100');
  // Due today: zero days remaining, which the dashboard shows as 'Overdue'.
  expect(listed.body.items.find((i: { taskId: number }) => i.taskId === taskId).daysRemaining).toBe(0);
  await worker.stop();
  await new Promise((r) => setTimeout(r, 5000));
  expect(await h.db('request_task_notices').where({ task_id: taskId })).toEqual([]);
  await worker.start();
  const deadline = Date.now() + 20_000;
  while ((await h.db('request_task_notices').where({ task_id: taskId })).length < 2 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  expect((await h.db('request_task_notices').where({ task_id: taskId }).orderBy('kind')).map((n) => n.kind)).toEqual([
    'OVERDUE',
    'REMINDER_1',
  ]);
  const mail = await h
    .db('email_outbox')
    .where({ to_address: owner.email })
    .whereIn('template', ['TaskReminder', 'TaskOverdue'])
    .orderBy('id');
  expect(mail.map((m) => m.subject)).toEqual([
    'Task due soon - Manage your ESOS reporting',
    'Task overdue - Manage your ESOS reporting',
  ]);
  // The task is still open and can be completed.
  const submitted = await call(owner, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: taskId,
      requestTaskActionType: 'TEST_TWO_STEP_SUBMIT_APPLICATION',
      requestTaskActionPayload: { summary: 'Late' },
    },
  });
  expect(submitted.status).toBe(200);
  await maybeRecordHistory(h.env.client, requestId, 'testTwoStepRequest-deadline-in-progress');
});
