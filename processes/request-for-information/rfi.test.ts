// The request for information end to end on a real Temporal dev server, the real database and the
// real API: sent and answered with files, cancelled while waiting, and left unanswered until it
// expires — its reminders sent once each, also when the worker is down between them — and who may
// start, see and answer one.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createAccount,
  createUser,
  createVerificationBody,
  grantOperator,
  grantRegulator,
  grantVerifier,
  type TestAccount,
  type TestUser,
} from '../../test/factories';
import { callerOf, maybeRecordHistory, useEngineHarness, type EngineHarness } from '../../test/workflows/harness';
import { fullName } from '../../domain/work-items';
import { pdfText } from '../../test/pdf-text';
import { requestForInformationProcess } from './process';
import {
  RFI,
  RFI_APPLICATION_SUBMIT,
  RFI_CANCEL,
  RFI_NEXT_STEPS,
  RFI_NEXT_STEPS_SUBMIT,
  RFI_REMOVE_ATTACHMENT,
  RFI_RESPONSE,
  RFI_RESPONSE_REVIEW,
  RFI_RESPONSE_REVIEWED,
  RFI_RESPONSE_SUBMIT,
  RFI_SUBMIT,
  RFI_WAIT_FOR_RESPONSE,
} from './codes';
import { DEADLINE_IN_FUTURE, rfiDeadline } from './request';
import { questionCount } from './emails';
import { formatDateLong } from '../../domain/validation/dates';
import type { RequestInput } from '../../domain/request-messages';
import type { TaskDeadline } from '../../domain/process-definition';

let h: EngineHarness;
const worker = useEngineHarness((started) => (h = started));
const call = callerOf(() => h);

interface Parties {
  account: TestAccount;
  regulator: TestUser;
  operator: TestUser;
}

/** A LIVE English account with an administrator as its primary contact, and an English regulator. */
async function parties(): Promise<Parties> {
  const account = await createAccount(h.db);
  const [regulator, operator] = await Promise.all([
    createUser(h.db, { firstName: 'Rhian', lastName: 'Regulator' }),
    createUser(h.db, { firstName: 'Owen', lastName: 'Operator' }),
  ]);
  await grantRegulator(h.db, regulator, 'ENGLAND');
  await grantOperator(h.db, operator, account);
  await h.db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: operator.id });
  return { account, regulator, operator };
}

const start = (user: TestUser, account: { id: number }) =>
  call(user, `/requests?accountId=${account.id}`, { method: 'POST', body: { requestCreateActionType: RFI } });
const act = (user: TestUser, taskId: number, type: string, payload: unknown = {}) =>
  call(user, '/tasks/actions', {
    method: 'POST',
    body: { requestTaskId: taskId, requestTaskActionType: type, requestTaskActionPayload: payload },
  });
const openTask = async (requestId: string, type: string) =>
  h.db('request_tasks').where({ request_id: requestId, type }).first();
const timeline = async (requestId: string) =>
  (await h.db('request_actions').where({ request_id: requestId }).orderBy('id')).map((a) => a.type);
const statusOf = async (requestId: string) => (await h.db('requests').where({ id: requestId }).first('status')).status;

function inDays(days: number): { day: string; month: string; year: string } {
  const d = new Date(Date.now() + days * 86_400_000);
  return { day: String(d.getUTCDate()), month: String(d.getUTCMonth() + 1), year: String(d.getUTCFullYear()) };
}

/** Uploads a file to a task as its assignee (RFI_UPLOAD_ATTACHMENT); answers its uuid. */
async function upload(user: TestUser, taskId: number, name: string, content: string): Promise<string> {
  const form = new FormData();
  form.append(
    'requestTaskActionDetails',
    JSON.stringify({ requestTaskId: taskId, requestTaskActionType: 'RFI_UPLOAD_ATTACHMENT' }),
  );
  form.append('attachment', new Blob([content], { type: 'text/plain' }), name);
  const { bearer } = await import('../../test/tokens');
  const res = await h.api.request('/api/v1.0/task-attachments/upload', {
    method: 'POST',
    headers: await bearer(user),
    body: form,
  });
  expect(res.status).toBe(200);
  return res.body.uuid;
}

