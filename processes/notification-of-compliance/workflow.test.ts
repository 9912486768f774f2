// The notification of compliance end to end on a real Temporal dev server, the real database and
// the real API: starting it (once, in its window), saving sections with the task's version,
// refusing an incomplete submission section by section, sending it for review and back,
// submitting once even when submitted twice at the same moment, and a regulator's re-initiate.
import { createAccount, createUser, grantOperator, type TestAccount, type TestUser } from '../../test/factories';
import {
  NOTIFICATION,
  NOTIFICATION_EDIT,
  NOTIFICATION_SUBMIT,
  NOTIFICATION_WAIT,
  REINITIATE_NOTIFICATION,
  RETURN_NOTIFICATION,
  SAVE_NOTIFICATION,
  SAVE_NOTIFICATION_EDIT,
  SEND_NOTIFICATION_TO_EDIT,
  SUBMIT_NOTIFICATION,
} from '..';
import { testClock } from '../../test/clock';
import { callerOf, type EngineHarness, maybeRecordHistory, useEngineHarness } from '../../test/workflows/harness';
import { reportCast, type ReportCast } from '../../test/workflows/cast';

let h: EngineHarness;
useEngineHarness((started) => (h = started));

const call = callerOf(() => h);

type Cast = ReportCast & { stranger: TestUser };

/** The report's people, and an administrator of another account. */
async function cast(): Promise<Cast> {
  const people = await reportCast(h.db, {
    account: { registrationNumber: null },
    admin: { firstName: 'Nia', lastName: 'Notifier', jobTitle: 'Energy manager', phoneNumber: '01632 960001' },
  });
  const stranger = await createUser(h.db);
  await grantOperator(h.db, stranger, await createAccount(h.db), 'operator_admin');
  return { ...people, stranger };
}

const start = (user: TestUser, account: TestAccount, type: string = NOTIFICATION) =>
  call(user, `/requests?accountId=${account.id}`, { method: 'POST', body: { requestCreateActionType: type } });
const taskOf = async (requestId: string, type: string) =>
  (await h.db('request_tasks').where({ request_id: requestId, type }).first()) as
    { id: string; version: number; payload: any; assignee: string | null } | undefined;
const timelineOf = async (requestId: string) =>
  (await h.db('request_actions').where({ request_id: requestId }).orderBy('id')).map((a) => a.type);
const act = (user: TestUser, taskId: string | number, type: string, payload: unknown, version?: number) =>
  call(user, '/tasks/actions', {
    method: 'POST',
    body: {
      requestTaskId: Number(taskId),
      requestTaskActionType: type,
      requestTaskActionPayload: payload,
      ...(version === undefined ? {} : { version }),
    },
  });

const notQualifying = {
  qualificationType: 'NOT_QUALIFY',
  noQualificationReason: 'Fewer than 250 staff and a turnover under £44 million',
};

async function startedNotification(c: Cast) {
  const res = await start(c.admin, c.account);
  expect(res.status).toBe(201);
  const requestId = res.body.requestId as string;
  return { requestId, task: (await taskOf(requestId, NOTIFICATION_SUBMIT))! };
}

