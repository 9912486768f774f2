// The action plan and the two progress updates end to end on a real Temporal dev server, the real
// database and the real API, as an operator and a regulator would go through them: an action plan
// with two measures submitted; progress update 1 starting from them, split before/after the plan's
// submission, submitted with an added measure; progress update 2 likewise; a disaggregated progress
// update 1 without an action plan; a cancelled action plan started again; re-initiate blocked and
// allowed as reference §5 says.
import type { TestAccount, TestUser } from '../test/factories';
import {
  ACTION_PLAN,
  ACTION_PLAN_SUBMIT,
  CANCEL_ACTION_PLAN,
  PROGRESS_UPDATE_1,
  PROGRESS_UPDATE_1_SUBMIT,
  PROGRESS_UPDATE_2,
  PROGRESS_UPDATE_2_SUBMIT,
  REINITIATE_ACTION_PLAN,
  REINITIATE_PROGRESS_UPDATE_1,
  REINITIATE_PROGRESS_UPDATE_2,
  SAVE_ACTION_PLAN,
  SAVE_PROGRESS_UPDATE_1,
  SAVE_PROGRESS_UPDATE_2,
  SUBMIT_ACTION_PLAN,
  SUBMIT_PROGRESS_UPDATE_1,
  SUBMIT_PROGRESS_UPDATE_2,
} from './';
import { ESOS_ASSESSMENT_NOTIFICATION, ESTIMATION_METHOD_DESCRIPTION, actionPlanReport } from './action-plan/report';
import { MEASURE_IMPL_AFTER, MEASURE_IMPL_BEFORE, PU1_MEASURES } from './progress-update-1/report';
import { PU2_MEASURES } from './progress-update-2/report';
import {
  ESOS_ACTION_PLAN_COMPLIANCE,
  ESTIMATION_METHOD_DOCUMENTED,
  SAME_NAME_AS_ACCOUNT,
} from '../domain/reports/progress-update';
import { reportAnswers } from '../domain/reports/report';
import { CONFIRM_ALL } from '../domain/reports/common-fields';
import { addedMeasure, boiler, led } from '../test/fixtures/measures';
import { testClock } from '../test/clock';
import { callerOf, type EngineHarness, maybeRecordHistory, useEngineHarness } from '../test/workflows/harness';
import { submitNotification } from '../test/workflows/notification';
import { reportCast, type ReportCast } from '../test/workflows/cast';

let h: EngineHarness;
useEngineHarness((started) => (h = started));

const call = callerOf(() => h);

type Cast = ReportCast;
const cast = () =>
  reportCast(h.db, {
    account: { registrationNumber: `AB${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` },
    admin: { firstName: 'Ada', lastName: 'Planner' },
  });

type Task = { id: string; version: number; payload: any; assignee: string | null; due_date: Date | null };
const taskOf = async (requestId: string, type: string) =>
  (await h.db('request_tasks').where({ request_id: requestId, type }).first()) as Task | undefined;
const timelineOf = async (requestId: string) =>
  (await h.db('request_actions').where({ request_id: requestId }).orderBy('id')).map((a) => a.type);
