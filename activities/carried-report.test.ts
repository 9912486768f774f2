// What a phase 4 notification starts from, against the real database (activity `carriedReport`,
// which the notification's workflow runs when it opens the task): the account's own submitted phase 3
// action plan's measures, with what its progress updates said of them, beside the answers carried
// from its phase 3 notification — and nothing from an action plan not submitted, from another
// account, or for an account without one.
import { createDb, type Db } from '../infra/db';
import { createAccount, createSubmittedReport, type TestAccount } from '../test/factories';
import { completeReportDrafts } from '../test/fixtures/complete-reports';
import { completeReport } from '../test/fixtures/notification-reports';
import { processFor, requestIdOf } from '../processes';
import { notificationCodes } from '../processes/notification-of-compliance/codes';
import { ACTION_PLAN } from '../processes/action-plan/codes';
import { PROGRESS_UPDATE_1 } from '../processes/progress-update-1/codes';
import { createReportActivities } from './reports';

let db: Db;
let activities: ReturnType<typeof createReportActivities>;
beforeAll(() => {
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 3 });
  activities = createReportActivities({ db, homeUrl: 'http://localhost' });
});
afterAll(() => db.destroy());

const P3 = notificationCodes(3).NOTIFICATION;
const P4 = notificationCodes(4).NOTIFICATION;
const submit = (account: TestAccount, requestType: string) =>
  createSubmittedReport(db, {
    account,
    requestType,
    requestId: requestIdOf(processFor(requestType)!, account.id),
    data: (requestType === P3 ? completeReport('esos95To100') : completeReportDrafts[requestType]!()).report,
  });
const carried = (account: TestAccount, requestType = P4) =>
  activities.carriedReport({ accountId: account.id, requestType });

it('offers the account’s submitted phase 3 action plan’s measures, with what its progress update said of them', async () => {
  const account = await createAccount(db);
  await submit(account, P3);
  await submit(account, ACTION_PLAN);
  await submit(account, PROGRESS_UPDATE_1);

  const draft = (await carried(account))!;
  expect(draft.actionPlanMeasures).toEqual({
    phase: 3,
    requestId: requestIdOf(processFor(ACTION_PLAN)!, account.id),
    measures: [
      expect.objectContaining({ name: 'LED lighting', implemented: true, reported: 900 }),
      expect.objectContaining({ name: 'Boiler replacement', implemented: false, reported: null }),
    ],
  });
  // Beside the answers carried from the phase 3 notification, as before.
  expect(Object.keys(draft.carried as object)).toEqual(['phase', 'requestId', 'answers']);
  // Phase 3's own notification starts from nothing of the kind.
  expect(await carried(account, P3)).toBeNull();
});

it('offers the measures of an account that submitted an action plan and no notification, and nothing else', async () => {
  const account = await createAccount(db);
  await submit(account, ACTION_PLAN);
  const draft = (await carried(account))!;
  expect(draft.report).toEqual({});
  expect(draft.carried).toBeUndefined();
  expect((draft.actionPlanMeasures as { measures: unknown[] }).measures).toHaveLength(2);
});

it('offers nothing without a submitted action plan of the account’s own', async () => {
  // Another account's submitted action plan, and this one's still in progress.
  const other = await createAccount(db);
  await submit(other, ACTION_PLAN);
  const account = await createAccount(db);
  await submit(account, P3);
  await db('requests').insert({
    id: requestIdOf(processFor(ACTION_PLAN)!, account.id),
    type: ACTION_PLAN,
    status: 'IN_PROGRESS',
    account_id: account.id,
    competent_authority: account.competentAuthority,
    payload: JSON.stringify({ report: completeReportDrafts[ACTION_PLAN]!().report }),
  });
  const draft = (await carried(account))!;
  expect(draft.carried).toBeDefined();
  expect(draft.actionPlanMeasures).toBeUndefined();
  expect(JSON.stringify(draft)).not.toContain('LED lighting');

  // An account that submitted nothing for phase 3 starts empty.
  expect(await carried(await createAccount(db))).toBeNull();
});