it('starts once per account, prefilled from the account and its primary contact, and only in its window', async () => {
  const c = await cast();
  const available = await call(c.admin, `/requests/available-workflows/permit/${c.account.id}`);
  expect(available.body[NOTIFICATION]).toEqual({ valid: true });

  const { requestId, task } = await startedNotification(c);
  expect(requestId).toBe(`NOC${String(c.account.id).padStart(6, '0')}-P3`);
  expect(task.assignee).toBe(c.admin.id);
  expect(task.payload).toMatchObject({
    report: {},
    sectionsCompleted: {},
    prefill: {
      organisationDetails: {
        name: c.account.name,
        address: { line1: '1 High Street', city: 'Bristol', postcode: 'BS1 1AA' },
      },
      primaryContact: {
        firstName: 'Nia',
        lastName: 'Notifier',
        jobTitle: 'Energy manager',
        email: c.admin.email,
        phoneNumber: { countryCode: '44', number: '01632 960001' },
      },
    },
  });

  // Only one notification ever: a second start is refused with the reason the page shows.
  expect((await call(c.admin, `/requests/available-workflows/permit/${c.account.id}`)).body[NOTIFICATION]).toEqual({
    valid: false,
    requests: [NOTIFICATION],
  });
  const again = await start(c.admin, c.account);
  expect(again).toMatchObject({
    status: 400,
    body: { code: 'REQUEST_CREATE_ACTION1000', data: { requests: [NOTIFICATION] } },
  });

  // Outside the initiate window nobody can start one; a restricted user never can.
  const late = await cast();
  h.api.deps.config.reporting.now = () => new Date('2026-12-06T00:00:01Z');
  expect(
    (await call(late.admin, `/requests/available-workflows/permit/${late.account.id}`)).body[NOTIFICATION],
  ).toEqual({ valid: false });
  expect((await start(late.admin, late.account)).status).toBe(400);
  h.api.deps.config.reporting.now = () => new Date('2026-12-06T00:00:00Z');
  expect(
    (await call(late.admin, `/requests/available-workflows/permit/${late.account.id}`)).body[NOTIFICATION],
  ).toEqual({ valid: true });
  expect((await start(late.restricted, late.account)).status).toBe(403);
  expect((await start(late.stranger, late.account)).status).toBe(404);
});

it('saves a section with the task version, refuses bad answers and an incomplete submission, then submits once', async () => {
  const c = await cast();
  const { requestId, task } = await startedNotification(c);

  const badAnswer = await act(
    c.admin,
    task.id,
    SAVE_NOTIFICATION,
    { section: 'reportingObligation', data: { qualificationType: 'NOT_QUALIFY' }, complete: true },
    task.version,
  );
  expect(badAnswer).toMatchObject({
    status: 400,
    body: {
      fields: [
        {
          field: 'reportingObligation.noQualificationReason',
          message: 'Enter a reason',
          section: 'reportingObligation',
          step: 'qualification',
        },
      ],
    },
  });
  const unknownSection = await act(
    c.admin,
    task.id,
    SAVE_NOTIFICATION,
    { section: 'nonsense', data: {} },
    task.version,
  );
  expect(unknownSection.status).toBe(400);

  const draft = await act(
    c.admin,
    task.id,
    SAVE_NOTIFICATION,
    { section: 'reportingObligation', data: { qualificationType: 'QUALIFY', stray: 'ignored' } },
    task.version,
  );
  expect(draft.status).toBe(200);
  expect(draft.body.payload.report.reportingObligation).toEqual({ qualificationType: 'QUALIFY' });
  expect(draft.body.payload.sectionsCompleted).toEqual({ reportingObligation: 'IN_PROGRESS' });
  // The version read is stale now: nothing typed in another tab overwrites this.
  expect(
    (
      await act(
        c.admin,
        task.id,
        SAVE_NOTIFICATION,
        { section: 'reportingObligation', data: notQualifying },
        task.version,
      )
    ).status,
  ).toBe(409);

  // Nobody but the assignee saves or submits; other accounts and authorities do not see it.
  expect(
    (
      await act(
        c.restricted,
        task.id,
        SAVE_NOTIFICATION,
        { section: 'reportingObligation', data: notQualifying },
        draft.body.version,
      )
    ).status,
  ).toBe(403);
  expect(
    (
      await act(
        c.stranger,
        task.id,
        SAVE_NOTIFICATION,
        { section: 'reportingObligation', data: notQualifying },
        draft.body.version,
      )
    ).status,
  ).toBe(404);
  expect((await act(c.welsh, task.id, SUBMIT_NOTIFICATION, {})).status).toBe(404);
  expect((await act(c.regulator, task.id, SUBMIT_NOTIFICATION, {})).status).toBe(403);
  expect((await call(c.stranger, `/tasks/${task.id}`)).status).toBe(404);

  const incomplete = await act(c.admin, task.id, SUBMIT_NOTIFICATION, {});
  expect(incomplete).toMatchObject({
    status: 400,
    body: {
      code: 'NOC1001',
      message: 'Invalid NOC',
      fields: [{ section: 'reportingObligation', message: 'Complete the reporting obligation section' }],
    },
  });

  const completed = await act(
    c.admin,
    task.id,
    SAVE_NOTIFICATION,
    { section: 'reportingObligation', data: notQualifying, complete: true },
    draft.body.version,
  );
  expect(completed.body.payload.sectionsCompleted).toEqual({ reportingObligation: 'COMPLETED' });

  // Outside the submit window the submission is refused, and nothing changes.
  h.api.deps.config.reporting.now = () => new Date('2026-12-07T09:00:00Z');
  expect(await act(c.admin, task.id, SUBMIT_NOTIFICATION, {})).toMatchObject({
    status: 400,
    body: { code: 'NOC1002', message: 'Invalid Submission Date' },
  });
  h.api.deps.config.reporting.now = testClock;

  // Two submissions at the same moment: applied once.
  const [first, second] = await Promise.all([
    act(c.admin, task.id, SUBMIT_NOTIFICATION, {}),
    act(c.admin, task.id, SUBMIT_NOTIFICATION, {}),
  ]);
  // The later one joins the first's submission (200), is refused by the workflow with the task closed
  // (409), or finds the task gone when the API looks it up (404); either way it is applied once (below).
  const [earlier, later] = [first.status, second.status].sort();
  expect(earlier).toBe(200);
  expect([200, 404, 409]).toContain(later);
  expect((first.status === 200 ? first : second).body).toMatchObject({ requestStatus: 'COMPLETED', nextTasks: [] });
  expect(await timelineOf(requestId)).toEqual(['NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED']);
  const submittedEntry = await h.db('request_actions').where({ request_id: requestId }).first();
  expect(submittedEntry).toMatchObject({
    submitter: 'Nia Notifier',
    payload: { report: { reportingObligation: notQualifying } },
  });
  expect(await h.db('reports').where({ request_id: requestId }).first()).toMatchObject({
    account_id: c.account.id,
    type: NOTIFICATION,
    data: { reportingObligation: notQualifying },
    submitted_by: c.admin.id,
  });
  expect(await h.db('requests').where({ id: requestId }).first()).toMatchObject({
    status: 'COMPLETED',
    submitted_at: expect.any(Date),
  });
  await maybeRecordHistory(h.env.client, requestId, 'notificationOfComplianceP3-submitted');
});

