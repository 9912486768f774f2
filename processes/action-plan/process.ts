// ACTION_PLAN_P3 (reference workflows §8.1, start rules §5): an Advanced user prepares the action
// plan and submits it, or cancels it (then it may be started again). As in the real service
// (reference details §G), a LIVE account may start one without a submitted notification: an
// undertaking that left its group after the group's notification reports on its own account
// (details §B says who it is for). A regulator may return a submitted one for changes until progress update 1
// is under way. The task is due on the statutory date (ours: the real service keeps no due date).
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';
import { phaseTitle, seededPhase } from '../../domain/phases';
import { activeStatus, submittedReportProcess, submittedTexts } from '../report-task';
import { NOTIFICATION } from '../notification-of-compliance/codes';
import { PROGRESS_UPDATE_1 } from '../progress-update-1/codes';
import { actionPlanReport } from './report';
import {
  ACTION_PLAN,
  ACTION_PLAN_SUBMIT,
  ACTION_PLAN_SUBMITTED,
  CANCEL_ACTION_PLAN,
  REINITIATE_ACTION_PLAN,
  SAVE_ACTION_PLAN,
  SUBMIT_ACTION_PLAN,
} from './codes';

/** The phase it serves. */
const PHASE = 3;

export const actionPlanProcess = defineProcess({
  requestType: ACTION_PLAN,
  workflowType: 'actionPlanP3',
  id: { prefix: 'AP', suffix: '-P3' },
  category: 'REPORTING',
  title: `${phaseTitle(PHASE)} Action Plan`,
  name: 'Action Plan',
  // Reference details §B and §G, in our own words.
  about: [
    'Read the Environment Agency’s guidance on action plans before you start. Use this task to tell your regulator which energy saving measures your organisation proposes to implement by 5 December 2027.',
    'It is for the responsible undertaking that submitted the Phase 3 notification of compliance, and for an undertaking that left its group during the compliance period and now complies on its own account: it can start an action plan without a notification of its own.',
    'The first question asks whether you propose any energy saving measures, from your ESOS assessment or from elsewhere (another scheme, for example). If you answer No, the plan is a statement that no measures are proposed; if Yes, you add each measure.',
    'The Environment Agency publishes every action plan. Only the responsible undertaking completes and submits it: lead assessors cannot enter, change or review it. Your answers are saved as you go, so you can come back to them.',
  ],
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
    input: v.object({}),
    // The phase's (domain/phases.ts; ESOS_PHASES may change them, api/process-settings.ts).
    windows: seededPhase(PHASE).reports.actionPlan.windows ?? undefined,
    rule: ({ statuses, inWindow }) => {
      if (activeStatus(statuses[ACTION_PLAN])) return { valid: false, requests: [ACTION_PLAN] };
      if (activeStatus(statuses[PROGRESS_UPDATE_1])) return { valid: false };
      return { valid: inWindow };
    },
  },
  ...submittedReportProcess({
    name: 'Action Plan',
    stem: 'ACTION_PLAN',
    report: actionPlanReport,
    task: ACTION_PLAN_SUBMIT,
    actions: {
      save: SAVE_ACTION_PLAN,
      submit: SUBMIT_ACTION_PLAN,
      cancel: CANCEL_ACTION_PLAN,
      reinitiate: REINITIATE_ACTION_PLAN,
      submitted: ACTION_PLAN_SUBMITTED,
      window: { code: 'AP1001', message: 'Invalid Submission Date' },
      invalid: { code: 'AP1002', message: 'Invalid ACTION PLAN' },
    },
    texts: submittedTexts('action plan', 'Action plan sent to regulator'),
    phase: { number: PHASE, report: 'actionPlan' },
    blockedBy: (statuses) => activeStatus(statuses[PROGRESS_UPDATE_1]),
    submittedData: {
      fileName: 'Action_Plan_Published_Data_Phase_3.xlsx',
      id: 'AP',
      related: { requestType: NOTIFICATION, id: 'NOC' },
      sheets: [['Action Plans', []]],
    },
  }),
});
