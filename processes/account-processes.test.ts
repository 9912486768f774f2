// The account processes end to end on a real Temporal dev server, the real database and the real
// API: applying (reviewed and approved with amendments, rejected, verified and live at once, refused
// as a duplicate), the review's deadline notices, and closing an account with a request open.
import '../test/processes/two-step';
import {
  createAccount,
  createUser,
  grantOperator,
  grantRegulator,
  type TestAccount,
  type TestUser,
} from '../test/factories';
import { TWO_STEP } from '../test/processes/two-step';
import { APPLICATION_REVIEW, organisationAccountOpeningProcess, requestIdOf, TERMINATED_BY_CLOSURE } from './';
import { REGISTRATION_NUMBER_TAKEN } from '../domain/accounts';
import { addWorkingDays } from '../domain/working-days';
import { DEFAULT_REVIEW_WORKING_DAYS } from './organisation-account-opening/process';
import { callerOf, type EngineHarness, maybeRecordHistory, useEngineHarness } from '../test/workflows/harness';

let h: EngineHarness;
useEngineHarness((started) => (h = started));

const call = callerOf(() => h);

let nextCompany = 0;
/** A company of the local register that no other test uses. */
async function company(): Promise<string> {
  const row = await h
    .db('company_register')
    .where({ company_status: 'active' })
    .orderBy('registration_number')
    .offset(nextCompany++)
    .first('registration_number');
  return row.registration_number;
}

function application(registrationNumber: string | null, competentAuthority = 'ENGLAND') {
  return {
    registeredAtCompaniesHouse: registrationNumber !== null,
    registrationNumber,
    name: 'Harbour Foods Limited',
    address: { line1: '4 Quay Street', line2: '', city: 'Bristol', county: '', postcode: 'BS1 4DJ' },
    codes: { type: 'SIC', codes: ['10110'] },
    competentAuthority,
  };
}

const apply = (applicant: TestUser, registrationNumber: string | null, competentAuthority = 'ENGLAND') =>
  call(applicant, '/requests', {
    method: 'POST',
    body: {
      requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
      requestCreateActionPayload: application(registrationNumber, competentAuthority),
    },
  });

const accountIdOf = (requestId: string) => Number(requestId.replace(/^ACC/, ''));
const timelineTypes = async (requestId: string) =>
  (await h.db('request_actions').where({ request_id: requestId }).orderBy('id')).map((a) => a.type);
const mailTo = (email: string, template: string) => h.db('email_outbox').where({ to_address: email, template });

async function regulators() {
  const [reviewer, welsh] = await Promise.all([
    createUser(h.db, { firstName: 'Rhian', lastName: 'Reviewer' }),
    createUser(h.db),
  ]);
  await grantRegulator(h.db, reviewer, 'ENGLAND');
  await grantRegulator(h.db, welsh, 'WALES');
  return { reviewer, welsh };
}

async function reviewTaskOf(requestId: string) {
  const [task] = await h.db('request_tasks').where({ request_id: requestId, type: APPLICATION_REVIEW });
  return task;
}