it('is sent to a restricted user for review, who changes it and returns it to the submitter', async () => {
  const c = await cast();
  const { requestId, task } = await startedNotification(c);

  const candidates = await call(c.admin, `/tasks-assignment/${task.id}/candidate-assignees/${NOTIFICATION_EDIT}`);
  expect(candidates.body.map((u: { id: string }) => u.id)).toEqual([c.restricted.id]);
  expect(
    (await act(c.admin, task.id, SEND_NOTIFICATION_TO_EDIT, { supportingOperator: c.stranger.id })).body,
  ).toMatchObject({ code: 'ITEM1000' });
  expect((await act(c.admin, task.id, SEND_NOTIFICATION_TO_EDIT, {})).body).toMatchObject({
    message: expect.stringContaining('Select a user'),
  });

  const sent = await act(c.admin, task.id, SEND_NOTIFICATION_TO_EDIT, { supportingOperator: c.restricted.id });
  expect(sent.status).toBe(200);
  const edit = (await taskOf(requestId, NOTIFICATION_EDIT))!;
  const wait = (await taskOf(requestId, NOTIFICATION_WAIT))!;
  expect(edit.assignee).toBe(c.restricted.id);
  expect(wait.assignee).toBe(c.admin.id);
  // The submitter waits: nothing to do on the waiting task.
  expect((await call(c.admin, `/tasks/${wait.id}`)).body.allowedRequestTaskActions).toEqual([]);

  const saved = await act(
    c.restricted,
    edit.id,
    SAVE_NOTIFICATION_EDIT,
    { section: 'reportingObligation', data: notQualifying, complete: true },
    edit.version,
  );
  expect(saved.status).toBe(200);
  const returned = await act(c.restricted, edit.id, RETURN_NOTIFICATION, {});
  expect(returned.status).toBe(200);

  const back = (await taskOf(requestId, NOTIFICATION_SUBMIT))!;
  expect(back.assignee).toBe(c.admin.id);
  expect(back.payload.report.reportingObligation).toEqual(notQualifying);
  expect(await taskOf(requestId, NOTIFICATION_WAIT)).toBeUndefined();
  expect(await timelineOf(requestId)).toEqual([
    'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SENT_TO_EDIT',
    'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RETURNED_TO_SUBMIT',
  ]);
  expect((await act(c.admin, back.id, SUBMIT_NOTIFICATION, {})).body).toMatchObject({ requestStatus: 'COMPLETED' });
  await maybeRecordHistory(h.env.client, requestId, 'notificationOfComplianceP3-reviewed');
});