async function until(what: () => Promise<boolean>, ms = 30_000): Promise<void> {
  for (const giveUp = Date.now() + ms; !(await what()); await sleep(200))
    if (Date.now() > giveUp) throw new Error('timed out');
}

describe('request for information', () => {
  it('is sent by a regulator with questions, a deadline and a file, answered by the operator with a file, and read by the regulator', async () => {
    const { account, regulator, operator } = await parties();
    const started = await start(regulator, account);
    expect(started.status).toBe(201);
    const requestId: string = started.body.requestId;
    expect(requestId).toMatch(/^RFI\d{6}-1$/);
    const compose = await openTask(requestId, RFI_APPLICATION_SUBMIT);
    expect(compose.assignee).toBe(regulator.id);

    // The deadline must be a real date after today.
    const past = await act(regulator, Number(compose.id), RFI_SUBMIT, {
      questions: 'Why no notification?',
      deadline: inDays(0),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toContain(DEADLINE_IN_FUTURE);
    expect((await act(regulator, Number(compose.id), RFI_SUBMIT, { questions: '', deadline: inDays(20) })).status).toBe(
      400,
    );
    expect(
      (
        await act(regulator, Number(compose.id), RFI_SUBMIT, {
          questions: 'x',
          deadline: { day: '31', month: '2', year: '2030' },
        })
      ).status,
    ).toBe(400);

    const question = await upload(regulator, Number(compose.id), 'questions.txt', 'the questions');
    // A file uploaded by mistake is taken off again, and deleted when the task closes.
    const mistake = await upload(regulator, Number(compose.id), 'wrong.txt', 'not this one');
    const version = (await openTask(requestId, RFI_APPLICATION_SUBMIT)).version;
    const removed = await call(regulator, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: Number(compose.id),
        requestTaskActionType: RFI_REMOVE_ATTACHMENT,
        requestTaskActionPayload: { uuid: mistake },
        version,
      },
    });
    expect(removed.status).toBe(200);
    expect((await openTask(requestId, RFI_APPLICATION_SUBMIT)).payload.attachments).toEqual({
      [question]: 'questions.txt',
    });
    expect((await act(regulator, Number(compose.id), RFI_REMOVE_ATTACHMENT, { uuid: 'not-a-uuid' })).status).toBe(400);
    const deadline = inDays(20);
    const sent = await act(regulator, Number(compose.id), RFI_SUBMIT, {
      questions: 'Why has the organisation not notified?',
      deadline,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.nextTasks.map((t: { taskType: string }) => t.taskType).sort()).toEqual(
      [RFI_RESPONSE, RFI_WAIT_FOR_RESPONSE].sort(),
    );

    // The operator is told what is asked, by when, and where to answer — not 'New task received'.
    const respondTask = await openTask(requestId, RFI_RESPONSE);
    const deadlineWords = formatDateLong(
      `${deadline.year}-${deadline.month.padStart(2, '0')}-${deadline.day.padStart(2, '0')}`,
    );
    const told = await h.db('email_outbox').where({ to_address: operator.email, template: 'EmailAssignedTask' });
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe(
      `Request for information ${requestId}: respond by ${deadlineWords} - Manage your ESOS reporting`,
    );
    expect(told[0].body_text).toContain(
      `Your regulator has sent ${account.name} a request for information, reference ${requestId}. It asks 1 question.`,
    );
    expect(told[0].body_text).toContain(`A response is required by 11:59pm on ${deadlineWords}.`);
    expect(told[0].body_text).toContain(
      `Respond to request for information ${requestId}: http://esos.test/tasks/${respondTask.id}\n`,
    );
    expect(told[0].body_html).toContain(`/tasks/${respondTask.id}"`);
    // Its copy of the request is a copy sent to the organisation, not 'your copy'.
    await until(
      async () =>
        (await h.db('email_outbox').where({ to_address: operator.email, template: 'SubmissionDocument' })).length > 0,
    );
    const copy = await h
      .db('email_outbox')
      .where({ to_address: operator.email, template: 'SubmissionDocument' })
      .first();
    expect(copy.subject).toBe(
      `Request for information ${requestId}: a copy of what was sent - Manage your ESOS reporting`,
    );
    expect(copy.body_text).toContain(
      `Attached is a copy of the request for information sent to ${account.name} (ID: ${account.organisationId}), reference ${requestId}.`,
    );

    // The operator's administrator has the task, due at the end of the deadline's day, with days remaining.
    const respond = await openTask(requestId, RFI_RESPONSE);
    expect(respond.assignee).toBe(operator.id);
    const iso = `${deadline.year}-${deadline.month.padStart(2, '0')}-${deadline.day.padStart(2, '0')}`;
    expect(new Date(respond.due_at).toISOString()).toBe(rfiDeadline(iso).dueAt);
    const page = await call(operator, `/tasks/${respond.id}`);
    expect(page.status).toBe(200);
    expect(page.body.requestTask.payload.request).toEqual({
      questions: 'Why has the organisation not notified?',
      deadline: iso,
      attachments: { [question]: 'questions.txt' },
    });
    expect(page.body.requestTask.daysRemaining).toBeGreaterThanOrEqual(19);
    expect(page.body.allowedRequestTaskActions).toEqual([RFI_REMOVE_ATTACHMENT, RFI_RESPONSE_SUBMIT]);
    // It is in the administrator's work items, with its days remaining.
    const items = await call(operator, '/ORGANISATION/items/assigned-to-me?page=0&size=50');
    expect(items.body.items).toContainEqual(
      expect.objectContaining({
        taskId: Number(respond.id),
        taskType: RFI_RESPONSE,
        requestId,
        requestType: RFI,
        daysRemaining: page.body.requestTask.daysRemaining,
      }),
    );

    // The sent request is on the timeline with its file and its PDF, and the operator may download both.
    const sentEntry = await h.db('request_actions').where({ request_id: requestId, type: 'RFI_SUBMITTED' }).first();
    expect(sentEntry.submitter).toBe(fullName(regulator));
    expect(await h.db('files').where({ uuid: mistake }).first()).toBeUndefined();
    expect(
      (await call(operator, `/request-action-attachments/${sentEntry.id}?attachmentUuid=${question}`)).status,
    ).toBe(200);
    const sentDoc = await h
      .db('request_action_file_documents as d')
      .join('files as f', 'f.uuid', 'd.file_uuid')
      .where('d.request_action_id', sentEntry.id)
      .first('f.file_name', 'f.content');
    expect(sentDoc.file_name).toBe(`${requestId} Request for information.pdf`);
    const sentPdf = (await pdfText(sentDoc.content)).text.replace(/\s+/g, ' ');
    expect(sentPdf).toContain('Why has the organisation not notified?');
    expect(sentPdf).toContain('questions.txt');
    expect(sentPdf).toContain(`Reference number ${requestId}`);

    const answer = await upload(operator, Number(respond.id), 'answer.txt', 'our answer');
    expect((await act(operator, Number(respond.id), RFI_RESPONSE_SUBMIT, { response: '' })).status).toBe(400);
    const answered = await act(operator, Number(respond.id), RFI_RESPONSE_SUBMIT, {
      response: 'We notified late; see the file.',
    });
    expect(answered.status).toBe(200);
    expect(answered.body.nextTasks.map((t: { taskType: string }) => t.taskType)).toEqual([RFI_RESPONSE_REVIEW]);
    expect(await openTask(requestId, RFI_WAIT_FOR_RESPONSE)).toBeUndefined();

    // The regulator's task shows the response; the response has its PDF, sent to the regulator too.
    const review = await openTask(requestId, RFI_RESPONSE_REVIEW);
    expect(review.assignee).toBe(regulator.id);
    const reviewPage = await call(regulator, `/tasks/${review.id}`);
    expect(reviewPage.body.requestTask.payload.response).toEqual({
      response: 'We notified late; see the file.',
      attachments: { [answer]: 'answer.txt' },
    });
    const responseEntry = await h
      .db('request_actions')
      .where({ request_id: requestId, type: 'RFI_RESPONSE_SUBMITTED' })
      .first();
    expect(
      (await call(regulator, `/request-action-attachments/${responseEntry.id}?attachmentUuid=${answer}`)).status,
    ).toBe(200);
    const responseDoc = await h
      .db('request_action_file_documents as d')
      .join('files as f', 'f.uuid', 'd.file_uuid')
      .where('d.request_action_id', responseEntry.id)
      .first('f.file_name', 'f.content');
    expect(responseDoc.file_name).toBe(`${requestId} Request for information response.pdf`);
    expect((await pdfText(responseDoc.content)).text.replace(/\s+/g, ' ')).toContain('We notified late; see the file.');
    const mailed = await h.db('email_outbox').where({ template: 'SubmissionDocument', to_address: regulator.email });
    expect(mailed.length).toBeGreaterThanOrEqual(1);

    expect((await act(regulator, Number(review.id), RFI_RESPONSE_REVIEWED)).status).toBe(200);
    expect(await statusOf(requestId)).toBe('COMPLETED');
    expect(await timeline(requestId)).toEqual([
      'RFI_SUBMITTED',
      'RFI_RESPONSE_SUBMITTED',
      'RFI_RESPONSE_REVIEW_COMPLETED',
    ]);
    // The audit trail credits each step to whoever took it.
    const audited = await h
      .db('audit_log')
      .where({ actor_user_id: operator.id, request_id: requestId })
      .count<{ n: string }[]>({ n: '*' });
    expect(Number(audited[0]!.n)).toBeGreaterThan(0);
    await maybeRecordHistory(h.env.client, requestId, 'requestForInformation-responded');

    // Another request on the same account takes the next number.
    const second = await start(regulator, account);
    expect(second.body.requestId).toBe(requestId.replace(/-1$/, '-2'));
  });

  it('may be cancelled by the regulator while it waits: both tasks close and the operator has nothing left to answer', async () => {
    const { account, regulator, operator } = await parties();
    const requestId: string = (await start(regulator, account)).body.requestId;
    const compose = await openTask(requestId, RFI_APPLICATION_SUBMIT);
    await act(regulator, Number(compose.id), RFI_SUBMIT, {
      questions: 'Send your energy audit.',
      deadline: inDays(30),
    });
    const respond = await openTask(requestId, RFI_RESPONSE);
    const wait = await openTask(requestId, RFI_WAIT_FOR_RESPONSE);
    // The operator sees the regulator's task on its account's request but cannot cancel it.
    expect((await act(operator, Number(wait.id), RFI_CANCEL)).status).toBe(403);
    const cancelled = await act(regulator, Number(wait.id), RFI_CANCEL);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ requestStatus: 'CANCELLED', nextTasks: [] });
    expect(await openTask(requestId, RFI_RESPONSE)).toBeUndefined();
    expect(
      (await act(operator, Number(respond.id), RFI_RESPONSE_SUBMIT, { response: 'Too late' })).status,
    ).toBeGreaterThanOrEqual(400);
    expect(await timeline(requestId)).toEqual(['RFI_SUBMITTED', 'RFI_CANCELLED']);
    await maybeRecordHistory(h.env.client, requestId, 'requestForInformation-cancelled');
  });

  it('refuses whoever may not start, see or answer it', async () => {
    const { account, regulator, operator } = await parties();
    const other = await createAccount(h.db);
    const stranger = await createUser(h.db);
    await grantOperator(h.db, stranger, other);
    const welsh = await createUser(h.db);
    await grantRegulator(h.db, welsh, 'WALES');
    const body = await createVerificationBody(h.db);
    await h.db('accounts').where({ id: account.id }).update({ verification_body_id: body });
    const verifier = await createUser(h.db);
    await grantVerifier(h.db, verifier, body);

    // An operator, and a verifier whose body is appointed to the account, cannot start one (403); on
    // an account a caller cannot see — another account's operator, another authority's regulator, a
    // verifier not appointed — the account does not exist (404), as for every id.
    expect((await start(operator, account)).status).toBe(403);
    expect((await start(verifier, account)).status).toBe(403);
    const otherVerifier = await createUser(h.db);
    await grantVerifier(h.db, otherVerifier, await createVerificationBody(h.db));
    expect((await start(otherVerifier, account)).status).toBe(404);
    expect((await start(stranger, account)).status).toBe(404);
    expect((await start(welsh, account)).status).toBe(404);
    const available = await call(operator, `/requests/available-workflows/permit/${account.id}`);
    expect(Object.keys(available.body)).not.toContain(RFI);
    expect(Object.keys((await call(regulator, `/requests/available-workflows/permit/${account.id}`)).body)).toContain(
      RFI,
    );

    const requestId: string = (await start(regulator, account)).body.requestId;
    const compose = await openTask(requestId, RFI_APPLICATION_SUBMIT);
    await act(regulator, Number(compose.id), RFI_SUBMIT, {
      questions: 'Where is your action plan?',
      deadline: inDays(10),
    });
    const respond = await openTask(requestId, RFI_RESPONSE);

    // Another account's operator: the request, its task and its timeline are not found, and it cannot be answered.
    expect((await call(stranger, `/requests/${requestId}`)).status).toBe(404);
    expect((await call(stranger, `/tasks/${respond.id}`)).status).toBe(404);
    expect((await call(stranger, `/request-actions?requestId=${requestId}`)).status).toBe(404);
    expect((await act(stranger, Number(respond.id), RFI_RESPONSE_SUBMIT, { response: 'Not ours' })).status).toBe(404);
    expect((await call(welsh, `/tasks/${respond.id}`)).status).toBe(404);
    // A restricted user of the account sees no such task and cannot answer it.
    const restricted = await createUser(h.db);
    await grantOperator(h.db, restricted, account, 'operator');
    expect((await call(restricted, `/tasks/${respond.id}`)).status).toBe(403);
    expect((await act(restricted, Number(respond.id), RFI_RESPONSE_SUBMIT, { response: 'Mine' })).status).toBe(403);
    // The regulator cannot answer for the operator.
    expect((await act(regulator, Number(respond.id), RFI_RESPONSE_SUBMIT, { response: 'Me' })).status).toBe(403);
    expect(await statusOf(requestId)).toBe('IN_PROGRESS');
  });
});