const available = async (c: Cast) => (await call(c.admin, `/requests/available-workflows/permit/${c.account.id}`)).body;
const start = (user: TestUser, account: TestAccount, type: string, payload?: unknown) =>
  call(user, `/requests?accountId=${account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: type, ...(payload === undefined ? {} : { requestCreateActionPayload: payload }) },
  });
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
const relatedActions = async (user: TestUser, requestId: string) =>
  (await call(user, `/requests/available-workflows/reporting/related-actions/${requestId}`)).body;

/** Saves a section of the open task of this type with its current version. */
async function saveSection(
  user: TestUser,
  requestId: string,
  taskType: string,
  action: string,
  section: string,
  data: unknown,
  complete = true,
) {
  const task = (await taskOf(requestId, taskType))!;
  return act(user, task.id, action, { section, data, complete }, task.version);
}

async function expectSaved(res: Awaited<ReturnType<typeof act>>) {
  if (res.status !== 200) throw new Error(`save refused: ${JSON.stringify(res.body)}`);
  return res.body;
}

const dayOf = (date: Date | null) =>
  date
    ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
    : null;
async function daysUntil(date: string): Promise<number> {
  const { rows } = await h.db.raw('select (?::date - current_date) as n', [date]);
  return rows[0].n;
}
async function mailTo(address: string, template: string) {
  return h.db('email_outbox').where({ to_address: address, template }).orderBy('id');
}

/** Starts and submits an action plan with the LED (before) and boiler (after) measures. */
async function submittedActionPlan(c: Cast): Promise<string> {
  await submitNotification(h, c.admin, c.account);
  const started = await start(c.admin, c.account, ACTION_PLAN);
  expect(started.status).toBe(201);
  const requestId: string = started.body.requestId;
  await expectSaved(
    await saveSection(c.admin, requestId, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, 'energyEfficiencyMeasure', {
      haveEnergyEfficiencyMeasures: true,
      energyEfficiencyMeasures: [led, boiler],
    }),
  );
  await expectSaved(
    await saveSection(c.admin, requestId, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, 'responsibleOfficerConfirmation', {
      confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value, ESTIMATION_METHOD_DESCRIPTION.value],
    }),
  );
  const task = (await taskOf(requestId, ACTION_PLAN_SUBMIT))!;
  const submitted = await act(c.admin, task.id, SUBMIT_ACTION_PLAN, {});
  expect(submitted.body).toMatchObject({ requestStatus: 'COMPLETED', nextTasks: [] });
  return requestId;
}

it('submits an action plan with two measures, one estimated by another method, refusing what is missing on the way', async () => {
  const c = await cast();
  // A LIVE account may start it without a notification (an undertaking reporting on its own account).
  expect((await available(c))[ACTION_PLAN]).toEqual({ valid: true });
  await submitNotification(h, c.admin, c.account);
  expect((await available(c))[ACTION_PLAN]).toEqual({ valid: true });
  expect((await start(c.restricted, c.account, ACTION_PLAN)).status).toBe(403);

  // Outside the initiate window nobody starts one.
  h.api.deps.config.reporting.now = () => new Date('2026-12-06T00:00:01Z');
  expect((await available(c))[ACTION_PLAN]).toEqual({ valid: false });
  expect(await start(c.admin, c.account, ACTION_PLAN)).toMatchObject({
    status: 400,
    body: { code: 'REQUEST_CREATE_ACTION1000' },
  });
  h.api.deps.config.reporting.now = testClock;

  const started = await start(c.admin, c.account, ACTION_PLAN);
  expect(started).toMatchObject({
    status: 201,
    body: { requestId: `AP${String(c.account.id).padStart(6, '0')}-P3`, requestStatus: 'IN_PROGRESS' },
  });
  const requestId: string = started.body.requestId;
  const task = (await taskOf(requestId, ACTION_PLAN_SUBMIT))!;
  expect(task).toMatchObject({ assignee: c.admin.id, payload: { report: {}, sectionsCompleted: {} } });
  // Due on the scheme's action plan date (5 December 2024), long past: the dashboard shows it overdue.
  expect(dayOf(task.due_date)).toBe('2024-12-05');
  const listed = await call(c.admin, '/ORGANISATION/items/assigned-to-me?page=0&size=100');
  expect(listed.body.items.find((i: { taskId: number }) => i.taskId === Number(task.id))).toMatchObject({
    taskType: ACTION_PLAN_SUBMIT,
    daysRemaining: await daysUntil('2024-12-05'),
  });
  // While it is in progress: no second one, and the progress updates wait for it.
  expect(await available(c)).toMatchObject({
    [ACTION_PLAN]: { valid: false, requests: [ACTION_PLAN] },
    [PROGRESS_UPDATE_1]: { valid: false, requests: [ACTION_PLAN] },
    [PROGRESS_UPDATE_2]: { valid: false, requests: [PROGRESS_UPDATE_1] },
  });

  // Submitting early lists every section still to do.
  expect(await act(c.admin, task.id, SUBMIT_ACTION_PLAN, {})).toMatchObject({
    status: 400,
    body: {
      code: 'AP1002',
      message: 'Invalid ACTION PLAN',
      fields: [
        { section: 'energyEfficiencyMeasure', message: 'Complete the energy efficiency measures section' },
        { section: 'responsibleOfficerConfirmation', message: 'Complete the responsible officer confirmation section' },
      ],
    },
  });

  // A measure without a name is refused on its page, with the page to change.
  const nameless = await saveSection(
    c.admin,
    requestId,
    ACTION_PLAN_SUBMIT,
    SAVE_ACTION_PLAN,
    'energyEfficiencyMeasure',
    { haveEnergyEfficiencyMeasures: true, energyEfficiencyMeasures: [{ ...led, measureName: ' ' }] },
  );
  expect(nameless).toMatchObject({
    status: 400,
    body: {
      code: 'REPORT_SECTION_INVALID',
      fields: [
        {
          field: 'energyEfficiencyMeasure.energyEfficiencyMeasures.0.measureName',
          message: 'Enter a name for this measure',
          step: 'measures',
        },
      ],
    },
  });
  await expectSaved(
    await saveSection(c.admin, requestId, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, 'energyEfficiencyMeasure', {
      haveEnergyEfficiencyMeasures: true,
      energyEfficiencyMeasures: [led, boiler],
    }),
  );

  // The boiler's savings were estimated by another method: both statements must be confirmed.
  const oneStatement = await saveSection(
    c.admin,
    requestId,
    ACTION_PLAN_SUBMIT,
    SAVE_ACTION_PLAN,
    'responsibleOfficerConfirmation',
    { confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value] },
  );
  expect(oneStatement).toMatchObject({
    status: 400,
    body: {
      fields: [{ field: 'responsibleOfficerConfirmation.confirmations', message: CONFIRM_ALL, step: 'confirmation' }],
    },
  });
  const confirmed = await expectSaved(
    await saveSection(c.admin, requestId, ACTION_PLAN_SUBMIT, SAVE_ACTION_PLAN, 'responsibleOfficerConfirmation', {
      confirmations: [ESOS_ASSESSMENT_NOTIFICATION.value, ESTIMATION_METHOD_DESCRIPTION.value],
    }),
  );
  expect(confirmed.payload.sectionsCompleted).toEqual({
    energyEfficiencyMeasure: 'COMPLETED',
    responsibleOfficerConfirmation: 'COMPLETED',
  });

  // Outside the submit window it stays open.
  h.api.deps.config.reporting.now = () => new Date('2026-12-07T09:00:00Z');
  expect(await act(c.admin, task.id, SUBMIT_ACTION_PLAN, {})).toMatchObject({
    status: 400,
    body: { code: 'AP1001', message: 'Invalid Submission Date' },
  });
  h.api.deps.config.reporting.now = testClock;

  const submitted = await act(c.admin, task.id, SUBMIT_ACTION_PLAN, {});
  expect(submitted).toMatchObject({ status: 200, body: { requestStatus: 'COMPLETED', nextTasks: [] } });
  expect(await timelineOf(requestId)).toEqual(['ACTION_PLAN_P3_APPLICATION_SUBMITTED']);
  const report = await h.db('reports').where({ request_id: requestId }).first();
  expect(report).toMatchObject({
    type: ACTION_PLAN,
    account_id: c.account.id,
    submitted_by: c.admin.id,
    data: { energyEfficiencyMeasure: { haveEnergyEfficiencyMeasures: true } },
  });
  // Dated by the reporting clock, which also checked its window.
  expect(report.submitted_at.toISOString()).toBe(testClock().toISOString());

  // The timeline entry keeps what was submitted; the regulator reads it as the summary shows it.
  const [entry] = (await call(c.regulator, `/request-actions?requestId=${requestId}`)).body;
  expect(entry).toMatchObject({ type: 'ACTION_PLAN_P3_APPLICATION_SUBMITTED', submitter: 'Ada Planner' });
  const view = await call(c.regulator, `/request-actions/${entry.id}`);
  expect(
    view.body.payload.report.energyEfficiencyMeasure.energyEfficiencyMeasures.map(
      (m: { measureName: string }) => m.measureName,
    ),
  ).toEqual(['LED lighting', 'Boiler replacement']);
  const answers = reportAnswers(actionPlanReport, view.body.payload.report, {});
  expect(answers.map((s) => s.title)).toEqual(['Energy efficiency measures', 'Responsible officer confirmation']);
  expect(answers[0]!.rows.map((r) => r.key)).toEqual([
    'Energy efficiency measures proposed',
    'LED lighting',
    'Boiler replacement',
  ]);
  expect((await call(c.welsh, `/request-actions/${entry.id}`)).status).toBe(404);

  // E-mails: one receipt to the submitter (the submission document, with its PDF) and a notice to
  // the regulator; the overdue notice went out when the task opened, to the assignee and the
  // authority's regulators.
  const copies = async (id: string) =>
    (await mailTo(c.admin.email, 'SubmissionDocument')).filter((m) => m.subject.includes(id));
  expect(await copies(requestId)).toHaveLength(1);
  expect(await mailTo(c.admin.email, 'ReportSubmitted')).toEqual([]);
  expect(
    (await mailTo('esos@environment-agency.gov.uk', 'ReportReceived')).some((m) => m.body_text.includes(requestId)),
  ).toBe(true);
  expect(await mailTo(c.admin.email, 'TaskOverdue')).toHaveLength(1);
  expect((await mailTo(c.regulator.email, 'TaskOverdue')).some((m) => m.body_text.includes(c.account.name))).toBe(true);
  await maybeRecordHistory(h.env.client, requestId, 'actionPlanP3-submitted');
});

it('starts a cancelled action plan again', async () => {
  const c = await cast();
  await submitNotification(h, c.admin, c.account);
  const first = await start(c.admin, c.account, ACTION_PLAN);
  const requestId: string = first.body.requestId;
  const task = (await taskOf(requestId, ACTION_PLAN_SUBMIT))!;
  await expectSaved(
    await saveSection(
      c.admin,
      requestId,
      ACTION_PLAN_SUBMIT,
      SAVE_ACTION_PLAN,
      'energyEfficiencyMeasure',
      { haveEnergyEfficiencyMeasures: false },
      false,
    ),
  );
  expect((await act(c.restricted, task.id, CANCEL_ACTION_PLAN, {})).status).toBe(403);
  const cancelled = await act(c.admin, task.id, CANCEL_ACTION_PLAN, {});
  expect(cancelled).toMatchObject({ status: 200, body: { requestStatus: 'CANCELLED', nextTasks: [] } });
  expect(await h.db('requests').where({ id: requestId }).first()).toMatchObject({ status: 'CANCELLED' });
  expect(await timelineOf(requestId)).toEqual(['ACTION_PLAN_APPLICATION_CANCELLED']);
  expect(await h.db('reports').where({ request_id: requestId })).toEqual([]);
  // Nothing to re-initiate, and progress update 1 would be a disaggregated undertaking's only.
  expect(await relatedActions(c.regulator, requestId)).toEqual({});
  expect((await available(c))[PROGRESS_UPDATE_1]).toEqual({ valid: true, requests: [ACTION_PLAN] });

  expect((await available(c))[ACTION_PLAN]).toEqual({ valid: true });
  const again = await start(c.admin, c.account, ACTION_PLAN);
  expect(again).toMatchObject({ status: 201, body: { requestId, requestStatus: 'IN_PROGRESS' } });
  const fresh = (await taskOf(requestId, ACTION_PLAN_SUBMIT))!;
  expect(fresh.id).not.toBe(task.id);
  // The new one starts empty.
  expect(fresh.payload).toEqual({ report: {}, sectionsCompleted: {} });
  expect(await h.db('requests').where({ id: requestId }).first()).toMatchObject({ status: 'IN_PROGRESS' });
});

it('carries the measures from the action plan to progress update 1 and then 2, with re-initiate blocked and allowed as §5 says', async () => {
  const c = await cast();
  const apId = await submittedActionPlan(c);
  expect(await relatedActions(c.regulator, apId)).toEqual({ [REINITIATE_ACTION_PLAN]: { valid: true } });
  expect(await available(c)).toMatchObject({
    [ACTION_PLAN]: { valid: false, requests: [ACTION_PLAN] },
    [PROGRESS_UPDATE_1]: { valid: true },
    [PROGRESS_UPDATE_2]: { valid: false, requests: [PROGRESS_UPDATE_1] },
  });

  // Progress update 1 starts from the two measures, split by the action plan's submission (1 June 2026).
  const pu1Started = await start(c.admin, c.account, PROGRESS_UPDATE_1, { isDisaggregateUndertaking: false });
  expect(pu1Started.status).toBe(201);
  const pu1Id: string = pu1Started.body.requestId;
  const pu1Task = (await taskOf(pu1Id, PROGRESS_UPDATE_1_SUBMIT))!;
  expect(dayOf(pu1Task.due_date)).toBe('2025-12-05');
  expect(pu1Task.payload.prefill).toEqual({ isDisaggregateUndertaking: false });
  const copied = pu1Task.payload.report[PU1_MEASURES].progressUpdate1P3Measures as {
    uuId: string;
    measureImplType: string;
    actionPlanEnergyEfficiencyMeasure: { measureName: string };
  }[];
  expect(copied.map((m) => [m.actionPlanEnergyEfficiencyMeasure.measureName, m.measureImplType])).toEqual([
    ['LED lighting', MEASURE_IMPL_BEFORE],
    ['Boiler replacement', MEASURE_IMPL_AFTER],
  ]);
  const [ledId, boilerId] = copied.map((m) => m.uuId);
  // With progress update 1 under way the action plan cannot be returned any more.
  expect(await relatedActions(c.regulator, apId)).toEqual({});
  expect(await start(c.regulator, c.account, REINITIATE_ACTION_PLAN)).toMatchObject({
    status: 400,
    body: { code: 'REQUEST_CREATE_ACTION1000' },
  });

  // The answers of the copied measures merge by id; an unknown id and a changed copy are ignored.
  const ledUpdate = {
    reportReduction2024To2025: true,
    reductionEnergyConsumption2024To2025: 9000,
    reportReduction2023To2024: false,
    estimationMethodType: 'ACTION_PLAN_ESTIMATE',
  };
  const draft = await expectSaved(
    await saveSection(
      c.admin,
      pu1Id,
      PROGRESS_UPDATE_1_SUBMIT,
      SAVE_PROGRESS_UPDATE_1,
      PU1_MEASURES,
      {
        progressUpdate1P3Measures: [
          {
            uuId: ledId,
            actionPlanEnergyEfficiencyMeasure: { measureName: 'Changed by the page' },
            progressUpdate1P3EnergyEfficiencyMeasure: ledUpdate,
          },
          { uuId: 'an-unknown-id', progressUpdate1P3EnergyEfficiencyMeasure: { measureIsImplemented: true } },
        ],
      },
      false,
    ),
  );
  const merged = draft.payload.report[PU1_MEASURES].progressUpdate1P3Measures;
  expect(merged).toHaveLength(2);
  expect(merged[0]).toMatchObject({
    uuId: ledId,
    actionPlanEnergyEfficiencyMeasure: { measureName: 'LED lighting' },
    progressUpdate1P3EnergyEfficiencyMeasure: ledUpdate,
  });
  expect(merged[1]).not.toHaveProperty('progressUpdate1P3EnergyEfficiencyMeasure');
  // Completing needs every measure's update.
  const incomplete = await saveSection(c.admin, pu1Id, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, PU1_MEASURES, {
    progressUpdate1P3Measures: [],
  });
  expect(incomplete).toMatchObject({
    status: 400,
    body: {
      fields: [
        {
          field: `${PU1_MEASURES}.progressUpdate1P3Measures.1.progressUpdate1P3EnergyEfficiencyMeasure`,
          message: 'Enter the update for the measure ‘Boiler replacement’',
          step: 'measures',
        },
      ],
    },
  });
  const heatPump = addedMeasure({ measureName: 'Heat pump', reductionEnergyConsumption2024To2025: 2500 });
  await expectSaved(
    await saveSection(c.admin, pu1Id, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, PU1_MEASURES, {
      progressUpdate1P3Measures: [
        {
          uuId: boilerId,
          progressUpdate1P3EnergyEfficiencyMeasure: { measureIsImplemented: false, providedContext: 'Supplier delay' },
        },
      ],
      progressUpdate1P3AddedMeasure: [heatPump],
    }),
  );
  await expectSaved(
    await saveSection(
      c.admin,
      pu1Id,
      PROGRESS_UPDATE_1_SUBMIT,
      SAVE_PROGRESS_UPDATE_1,
      'responsibleOfficerConfirmation',
      { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value] },
    ),
  );
  expect((await act(c.admin, pu1Task.id, SUBMIT_PROGRESS_UPDATE_1, {})).body).toMatchObject({
    requestStatus: 'COMPLETED',
  });
  expect(await timelineOf(pu1Id)).toEqual(['PROGRESS_UPDATE_1_P3_APPLICATION_SUBMITTED']);
  expect(await relatedActions(c.regulator, pu1Id)).toEqual({ [REINITIATE_PROGRESS_UPDATE_1]: { valid: true } });
  for (const id of [apId, pu1Id])
    expect((await mailTo(c.admin.email, 'SubmissionDocument')).filter((m) => m.subject.includes(id))).toHaveLength(1);
  expect(await mailTo(c.admin.email, 'ReportSubmitted')).toEqual([]);

  // Progress update 2 starts from progress update 1: the boiler is asked again, the heat pump is updated.
  expect((await available(c))[PROGRESS_UPDATE_2]).toEqual({ valid: true });
  const pu2Id: string = (await start(c.admin, c.account, PROGRESS_UPDATE_2)).body.requestId;
  const pu2Task = (await taskOf(pu2Id, PROGRESS_UPDATE_2_SUBMIT))!;
  expect(dayOf(pu2Task.due_date)).toBe('2026-12-05');
  const pu2 = pu2Task.payload.report[PU2_MEASURES];
  expect(
    pu2.progressUpdate2P3Measures.map((m: any) => [
      m.actionPlanEnergyEfficiencyMeasure.measureName,
      m.progressUpdate1P3EnergyEfficiencyMeasure,
    ]),
  ).toEqual([
    ['LED lighting', ledUpdate],
    ['Boiler replacement', { measureIsImplemented: false, providedContext: 'Supplier delay' }],
  ]);
  expect(pu2.progressUpdate2P3UpdatedAddedMeasures.map((m: any) => m.progressUpdate1P3AddedMeasure)).toEqual([
    { ...heatPump, measureScheme: [] },
  ]);
  const [ledPu2, boilerPu2] = pu2.progressUpdate2P3Measures.map((m: { uuId: string }) => m.uuId);
  const [heatPumpPu2] = pu2.progressUpdate2P3UpdatedAddedMeasures.map((m: { uuId: string }) => m.uuId);
  // The boiler: the question is asked again; the LED: a reduction may be reported instead.
  const wrong = await saveSection(
    c.admin,
    pu2Id,
    PROGRESS_UPDATE_2_SUBMIT,
    SAVE_PROGRESS_UPDATE_2,
    PU2_MEASURES,
    {
      progressUpdate2P3Measures: [
        { uuId: boilerPu2, progressUpdate2P3EnergyEfficiencyMeasure: { reportReduction2025To2026: false } },
      ],
    },
    false,
  );
  expect(wrong).toMatchObject({
    status: 400,
    body: { fields: [{ message: 'Select yes if the measure has been implemented' }] },
  });
  await expectSaved(
    await saveSection(c.admin, pu2Id, PROGRESS_UPDATE_2_SUBMIT, SAVE_PROGRESS_UPDATE_2, PU2_MEASURES, {
      progressUpdate2P3Measures: [
        { uuId: ledPu2, progressUpdate2P3EnergyEfficiencyMeasure: { reportReduction2025To2026: false } },
        {
          uuId: boilerPu2,
          progressUpdate2P3EnergyEfficiencyMeasure: {
            measureIsImplemented: true,
            measureImplementedByTheDateInActionPlan: true,
            reductionEnergyConsumption2025To2026: 3100,
            estimationMethodType: 'OTHER_METHOD',
            estimationMethodDescription: 'Metered for a month',
          },
        },
      ],
      progressUpdate2P3UpdatedAddedMeasures: [
        {
          uuId: heatPumpPu2,
          progressUpdate2P3EnergyEfficiencyMeasure: {
            reportReduction2025To2026: true,
            reductionEnergyConsumption2025To2026: 2600,
            estimationMethodType: 'ENERGY_AUDIT',
          },
        },
      ],
      progressUpdate2P3AddedMeasure: [
        addedMeasure({ measureName: 'Solar panels', reductionEnergyConsumption2025To2026: 1200 }),
      ],
    }),
  );
  // Another method was used: both statements.
  expect(
    (
      await saveSection(
        c.admin,
        pu2Id,
        PROGRESS_UPDATE_2_SUBMIT,
        SAVE_PROGRESS_UPDATE_2,
        'responsibleOfficerConfirmation',
        { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value] },
      )
    ).status,
  ).toBe(400);
  await expectSaved(
    await saveSection(
      c.admin,
      pu2Id,
      PROGRESS_UPDATE_2_SUBMIT,
      SAVE_PROGRESS_UPDATE_2,
      'responsibleOfficerConfirmation',
      { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value, ESTIMATION_METHOD_DOCUMENTED.value] },
    ),
  );
  expect((await act(c.admin, pu2Task.id, SUBMIT_PROGRESS_UPDATE_2, {})).body).toMatchObject({
    requestStatus: 'COMPLETED',
  });
  expect(
    (await h.db('reports').where({ request_id: pu2Id }).first()).data[PU2_MEASURES].progressUpdate2P3AddedMeasure,
  ).toEqual([
    {
      measureName: 'Solar panels',
      measureScheme: [],
      reductionEnergyConsumption2025To2026: 1200,
      estimationMethodType: 'ENERGY_AUDIT',
    },
  ]);

  // Progress update 1 cannot be returned once update 2 exists; update 2 always can, and comes back
  // to the operator who submitted it, with what was submitted.
  expect(await relatedActions(c.regulator, pu1Id)).toEqual({});
  expect((await start(c.regulator, c.account, REINITIATE_PROGRESS_UPDATE_1)).status).toBe(400);
  expect(await relatedActions(c.regulator, pu2Id)).toEqual({ [REINITIATE_PROGRESS_UPDATE_2]: { valid: true } });
  expect((await start(c.admin, c.account, REINITIATE_PROGRESS_UPDATE_2)).status).toBe(403);
  const returned = await start(c.regulator, c.account, REINITIATE_PROGRESS_UPDATE_2);
  expect(returned).toMatchObject({ status: 201, body: { requestId: pu2Id, requestStatus: 'IN_PROGRESS' } });
  const reopened = (await taskOf(pu2Id, PROGRESS_UPDATE_2_SUBMIT))!;
  expect(reopened.assignee).toBe(c.admin.id);
  expect(dayOf(reopened.due_date)).toBe('2026-12-05');
  expect(reopened.payload.sectionsCompleted).toEqual({
    [PU2_MEASURES]: 'COMPLETED',
    responsibleOfficerConfirmation: 'COMPLETED',
  });
  expect(reopened.payload.report[PU2_MEASURES].progressUpdate2P3AddedMeasure).toHaveLength(1);
  expect(await timelineOf(pu2Id)).toEqual([
    'PROGRESS_UPDATE_2_P3_APPLICATION_SUBMITTED',
    'PROGRESS_UPDATE_2_P3_APPLICATION_RE_INITIATED',
  ]);
  // Cancelling the changes leaves the submitted report in force.
  expect((await act(c.admin, reopened.id, 'PROGRESS_UPDATE_2_CANCEL_APPLICATION', {})).body).toMatchObject({
    requestStatus: 'COMPLETED',
  });
  expect(await h.db('reports').where({ request_id: pu2Id })).toHaveLength(1);
  await maybeRecordHistory(h.env.client, pu2Id, 'progressUpdate2P3-returned-and-cancelled');
});

it('starts a disaggregated progress update 1 without an action plan, with its change of group', async () => {
  const c = await cast();
  expect((await available(c))[PROGRESS_UPDATE_1]).toEqual({ valid: true, requests: [ACTION_PLAN] });
  // Only as a disaggregated undertaking: there is no action plan to start from.
  expect(await start(c.admin, c.account, PROGRESS_UPDATE_1, { isDisaggregateUndertaking: false })).toMatchObject({
    status: 400,
    body: { code: 'REQUEST_CREATE_ACTION1000', data: { valid: true, requests: [ACTION_PLAN] } },
  });
  expect(await start(c.admin, c.account, PROGRESS_UPDATE_1)).toMatchObject({ status: 400 });
  expect((await start(c.admin, c.account, PROGRESS_UPDATE_1, { isDisaggregateUndertaking: 'yes' })).status).toBe(400);

  const started = await start(c.admin, c.account, PROGRESS_UPDATE_1, { isDisaggregateUndertaking: true });
  expect(started.status).toBe(201);
  const requestId: string = started.body.requestId;
  const task = (await taskOf(requestId, PROGRESS_UPDATE_1_SUBMIT))!;
  expect(task.payload).toEqual({ report: {}, sectionsCompleted: {}, prefill: { isDisaggregateUndertaking: true } });
  // The action plan is closed while progress update 1 is under way.
  expect((await available(c))[ACTION_PLAN]).toEqual({ valid: false });

  expect(await act(c.admin, task.id, SUBMIT_PROGRESS_UPDATE_1, {})).toMatchObject({
    status: 400,
    body: {
      code: 'PU11003',
      fields: [{ section: 'groupChange' }, { section: PU1_MEASURES }, { section: 'responsibleOfficerConfirmation' }],
    },
  });
  const own = await saveSection(c.admin, requestId, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, 'groupChange', {
    otherResponsibleUndertakingName: c.account.name,
  });
  expect(own).toMatchObject({
    status: 400,
    body: {
      fields: [
        { field: 'groupChange.otherResponsibleUndertakingName', message: SAME_NAME_AS_ACCOUNT, step: 'group-change' },
      ],
    },
  });
  await expectSaved(
    await saveSection(c.admin, requestId, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, 'groupChange', {
      otherResponsibleUndertakingName: 'Former Parent plc',
      otherResponsibleUndertakingCrn: '01234567',
    }),
  );
  await expectSaved(
    await saveSection(c.admin, requestId, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, PU1_MEASURES, {
      progressUpdate1P3AddedMeasure: [
        addedMeasure({ reductionEnergyConsumption2024To2025: 800, estimationMethodType: 'NO_METHOD_USED' }),
      ],
    }),
  );
  await expectSaved(
    await saveSection(
      c.admin,
      requestId,
      PROGRESS_UPDATE_1_SUBMIT,
      SAVE_PROGRESS_UPDATE_1,
      'responsibleOfficerConfirmation',
      { confirmations: [ESOS_ACTION_PLAN_COMPLIANCE.value] },
    ),
  );
  expect((await act(c.admin, task.id, SUBMIT_PROGRESS_UPDATE_1, {})).body).toMatchObject({
    requestStatus: 'COMPLETED',
  });
  expect((await h.db('reports').where({ request_id: requestId }).first()).data.groupChange).toEqual({
    otherResponsibleUndertakingName: 'Former Parent plc',
    otherResponsibleUndertakingCrn: '01234567',
  });
  expect((await h.db('requests').where({ id: requestId }).first()).payload.prefill).toEqual({
    isDisaggregateUndertaking: true,
  });

  // Progress update 2 may then start from it (no action plan, reference §5's last case).
  expect((await available(c))[PROGRESS_UPDATE_2]).toEqual({ valid: true, requests: [ACTION_PLAN] });
  const pu2Id: string = (await start(c.admin, c.account, PROGRESS_UPDATE_2, { isDisaggregateUndertaking: false })).body
    .requestId;
  const pu2 = (await taskOf(pu2Id, PROGRESS_UPDATE_2_SUBMIT))!.payload.report[PU2_MEASURES];
  expect(pu2.progressUpdate2P3Measures).toEqual([]);
  expect(
    pu2.progressUpdate2P3UpdatedAddedMeasures.map((m: any) => m.progressUpdate1P3AddedMeasure.measureName),
  ).toEqual(['Heat pump']);
});