it('is returned for changes by a regulator of its authority and resubmitted from what was submitted', async () => {
  const c = await cast();
  const { requestId, task } = await startedNotification(c);
  const saved = await act(
    c.admin,
    task.id,
    SAVE_NOTIFICATION,
    { section: 'reportingObligation', data: notQualifying, complete: true },
    task.version,
  );
  expect(saved.status).toBe(200);

  // Not while it is in progress.
  expect(
    (await call(c.regulator, `/requests/available-workflows/reporting/related-actions/${requestId}`)).body,
  ).toEqual({});
  expect((await start(c.regulator, c.account, REINITIATE_NOTIFICATION)).status).toBe(400);
  await act(c.admin, task.id, SUBMIT_NOTIFICATION, {});

  expect(
    (await call(c.regulator, `/requests/available-workflows/reporting/related-actions/${requestId}`)).body,
  ).toEqual({ [REINITIATE_NOTIFICATION]: { valid: true } });
  expect((await call(c.admin, `/requests/available-workflows/reporting/related-actions/${requestId}`)).body).toEqual(
    {},
  );
  expect((await call(c.welsh, `/requests/available-workflows/reporting/related-actions/${requestId}`)).status).toBe(
    404,
  );
  expect((await start(c.admin, c.account, REINITIATE_NOTIFICATION)).status).toBe(403);
  expect((await start(c.welsh, c.account, REINITIATE_NOTIFICATION)).status).toBe(404);

  const restarted = await start(c.regulator, c.account, REINITIATE_NOTIFICATION);
  expect(restarted).toMatchObject({ status: 201, body: { requestId, requestStatus: 'IN_PROGRESS' } });
  const reopened = (await taskOf(requestId, NOTIFICATION_SUBMIT))!;
  expect(reopened.assignee).toBe(c.admin.id);
  expect(reopened.payload).toMatchObject({
    report: { reportingObligation: notQualifying },
    sectionsCompleted: { reportingObligation: 'COMPLETED' },
  });
  expect(await timelineOf(requestId)).toEqual([
    'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED',
    'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RE_INITIATED',
  ]);
  expect(
    (
      await h
        .db('request_actions')
        .where({ request_id: requestId, type: 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_RE_INITIATED' })
        .first()
    ).submitter,
  ).toBe('Rhys Regulator');
  // Still only one notification: starting a new one stays refused.
  expect((await start(c.admin, c.account)).status).toBe(400);

  const changed = {
    qualificationType: 'NOT_QUALIFY',
    noQualificationReason: 'The group was split before the qualification date',
  };
  await act(
    c.admin,
    reopened.id,
    SAVE_NOTIFICATION,
    { section: 'reportingObligation', data: changed, complete: true },
    reopened.version,
  );
  expect((await act(c.admin, reopened.id, SUBMIT_NOTIFICATION, {})).body).toMatchObject({ requestStatus: 'COMPLETED' });
  expect((await h.db('reports').where({ request_id: requestId })).map((r) => r.data)).toEqual([
    { reportingObligation: changed },
  ]);
});