it('counts the questions a request asks', () => {
  expect(questionCount('Why has the organisation not notified?')).toBe(1);
  expect(questionCount('Send us your energy audit.')).toBe(1);
  expect(questionCount('Why not? And when will you?')).toBe(2);
  expect(
    questionCount('Please answer:\n1. Who is your lead assessor?\n2. When was the audit done?\n3) Send the audit.'),
  ).toBe(3);
  expect(questionCount('We need:\n- your audit\n- your board minutes')).toBe(2);
});

describe('request for information deadline', () => {
  /**
   * Starts an RFI whose response task is due `deadline` after it opens (seconds, not the 7 and 1
   * days of a real one), and sends it: answers its id and the response task.
   */
  async function sendWithDeadline(p: Parties, deadline: TaskDeadline) {
    const requestId = `RFI${String(p.account.id).padStart(6, '0')}-${randomUUID().slice(0, 4)}`;
    const input: RequestInput = {
      requestId,
      requestType: RFI,
      accountId: p.account.id,
      competentAuthority: 'ENGLAND',
      startedBy: { userId: p.regulator.id, fullName: fullName(p.regulator), roleType: 'REGULATOR' },
      payload: {},
      deadlines: { [RFI_RESPONSE]: deadline },
    };
    await h.env.client.workflow.start(requestForInformationProcess.workflowType, {
      workflowId: requestId,
      taskQueue: h.taskQueue,
      args: [input],
    });
    await until(async () => !!(await openTask(requestId, RFI_APPLICATION_SUBMIT)));
    const compose = await openTask(requestId, RFI_APPLICATION_SUBMIT);
    expect(
      (
        await act(p.regulator, Number(compose.id), RFI_SUBMIT, {
          questions: 'Where is your notification?',
          deadline: inDays(40),
        })
      ).status,
    ).toBe(200);
    return { requestId, respond: await openTask(requestId, RFI_RESPONSE) };
  }

  const notices = async (taskId: number) =>
    (await h.db('request_task_notices').where({ task_id: taskId }).orderBy('kind')).map((n) => n.kind);
  const reminders = (p: Parties) =>
    h.db('email_outbox').where({ to_address: p.operator.email, template: 'TaskReminder' });

  async function expiresWithNextSteps(p: Parties, requestId: string) {
    await until(async () => !!(await openTask(requestId, RFI_NEXT_STEPS)), 60_000);
    expect(await openTask(requestId, RFI_RESPONSE)).toBeUndefined();
    expect(await openTask(requestId, RFI_WAIT_FOR_RESPONSE)).toBeUndefined();
    expect(await timeline(requestId)).toEqual(['RFI_SUBMITTED', 'RFI_EXPIRED']);
    const next = await openTask(requestId, RFI_NEXT_STEPS);
    expect(next.assignee).toBe(p.regulator.id);
    expect(
      (await act(p.regulator, Number(next.id), RFI_NEXT_STEPS_SUBMIT, { nextSteps: 'Send a compliance notice.' }))
        .status,
    ).toBe(200);
    expect(await statusOf(requestId)).toBe('EXPIRED');
    expect(await timeline(requestId)).toEqual(['RFI_SUBMITTED', 'RFI_EXPIRED', 'RFI_NEXT_STEPS_DECIDED']);
  }

  it('reminds the operator 7 days and 1 day before a real deadline', () => {
    const { dueAt, remindBeforeMs } = rfiDeadline('2027-03-10');
    expect(dueAt).toBe('2027-03-10T23:59:59.999Z');
    expect(remindBeforeMs).toEqual([7 * 86_400_000, 86_400_000]);
  });

  it('sends each reminder once and, at the deadline without a response, ends expired with a task to decide the next steps', async () => {
    const p = await parties();
    const { requestId, respond } = await sendWithDeadline(p, { dueInMs: 6000, remindBeforeMs: [4000, 2000] });
    await until(async () => (await notices(Number(respond.id))).length >= 2);
    expect(await notices(Number(respond.id))).toEqual(['REMINDER_1', 'REMINDER_2']);
    await expiresWithNextSteps(p, requestId);
    // No overdue notice: the task expired instead.
    expect(await notices(Number(respond.id))).toEqual(['REMINDER_1', 'REMINDER_2']);
    expect(await reminders(p)).toHaveLength(2);
    await maybeRecordHistory(h.env.client, requestId, 'requestForInformation-expired');
  });

  it('sends each reminder exactly once when the worker is down between them', async () => {
    const p = await parties();
    const { requestId, respond } = await sendWithDeadline(p, { dueInMs: 14_000, remindBeforeMs: [10_000, 6_000] });
    const opened = Date.now();
    await until(async () => (await notices(Number(respond.id))).length >= 1);
    expect(await notices(Number(respond.id))).toEqual(['REMINDER_1']);
    await worker.stop();
    // The second reminder's moment (8 s after the task opened) passes with no worker.
    await sleep(Math.max(0, opened + 9_500 - Date.now()));
    expect(await notices(Number(respond.id))).toEqual(['REMINDER_1']);
    await worker.start();
    await until(async () => (await notices(Number(respond.id))).length >= 2);
    await expiresWithNextSteps(p, requestId);
    expect(await notices(Number(respond.id))).toEqual(['REMINDER_1', 'REMINDER_2']);
    expect(await reminders(p)).toHaveLength(2);
  });
});