describe('account opening', () => {
  it('creates the account awaiting approval and gives England its review, due in 10 working days', async () => {
    const applicant = await createUser(h.db, { firstName: 'Ada', lastName: 'Applicant', jobTitle: 'Energy manager' });
    const { reviewer, welsh } = await regulators();
    const res = await apply(applicant, await company());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      requestStatus: 'IN_PROGRESS',
      tasks: [{ taskType: APPLICATION_REVIEW, assignee: null }],
    });
    const accountId = accountIdOf(res.body.requestId);
    expect(await h.db('accounts').where({ id: accountId }).first()).toMatchObject({
      status: 'AWAITING_APPROVAL',
      organisation_id: `ORG${String(accountId).padStart(6, '0')}`,
      name: 'Harbour Foods Limited',
      competent_authority: 'ENGLAND',
    });
    expect(await timelineTypes(res.body.requestId)).toEqual(['ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED']);

    const task = await reviewTaskOf(res.body.requestId);
    expect(task.payload.participantDetails).toEqual({
      firstName: 'Ada',
      lastName: 'Applicant',
      email: applicant.email,
      jobTitle: 'Energy manager',
      phoneNumber: null,
    });
    // 10 working days in England: weekends and England's bank holidays skipped (worked out by the API
    // a moment before the task opened: within seconds of it).
    const due = addWorkingDays(new Date(task.start_date), DEFAULT_REVIEW_WORKING_DAYS, 'ENGLAND');
    expect(Math.abs(new Date(task.due_at).getTime() - due.getTime())).toBeLessThan(60_000);

    const unassigned = await call(reviewer, '/ORGANISATION/items/unassigned?page=0&size=50');
    expect(unassigned.body.items.map((i: { taskId: number }) => i.taskId)).toContain(Number(task.id));
    // Another competent authority sees nothing of it.
    expect(
      (await call(welsh, '/ORGANISATION/items/unassigned?page=0&size=50')).body.items.map(
        (i: { taskId: number }) => i.taskId,
      ),
    ).not.toContain(Number(task.id));
    expect((await call(welsh, `/tasks/${task.id}`)).status).toBe(404);
    // Nor does the applicant, who has no authority on the account yet.
    expect((await call(applicant, `/tasks/${task.id}`)).status).toBe(404);
  });

  it('gives a Scottish application its review due in 10 of Scotland’s working days (its bank holidays skipped)', async () => {
    const res = await apply(await createUser(h.db), await company(), 'SCOTLAND');
    expect(res.status).toBe(201);
    const task = await reviewTaskOf(res.body.requestId);
    const expected = addWorkingDays(new Date(task.start_date), DEFAULT_REVIEW_WORKING_DAYS, 'SCOTLAND');
    // Worked out by the API a moment before the task was opened: within seconds of it.
    expect(Math.abs(new Date(task.due_at).getTime() - expected.getTime())).toBeLessThan(60_000);
  });

  it('lets the reviewer amend the details and approve: the account goes LIVE with the applicant as its administrator', async () => {
    const applicant = await createUser(h.db);
    const { reviewer, welsh } = await regulators();
    const res = await apply(applicant, await company());
    const requestId = res.body.requestId as string;
    const task = await reviewTaskOf(requestId);
    expect(
      (
        await call(reviewer, '/tasks-assignment/assign', {
          method: 'POST',
          body: { taskId: Number(task.id), userId: reviewer.id },
        })
      ).status,
    ).toBe(200);

    const view = await call(reviewer, `/tasks/${task.id}`);
    expect(view.body.allowedRequestTaskActions).toEqual([
      'ORGANISATION_ACCOUNT_OPENING_AMEND_APPLICATION',
      'ORGANISATION_ACCOUNT_OPENING_SUBMIT_DECISION',
    ]);
    const badAmendment = await call(reviewer, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: Number(task.id),
        requestTaskActionType: 'ORGANISATION_ACCOUNT_OPENING_AMEND_APPLICATION',
        requestTaskActionPayload: {
          amendedAccount: {
            name: ' ',
            address: { line1: '5 Quay Street', city: 'Bristol', postcode: 'BS1 4DJ' },
            codes: { type: 'SIC', codes: ['10110'] },
          },
        },
        version: view.body.requestTask.version,
      },
    });
    expect(badAmendment).toMatchObject({
      status: 400,
      body: {
        field: 'amendedAccount.name',
        message: expect.stringContaining('Enter the registered name of the organisation'),
      },
    });
    const amendedAccount = {
      name: 'Harbour Foods (Bristol) Limited',
      address: { line1: '5 Quay Street', city: 'Bristol', postcode: 'BS1 4DJ' },
      codes: { type: 'SIC', codes: ['10110', '10390'] },
    };
    const saved = await call(reviewer, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: Number(task.id),
        requestTaskActionType: 'ORGANISATION_ACCOUNT_OPENING_AMEND_APPLICATION',
        requestTaskActionPayload: { amendedAccount },
        version: view.body.requestTask.version,
      },
    });
    expect(saved.status).toBe(200);
    // The save keeps what the process put in the task.
    const afterSave = await reviewTaskOf(requestId);
    expect(afterSave.payload).toEqual(
      expect.objectContaining({
        account: expect.objectContaining({ name: 'Harbour Foods Limited' }),
        participantDetails: expect.any(Object),
        amendedAccount: expect.objectContaining({ name: 'Harbour Foods (Bristol) Limited' }),
      }),
    );

    const decide = (user: TestUser, payload: unknown) =>
      call(user, '/tasks/actions', {
        method: 'POST',
        body: {
          requestTaskId: Number(task.id),
          requestTaskActionType: 'ORGANISATION_ACCOUNT_OPENING_SUBMIT_DECISION',
          requestTaskActionPayload: payload,
        },
      });
    expect((await decide(welsh, { decision: 'APPROVED', reason: 'Looks right' })).status).toBe(404);
    const noReason = await decide(reviewer, { decision: 'APPROVED', reason: '' });
    expect(noReason).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Explain why you are approving this application') },
    });
    const approved = await decide(reviewer, { decision: 'APPROVED', reason: 'Checked against Companies House' });
    expect(approved).toMatchObject({ status: 200, body: { requestStatus: 'APPROVED', nextTasks: [] } });

    const accountId = accountIdOf(requestId);
    expect(await h.db('accounts').where({ id: accountId }).first()).toMatchObject({
      status: 'LIVE',
      name: 'Harbour Foods (Bristol) Limited',
      address_line1: '5 Quay Street',
      classification_codes: { type: 'SIC', codes: ['10110', '10390'] },
    });
    expect(await h.db('authorities').where({ user_id: applicant.id, account_id: accountId }).first()).toMatchObject({
      code: 'operator_admin',
      status: 'ACTIVE',
    });
    expect(
      await h.db('account_contacts').where({ account_id: accountId, contact_type: 'PRIMARY' }).first(),
    ).toMatchObject({ user_id: applicant.id });
    expect(await timelineTypes(requestId)).toEqual([
      'ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED',
      'ORGANISATION_ACCOUNT_OPENING_APPROVED',
    ]);
    expect(
      (
        await h
          .db('request_actions')
          .where({ request_id: requestId, type: 'ORGANISATION_ACCOUNT_OPENING_APPROVED' })
          .first()
      ).submitter,
    ).toBe('Rhian Reviewer');
    expect(await mailTo(applicant.email, 'AccountApplicationApproved')).toEqual([
      expect.objectContaining({ subject: 'Organisation account application approved - Manage your ESOS reporting' }),
    ]);
    // The applicant now works on the account.
    expect((await call(applicant, `/organisation/account/${accountId}`)).body).toMatchObject({
      status: 'LIVE',
      editable: true,
    });
    await maybeRecordHistory(h.env.client, requestId, 'organisationAccountOpening-approved');
  });

  it('rejects with a reason: the account is DENIED and the applicant told why', async () => {
    const applicant = await createUser(h.db);
    const { reviewer } = await regulators();
    const res = await apply(applicant, null);
    const requestId = res.body.requestId as string;
    const task = await reviewTaskOf(requestId);
    await call(reviewer, '/tasks-assignment/assign', {
      method: 'POST',
      body: { taskId: Number(task.id), userId: reviewer.id },
    });
    const decide = (payload: unknown) =>
      call(reviewer, '/tasks/actions', {
        method: 'POST',
        body: {
          requestTaskId: Number(task.id),
          requestTaskActionType: 'ORGANISATION_ACCOUNT_OPENING_SUBMIT_DECISION',
          requestTaskActionPayload: payload,
        },
      });
    expect(await decide({})).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('You need to approve or reject the application') },
    });
    expect(await decide({ decision: 'REJECTED', reason: ' ' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Enter the reason for rejection') },
    });
    expect(await decide({ decision: 'REJECTED', reason: 'The organisation is not a large undertaking' })).toMatchObject(
      { status: 200, body: { requestStatus: 'REJECTED' } },
    );
    expect(
      (
        await h
          .db('accounts')
          .where({ id: accountIdOf(requestId) })
          .first()
      ).status,
    ).toBe('DENIED');
    expect(await h.db('authorities').where({ user_id: applicant.id })).toEqual([]);
    const [mail] = await mailTo(applicant.email, 'AccountApplicationRejected');
    expect(mail.subject).toBe('Organisation account application rejected - Manage your ESOS reporting');
    expect(mail.body_text).toContain('The organisation is not a large undertaking');
    expect(await timelineTypes(requestId)).toEqual([
      'ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED',
      'ORGANISATION_ACCOUNT_OPENING_REJECTED',
    ]);
    await maybeRecordHistory(h.env.client, requestId, 'organisationAccountOpening-rejected');
  });

  it('opens the account at once for an applicant on the verified-accounts list', async () => {
    const applicant = await createUser(h.db);
    const number = await company();
    await h.db('account_onboarding_registry').insert({
      email: applicant.email,
      registration_number: number,
      status: 'PENDING',
      submitter_id: 'test',
      competent_authority: 'ENGLAND',
    });
    const res = await apply(applicant, number);
    expect(res).toMatchObject({ status: 201, body: { requestStatus: 'COMPLETED', tasks: [] } });
    const accountId = accountIdOf(res.body.requestId);
    expect((await h.db('accounts').where({ id: accountId }).first()).status).toBe('LIVE');
    expect(await h.db('authorities').where({ user_id: applicant.id, account_id: accountId }).first()).toMatchObject({
      code: 'operator_admin',
      status: 'ACTIVE',
    });
    expect((await h.db('account_onboarding_registry').where({ registration_number: number }).first()).status).toBe(
      'ONBOARDED',
    );
    expect(await mailTo(applicant.email, 'OrganisationAccountCreated')).toHaveLength(1);
    expect(await timelineTypes(res.body.requestId)).toEqual(['ORGANISATION_ACCOUNT_OPENING_CREATED']);
    // The same number cannot open a second account.
    const again = await apply(await createUser(h.db), number);
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'ACCOUNT1001', message: REGISTRATION_NUMBER_TAKEN, field: 'registrationNumber' },
    });
  });

  it('lets only one of two pending applications for the same number go LIVE: the database decides', async () => {
    const { reviewer } = await regulators();
    const number = await company();
    const [first, second] = await Promise.all([
      apply(await createUser(h.db), number),
      apply(await createUser(h.db), number),
    ]);
    const decide = async (requestId: string) => {
      const task = await reviewTaskOf(requestId);
      await call(reviewer, '/tasks-assignment/assign', {
        method: 'POST',
        body: { taskId: Number(task.id), userId: reviewer.id },
      });
      return call(reviewer, '/tasks/actions', {
        method: 'POST',
        body: {
          requestTaskId: Number(task.id),
          requestTaskActionType: 'ORGANISATION_ACCOUNT_OPENING_SUBMIT_DECISION',
          requestTaskActionPayload: { decision: 'APPROVED', reason: 'Fine' },
        },
      });
    };
    const outcomes = await Promise.all([decide(first.body.requestId), decide(second.body.requestId)]);
    expect(outcomes.map((o) => o.body.requestStatus).sort()).toEqual(['APPROVED', 'REJECTED']);
    expect(await h.db('accounts').where({ registration_number: number, status: 'LIVE' })).toHaveLength(1);
    expect(await h.db('accounts').where({ registration_number: number, status: 'DENIED' })).toHaveLength(1);
  });

  it('answers a retried application (same Idempotency-Key) for the first one: one account, even when sent at once', async () => {
    const applicant = await createUser(h.db);
    const name = `Retry Foods ${applicant.id} Limited`;
    const body = {
      requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
      requestCreateActionPayload: { ...application(null), name },
    };
    const send = (key: string, payload = body) =>
      call(applicant, '/requests', { method: 'POST', body: payload, headers: { 'idempotency-key': key } });
    const [first, second] = await Promise.all([send('application-attempt-1'), send('application-attempt-1')]);
    expect(first).toMatchObject({ status: 201 });
    expect(second).toMatchObject({
      status: 201,
      body: { requestId: first.body.requestId, requestStatus: 'IN_PROGRESS' },
    });
    const later = await send('application-attempt-1');
    expect(later).toMatchObject({
      status: 201,
      body: {
        requestId: first.body.requestId,
        requestStatus: 'IN_PROGRESS',
        tasks: [{ taskType: APPLICATION_REVIEW }],
      },
    });
    expect(await h.db('accounts').where({ name })).toHaveLength(1);
    expect(await h.db('request_tasks').where({ request_id: first.body.requestId })).toHaveLength(1);
    expect(await timelineTypes(first.body.requestId)).toEqual(['ORGANISATION_ACCOUNT_OPENING_APPLICATION_SUBMITTED']);
    // The same key with another application is refused; another key is another application.
    const changed = await send('application-attempt-1', {
      ...body,
      requestCreateActionPayload: { ...application(null), name: 'Other Foods Limited' },
    });
    expect(changed).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const another = await send('application-attempt-2');
    expect(another.status).toBe(201);
    expect(another.body.requestId).not.toBe(first.body.requestId);
    expect(await h.db('accounts').where({ name })).toHaveLength(2);
    expect((await send('bad key!')).status).toBe(400);
  });

  it('answers a retry of an application that has ended with its outcome, without starting it again', async () => {
    const applicant = await createUser(h.db);
    const number = await company();
    await h.db('account_onboarding_registry').insert({
      email: applicant.email,
      registration_number: number,
      status: 'PENDING',
      submitter_id: 'test',
      competent_authority: 'ENGLAND',
    });
    const send = () =>
      call(applicant, '/requests', {
        method: 'POST',
        body: {
          requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
          requestCreateActionPayload: application(number),
        },
        headers: { 'idempotency-key': `verified-${number}` },
      });
    const first = await send();
    expect(first).toMatchObject({ status: 201, body: { requestStatus: 'COMPLETED' } });
    // The number is LIVE now: without the key this would be ACCOUNT1001.
    expect(await send()).toMatchObject({
      status: 201,
      body: { requestId: first.body.requestId, requestStatus: 'COMPLETED', tasks: [] },
    });
    expect(await h.db('accounts').where({ registration_number: number })).toHaveLength(1);
    expect(await mailTo(applicant.email, 'OrganisationAccountCreated')).toHaveLength(1);
  });

  it('refuses what the rules do not allow', async () => {
    const { reviewer } = await regulators();
    expect((await apply(reviewer, null)).status).toBe(403);
    const applicant = await createUser(h.db);
    const withAccount = await call(applicant, '/requests?accountId=1', {
      method: 'POST',
      body: { requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING', requestCreateActionPayload: application(null) },
    });
    expect(withAccount).toMatchObject({ status: 400, body: { code: 'REQUEST_CREATE_ACTION1000' } });
    const bad = await call(applicant, '/requests', {
      method: 'POST',
      body: {
        requestCreateActionType: 'ORGANISATION_ACCOUNT_OPENING',
        requestCreateActionPayload: { ...application(null), name: '' },
      },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Enter the registered name of the organisation') },
    });
    const unknownNumber = await apply(applicant, '99999999');
    expect(unknownNumber).toMatchObject({ status: 400, body: { code: 'NOTFOUND1001', field: 'registrationNumber' } });
  });

  it('reminds the competent authority team of an unassigned review, and tells them when it is overdue', async () => {
    const applicant = await createUser(h.db);
    const accountId = Number(
      (await h.db.raw(`select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id`)).rows[0].id,
    );
    const { startRequestWorkflow } = await import('../api/request-workflows');
    const { name, address, codes } = application(null, 'SCOTLAND');
    const snapshot = await startRequestWorkflow(h.api.deps, organisationAccountOpeningProcess, {
      requestId: requestIdOf(organisationAccountOpeningProcess, accountId),
      requestType: 'ORGANISATION_ACCOUNT_OPENING',
      accountId,
      competentAuthority: 'SCOTLAND',
      startedBy: { userId: applicant.id, fullName: 'A Applicant', roleType: 'OPERATOR' },
      payload: {
        account: { registrationNumber: null, competentAuthority: 'SCOTLAND', name, address, codes },
        participantDetails: {},
      },
      deadlines: { [APPLICATION_REVIEW]: { dueInMs: 3000, remindBeforeMs: [2000] } },
    });
    const taskId = snapshot.tasks[0].taskId;
    const deadline = Date.now() + 20_000;
    while ((await h.db('request_task_notices').where({ task_id: taskId })).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const mail = await h
      .db('email_outbox')
      .where({ to_address: 'esos@sepa.org.uk' })
      .whereIn('template', ['TaskReminder', 'TaskOverdue'])
      .orderBy('id');
    expect(mail.map((m) => m.template)).toEqual(['TaskReminder', 'TaskOverdue']);
    expect(mail[1].body_text).toContain('Review organisation account application');
  });
});

