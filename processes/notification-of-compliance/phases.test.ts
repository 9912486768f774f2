// Phases as data (domain/phases.ts): phase 4's notification beside phase 3's, each opening on its
// phase's configured day; phase 4's action plan and progress updates defined but closed; a phase 4
// notification starting from the same account's submitted phase 3 answers where the question is
// the same, marked until confirmed, and with its phase 3 action plan's measures; and a test-only
// phase 5, added as a row of data, appearing wherever a phase does. On a real Temporal dev server,
// the real database and the real API.
import { createAccount, createSubmittedReport, createUser, grantOperator } from '../../test/factories';
import { callerOf, type EngineHarness, useEngineHarness } from '../../test/workflows/harness';
import { reportCast } from '../../test/workflows/cast';
import { completeReport, withUndertaking } from '../../test/fixtures/notification-reports';
import { defineProcess, processFor, requestIdOf, submittedDataReports } from '..';
import { notificationCodes } from './codes';
import { CARRIED_SECTIONS, notificationProcessFor } from './process';
import { allSections } from '../../domain/reports/report';
import { definePhase, knownPhases, type Phase } from '../../domain/phases';
import { phasesFrom } from '../../infra/config';
import { publishableReports } from '../published-data';
import { ACTION_PLAN } from '../action-plan/codes';
import { completeReportDrafts } from '../../test/fixtures/complete-reports';

let h: EngineHarness;
useEngineHarness((started) => (h = started));
const call = callerOf(() => h);

const P3 = notificationCodes(3);
const P4 = notificationCodes(4);
const available = async (user: Parameters<typeof call>[0], accountId: number) =>
  (await call(user, `/requests/available-workflows/permit/${accountId}`)).body;
const at = (iso: string) => (h.api.deps.config.reporting.now = () => new Date(iso));

afterEach(() => {
  h.api.deps.config.reporting.now = () => new Date('2026-06-01T12:00:00Z');
  h.api.deps.config.reporting.phases = phasesFrom(undefined);
});

it('opens phase 4’s notification on its configured day, and says when phase 4’s other reports open', async () => {
  const { account, admin } = await reportCast(h.db);
  expect(processFor(P4.NOTIFICATION)).toMatchObject({
    title: 'Phase 4 Notification',
    phase: { number: 4, report: 'notification' },
  });
  expect(requestIdOf(processFor(P4.NOTIFICATION)!, 1)).toBe('NOC000001-P4');
  expect(processFor(P4.NOTIFICATION)!.tasks[P4.NOTIFICATION_SUBMIT]!.label).toBe('Submit Phase 4 notification');

  // Before 6 December 2026 only phase 3's notification may start; phase 4's says when it opens.
  const before = await available(admin, account.id);
  expect(before[P3.NOTIFICATION]).toEqual({ valid: true });
  expect(before[P4.NOTIFICATION]).toEqual({ valid: false, opensOn: '2026-12-06' });
  for (const [type, title] of [
    ['ACTION_PLAN_P4', 'Phase 4 Action Plan'],
    ['PROGRESS_UPDATE_1_P4', 'Phase 4 Progress Update 1'],
    ['PROGRESS_UPDATE_2_P4', 'Phase 4 Progress Update 2'],
  ])
    expect(before[type]).toEqual({ valid: false, opensOn: null, title });
  expect(
    (
      await call(admin, `/requests?accountId=${account.id}`, {
        method: 'POST',
        body: { requestCreateActionType: P4.NOTIFICATION },
      })
    ).status,
  ).toBe(400);

  // On the day, both (phase 3's window closes at its start).
  at('2026-12-06T00:00:00Z');
  const onTheDay = await available(admin, account.id);
  expect(onTheDay[P3.NOTIFICATION]).toEqual({ valid: true });
  expect(onTheDay[P4.NOTIFICATION]).toEqual({ valid: true });

  // The configuration (ESOS_PHASES) moves the day, as it opens phase 4's action plan.
  h.api.deps.config.reporting.phases = phasesFrom(
    JSON.stringify([
      {
        number: 4,
        reports: {
          notification: {
            windows: {
              initiate: { from: '2027-01-04T00:00:00Z', to: '2030-12-06T00:00:00Z' },
              submit: { from: '2027-01-04T00:00:00Z', to: '2030-12-06T00:00:00Z' },
            },
            due: null,
          },
          actionPlan: {
            windows: {
              initiate: { from: '2027-12-06T00:00:00Z', to: '2029-12-06T00:00:00Z' },
              submit: { from: '2027-12-06T00:00:00Z', to: '2029-12-06T00:00:00Z' },
            },
            due: '2028-12-05',
          },
        },
      },
    ]),
  );
  const moved = await available(admin, account.id);
  expect(moved[P4.NOTIFICATION]).toEqual({ valid: false, opensOn: '2027-01-04' });
  expect(moved.ACTION_PLAN_P4).toEqual({ valid: false, opensOn: '2027-12-06', title: 'Phase 4 Action Plan' });
});