describe('account closure', () => {
  async function liveAccountWithOpenRequest(): Promise<{
    account: TestAccount;
    admin: TestUser;
    restricted: TestUser;
    openRequestId: string;
  }> {
    const account = await createAccount(h.db);
    const [admin, restricted] = await Promise.all([createUser(h.db), createUser(h.db)]);
    await grantOperator(h.db, admin, account);
    await grantOperator(h.db, restricted, account, 'operator');
    await h.db('account_contacts').insert({ account_id: account.id, contact_type: 'PRIMARY', user_id: admin.id });
    const started = await call(admin, `/requests?accountId=${account.id}`, {
      method: 'POST',
      body: { requestCreateActionType: TWO_STEP },
    });
    expect(started.status).toBe(201);
    return { account, admin, restricted, openRequestId: started.body.requestId };
  }

  it('closes the account, terminates its open request through that request workflow, and e-mails its users', async () => {
    const { account, admin, restricted, openRequestId } = await liveAccountWithOpenRequest();
    const { reviewer: closer, welsh } = await regulators();
    expect(
      (
        await call(admin, `/requests?accountId=${account.id}`, {
          method: 'POST',
          body: { requestCreateActionType: 'ACCOUNT_CLOSURE' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(welsh, `/requests?accountId=${account.id}`, {
          method: 'POST',
          body: { requestCreateActionType: 'ACCOUNT_CLOSURE' },
        })
      ).status,
    ).toBe(404);
    const available = await call(closer, `/requests/available-workflows/permit/${account.id}`);
    expect(available.body).toEqual({ ACCOUNT_CLOSURE: { valid: true }, RFI: { valid: true } });

    const started = await call(closer, `/requests?accountId=${account.id}`, {
      method: 'POST',
      body: { requestCreateActionType: 'ACCOUNT_CLOSURE' },
    });
    expect(started).toMatchObject({
      status: 201,
      body: { requestStatus: 'IN_PROGRESS', tasks: [{ taskType: 'ACCOUNT_CLOSURE_SUBMIT', assignee: closer.id }] },
    });
    const closureId = started.body.requestId as string;
    const taskId = started.body.tasks[0].taskId as number;
    expect((await call(closer, `/requests/available-workflows/permit/${account.id}`)).body).toEqual({
      ACCOUNT_CLOSURE: { valid: false, requests: ['ACCOUNT_CLOSURE'] },
      RFI: { valid: true },
    });

    const act = (type: string, payload: unknown, version?: number) =>
      call(closer, '/tasks/actions', {
        method: 'POST',
        body: { requestTaskId: taskId, requestTaskActionType: type, requestTaskActionPayload: payload, version },
      });
    expect(
      (await act('ACCOUNT_CLOSURE_SAVE_APPLICATION_SUBMIT', { accountClosure: { reason: 'Draft' } }, 0)).status,
    ).toBe(200);
    expect(await act('ACCOUNT_CLOSURE_SUBMIT_APPLICATION', { accountClosure: { reason: '' } })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Enter a reason for closing the account') },
    });
    const submitted = await act('ACCOUNT_CLOSURE_SUBMIT_APPLICATION', {
      accountClosure: { reason: 'The organisation has been dissolved' },
    });
    expect(submitted).toMatchObject({ status: 200, body: { requestStatus: 'COMPLETED' } });

    expect(await h.db('accounts').where({ id: account.id }).first()).toMatchObject({ status: 'CLOSED' });
    expect(await timelineTypes(closureId)).toEqual(['ACCOUNT_CLOSURE_APPLICATION_SUBMITTED']);
    // The other request ends through its own workflow.
    const until = Date.now() + 15_000;
    while ((await h.db('requests').where({ id: openRequestId }).first()).status === 'IN_PROGRESS' && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    expect(await h.db('requests').where({ id: openRequestId }).first()).toMatchObject({ status: 'TERMINATED' });
    expect(await h.db('request_tasks').where({ request_id: openRequestId })).toEqual([]);
    const terminated = await h.db('request_actions').where({ request_id: openRequestId, type: 'REQUEST_TERMINATED' });
    expect(terminated).toEqual([
      expect.objectContaining({ submitter: null, payload: { reason: TERMINATED_BY_CLOSURE } }),
    ]);
    expect(await h.env.client.workflow.getHandle(openRequestId).result()).toBe('TERMINATED');
    for (const user of [admin, restricted]) {
      const [mail] = await mailTo(user.email, 'AccountClosed');
      expect(mail.subject).toBe('Organisation account closed - Manage your ESOS reporting');
      expect(mail.body_text).toContain('The organisation has been dissolved');
    }

    // The account is read-only now.
    expect((await call(admin, `/requests/available-workflows/permit/${account.id}`)).body).toEqual({
      [TWO_STEP]: { valid: false, accountStatus: 'CLOSED', applicableAccountStatuses: ['LIVE'] },
      NOTIFICATION_OF_COMPLIANCE_P3: { valid: false, accountStatus: 'CLOSED', applicableAccountStatuses: ['LIVE'] },
      NOTIFICATION_OF_COMPLIANCE_P4: { valid: false, accountStatus: 'CLOSED', applicableAccountStatuses: ['LIVE'] },
      ACTION_PLAN_P3: { valid: false, accountStatus: 'CLOSED', applicableAccountStatuses: ['LIVE'] },
      PROGRESS_UPDATE_1_P3: { valid: false, accountStatus: 'CLOSED', applicableAccountStatuses: ['LIVE'] },
      PROGRESS_UPDATE_2_P3: { valid: false, accountStatus: 'CLOSED', applicableAccountStatuses: ['LIVE'] },
    });
    expect(
      (
        await call(admin, `/requests?accountId=${account.id}`, {
          method: 'POST',
          body: { requestCreateActionType: TWO_STEP },
        })
      ).body.code,
    ).toBe('REQUEST_CREATE_ACTION1000');
    const edit = await call(admin, `/organisation/accounts/${account.id}`, {
      method: 'POST',
      body: {
        name: 'New name',
        address: { line1: '1 Road', city: 'Leeds', postcode: 'LS1 1AA' },
        codes: { type: 'SIC', codes: ['10110'] },
      },
    });
    expect(edit.status).toBe(400);
    await maybeRecordHistory(h.env.client, closureId, 'accountClosure-completed');
    await maybeRecordHistory(h.env.client, openRequestId, 'testTwoStepRequest-terminated');
  });

  it('cancels before submit: the account stays LIVE, and a closure can start again later', async () => {
    const { account, openRequestId } = await liveAccountWithOpenRequest();
    const { reviewer: closer } = await regulators();
    const started = await call(closer, `/requests?accountId=${account.id}`, {
      method: 'POST',
      body: { requestCreateActionType: 'ACCOUNT_CLOSURE' },
    });
    const taskId = started.body.tasks[0].taskId as number;
    const cancelled = await call(closer, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: taskId,
        requestTaskActionType: 'ACCOUNT_CLOSURE_CANCEL_APPLICATION',
        requestTaskActionPayload: {},
      },
    });
    expect(cancelled).toMatchObject({ status: 200, body: { requestStatus: 'CANCELLED' } });
    expect((await h.db('accounts').where({ id: account.id }).first()).status).toBe('LIVE');
    expect((await h.db('requests').where({ id: openRequestId }).first()).status).toBe('IN_PROGRESS');
    expect(await timelineTypes(started.body.requestId)).toEqual(['ACCOUNT_CLOSURE_APPLICATION_CANCELLED']);
    const again = await call(closer, `/requests?accountId=${account.id}`, {
      method: 'POST',
      body: { requestCreateActionType: 'ACCOUNT_CLOSURE' },
    });
    expect(again).toMatchObject({
      status: 201,
      body: { requestId: started.body.requestId, requestStatus: 'IN_PROGRESS' },
    });
    expect((await h.db('requests').where({ id: started.body.requestId }).first()).status).toBe('IN_PROGRESS');
    await maybeRecordHistory(h.env.client, started.body.requestId, 'accountClosure-restarted');
  });
});