it('refuses a configuration of phases that is not a list of dated rows, naming what is wrong', () => {
  expect(() => phasesFrom('{')).toThrow(/ESOS_PHASES must be a JSON list of phases/);
  expect(() => phasesFrom('[{"number":4,"complianceDate":"5 Dec 2027"}]')).toThrow(
    'ESOS_PHASES phase 4: complianceDate must be a date such as 2027-12-05',
  );
  expect(() => phasesFrom('[{"number":4,"reports":{"notification":{"windows":{},"due":null}}}]')).toThrow(
    'ESOS_PHASES phase 4: notification.windows needs initiate and submit, each with ISO from and to, or null',
  );
  expect(() => phasesFrom('[{"number":9}]')).toThrow(/ESOS_PHASES phase 9 is new: give it in full/);
  expect(phasesFrom(undefined).map((p) => p.number)).toEqual([3, 4]);
});

it('starts phase 4’s notification from the account’s submitted phase 3 answers where the question is the same, marked until confirmed, and with its phase 3 action plan’s measures', async () => {
  const { account, admin } = await reportCast(h.db);
  const phase3 = withUndertaking(completeReport('esos95To100'), { name: account.name, registrationNumber: null });
  await createSubmittedReport(h.db, {
    account,
    requestType: P3.NOTIFICATION,
    requestId: requestIdOf(processFor(P3.NOTIFICATION)!, account.id),
    data: phase3.report,
  });
  const actionPlan = processFor(ACTION_PLAN)!;
  await createSubmittedReport(h.db, {
    account,
    requestType: ACTION_PLAN,
    requestId: requestIdOf(actionPlan, account.id),
    data: completeReportDrafts[ACTION_PLAN]!().report,
  });
  // Another account's phase 3 notification and action plan are never carried.
  const other = await reportCast(h.db);
  const theirs = completeReport('iso50001');
  await createSubmittedReport(h.db, {
    account: other.account,
    requestType: P3.NOTIFICATION,
    requestId: requestIdOf(processFor(P3.NOTIFICATION)!, other.account.id),
    data: theirs.report,
  });
  await createSubmittedReport(h.db, {
    account: other.account,
    requestType: ACTION_PLAN,
    requestId: requestIdOf(actionPlan, other.account.id),
    data: completeReportDrafts[ACTION_PLAN]!().report,
  });

  at('2026-12-07T09:00:00Z');
  const started = await call(admin, `/requests?accountId=${account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: P4.NOTIFICATION },
  });
  expect(started.status).toBe(201);
  expect(started.body.requestId).toBe(`NOC${String(account.id).padStart(6, '0')}-P4`);
  const task = await h.db('request_tasks').where({ request_id: started.body.requestId }).first();
  expect(task.type).toBe(P4.NOTIFICATION_SUBMIT);
  const draft = task.payload;

  // Who the organisation is, its contacts and its lead assessor: as submitted for phase 3.
  for (const id of ['responsibleUndertaking', 'contactPersons', 'leadAssessor'])
    expect({ id, answers: draft.report[id] }).toEqual({ id, answers: phase3.report[id] });
  // The structure, but for the question phase 4 asks about other dates (undertakings that left the group).
  const structure = allSections(processFor(P4.NOTIFICATION)!.report!).find((s) => s.id === 'organisationStructure')!;
  const leavers = structure.steps
    .flatMap((s) => s.fields)
    .find((f) => 'label' in f && /31 December 2026/.test(f.label));
  expect(leavers).toBeDefined();
  expect(Object.keys(draft.report.organisationStructure).sort()).toEqual(
    Object.keys(phase3.report.organisationStructure!)
      .filter((k) => k !== (leavers as { name: string }).name)
      .sort(),
  );
  // Nothing else: the reporting obligation, energy and confirmations are this phase's own.
  expect(Object.keys(draft.report).sort()).toEqual([...CARRIED_SECTIONS].sort());
  expect(draft.sectionsCompleted).toEqual(Object.fromEntries(CARRIED_SECTIONS.map((id) => [id, 'IN_PROGRESS'])));
  expect(draft.carried).toMatchObject({ phase: 3, requestId: requestIdOf(processFor(P3.NOTIFICATION)!, account.id) });
  expect(Object.keys(draft.carried.answers).sort()).toEqual([...CARRIED_SECTIONS].sort());
  expect(JSON.stringify(draft)).not.toContain(JSON.stringify(theirs.report.contactPersons));
  // The phase 3 action plan's measures, offered where phase 4 asks about the savings achieved.
  expect(draft.actionPlanMeasures).toMatchObject({ phase: 3, requestId: requestIdOf(actionPlan, account.id) });
  expect(draft.actionPlanMeasures.measures.map((m: { name: string }) => m.name)).toEqual([
    'LED lighting',
    'Boiler replacement',
  ]);

  // Confirming a section (completing it) ends its mark; the others keep theirs. The sections apply
  // once this phase's reporting obligation is answered.
  const save = async (section: string, data: unknown) => {
    const { version } = await h.db('request_tasks').where({ id: task.id }).first('version');
    return call(admin, '/tasks/actions', {
      method: 'POST',
      body: {
        requestTaskId: Number(task.id),
        requestTaskActionType: P4.SAVE_NOTIFICATION,
        requestTaskActionPayload: { section, data, complete: true },
        version,
      },
    });
  };
  expect((await save('reportingObligation', phase3.report.reportingObligation)).status).toBe(200);
  const saved = await save('contactPersons', phase3.report.contactPersons);
  expect(saved.status).toBe(200);
  const after = (await h.db('request_tasks').where({ id: task.id }).first()).payload;
  expect(Object.keys(after.carried.answers).sort()).toEqual(
    CARRIED_SECTIONS.filter((id) => id !== 'contactPersons').sort(),
  );
  expect(after.sectionsCompleted.contactPersons).toBe('COMPLETED');

  // An account that did not submit phase 3 starts phase 4 empty.
  const fresh = await reportCast(h.db);
  const empty = await call(fresh.admin, `/requests?accountId=${fresh.account.id}`, {
    method: 'POST',
    body: { requestCreateActionType: P4.NOTIFICATION },
  });
  const emptyTask = await h.db('request_tasks').where({ request_id: empty.body.requestId }).first();
  expect(emptyTask.payload.report).toEqual({});
  expect(emptyTask.payload.carried).toBeUndefined();
  expect(emptyTask.payload.actionPlanMeasures).toBeUndefined();
});

it('adds a phase as a row of data: a test-only phase 5 appears wherever a phase does', async () => {
  const phase5: Phase = {
    number: 5,
    qualificationDate: '2030-12-31',
    compliancePeriod: { from: '2027-12-06', to: '2031-12-05' },
    complianceDate: '2031-12-05',
    reports: {
      notification: {
        windows: {
          initiate: { from: '2030-12-06T00:00:00Z', to: '2034-12-06T00:00:00Z' },
          submit: { from: '2030-12-06T00:00:00Z', to: '2034-12-06T00:00:00Z' },
        },
        due: null,
      },
      actionPlan: { windows: null, due: '2032-12-05' },
      progressUpdate1: { windows: null, due: '2033-12-05' },
      progressUpdate2: { windows: null, due: '2034-12-05' },
    },
    source: 'A test’s phase',
  };
  // The row, and the process that serves it (its report has no differences of its own).
  definePhase(phase5);
  const p5 = defineProcess(notificationProcessFor(5));
  h.api.deps.config.reporting.phases = knownPhases();

  expect(p5).toMatchObject({ requestType: 'NOTIFICATION_OF_COMPLIANCE_P5', title: 'Phase 5 Notification' });
  expect(requestIdOf(p5, 42)).toBe('NOC000042-P5');
  expect(p5.carriesForward).toMatchObject({ requestType: P4.NOTIFICATION, phase: 4 });
  const sections = allSections(p5.report).map((s) => s.title);
  expect(sections).toEqual(expect.arrayContaining(['Fourth compliance period', 'Third compliance period']));
  expect(sections).not.toContain('Second compliance period');
  const texts = JSON.stringify(p5.report, (_k, v: unknown) => (typeof v === 'function' ? undefined : v));
  expect(texts).toContain('The fifth compliance period lasted from 6 December 2027 to 5 December 2031.');
  expect(texts).not.toContain('Display Energy Certificate');
  expect(submittedDataReports().map((r) => r.name)).toContain('Notification of compliance (Phase 5) submitted data');
  expect(publishableReports().find((r) => r.requestType === p5.requestType)).toMatchObject({
    phase: 'P5',
    title: 'Notification of Compliance, phase 5',
  });

  const { account, admin } = await reportCast(h.db);
  const offered = await available(admin, account.id);
  expect(offered[p5.requestType]).toEqual({ valid: false, opensOn: '2030-12-06' });
  expect(offered.ACTION_PLAN_P5).toEqual({ valid: false, opensOn: null, title: 'Phase 5 Action Plan' });
  // The Phases tab's filter takes it: a search by its type answers (none yet).
  const found = await call(admin, '/requests/workflows', {
    method: 'POST',
    body: {
      accountId: account.id,
      category: 'REPORTING',
      requestTypes: [p5.requestType],
      paging: { pageNumber: 0, pageSize: 10 },
    },
  });
  expect(found).toMatchObject({ status: 200, body: { requestDetails: [], total: 0 } });

  const stranger = await createUser(h.db);
  await grantOperator(h.db, stranger, await createAccount(h.db), 'operator_admin');
  expect((await call(stranger, `/requests/available-workflows/permit/${account.id}`)).status).toBe(404);
});
