// ACTION_PLAN_P3 (reference workflows §8.1, start rules §5): an Advanced user prepares the action
// plan and submits it, or cancels it (then it may be started again). It follows a submitted
// notification (reference quirk 1 fixed: the real service lets it start without one, though its
// texts say otherwise). A regulator may return a submitted one for changes until progress update 1
// is under way. The task is due on the statutory date (ours: the real service keeps no due date).
import * as v from 'valibot';
import { defineProcess } from '../../domain/process-registry';
import { SCHEME_DATES } from '../../domain/scheme-dates';
import { activeStatus, reportSubmitTask, submittedTexts } from '../report-task';
import { NOTIFICATION } from '../notification-of-compliance/codes';
import { PROGRESS_UPDATE_1 } from '../progress-update-1/codes';
import { actionPlanReport } from './report';
import { ACTION_PLAN, ACTION_PLAN_SUBMIT, ACTION_PLAN_SUBMITTED, CANCEL_ACTION_PLAN, REINITIATE_ACTION_PLAN, SAVE_ACTION_PLAN, SUBMIT_ACTION_PLAN } from './codes';

export const actionPlanProcess = defineProcess({
  requestType: ACTION_PLAN,
  workflowType: 'actionPlanP3',
  id: { prefix: 'AP', suffix: '-P3' },
  category: 'REPORTING',
  title: 'Phase 3 Action Plan',
  name: 'Action Plan',
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
    payload: v.object({}),
    // Reference workflows §13.1: inclusive, UK time (given here in UTC).
    windows: { initiate: { from: '2023-12-06T00:00:00Z', to: '2026-12-06T00:00:00Z' }, submit: { from: '2023-12-06T00:00:00Z', to: '2026-12-06T00:00:00Z' } },
    rule: ({ statuses, inWindow }) => {
      if (activeStatus(statuses[ACTION_PLAN])) return { valid: false, requests: [ACTION_PLAN] };
      if (activeStatus(statuses[PROGRESS_UPDATE_1])) return { valid: false };
      if (statuses[NOTIFICATION] !== 'COMPLETED') return { valid: false, requests: [NOTIFICATION] };
      return { valid: inWindow };
    },
  },
  reinitiate: {
    actionType: REINITIATE_ACTION_PLAN,
    permission: 'PERM_ACTION_PLAN_APPLICATION_RE_INITIATE_TASK',
    timeline: 'ACTION_PLAN_P3_APPLICATION_RE_INITIATED',
    blockedBy: (statuses) => activeStatus(statuses[PROGRESS_UPDATE_1]),
  },
  // The action plan's statutory due date (domain/scheme-dates.ts names its source).
  dueDate: { taskType: ACTION_PLAN_SUBMIT, changePermission: 'PERM_ACTION_PLAN_APPLICATION_RE_INITIATE_TASK', date: SCHEME_DATES.actionPlanDue },
  tasks: {
    [ACTION_PLAN_SUBMIT]: reportSubmitTask(
      { label: 'Submit Phase 3 Action Plan', roleType: 'OPERATOR', view: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_VIEW_TASK', execute: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK' },
      actionPlanReport,
      {
        save: SAVE_ACTION_PLAN,
        submit: SUBMIT_ACTION_PLAN,
        cancel: CANCEL_ACTION_PLAN,
        submitted: ACTION_PLAN_SUBMITTED,
        cancelled: 'ACTION_PLAN_APPLICATION_CANCELLED',
        window: { code: 'AP1001', message: 'Invalid Submission Date' },
        invalid: { code: 'AP1002', message: 'Invalid ACTION PLAN' },
      },
      submittedTexts('action plan', 'Action plan sent to regulator'),
    ),
  },
  timeline: {
    [ACTION_PLAN_SUBMITTED]: { label: 'Action Plan submitted', snapshot: true, document: 'Submitted' },
    ACTION_PLAN_APPLICATION_CANCELLED: { label: 'Action Plan cancelled', endsRun: true },
    ACTION_PLAN_P3_APPLICATION_RE_INITIATED: { label: 'Action Plan returned for changes' },
  },
  report: actionPlanReport,
  submittedData: {
    reportType: 'ACTION_PLAN_SUBMITTED_DATA_P3',
    name: 'Action plan (Phase 3) submitted data',
    slug: 'action-plan-submitted-data',
    fileName: 'Action_Plan_Published_Data_Phase_3.xlsx',
    contents: 'Table of Contents',
    leading: [
      { heading: 'AP ID', cell: 'requestId' },
      { heading: 'Organisation Name', cell: 'organisationName' },
      { heading: 'CRN', cell: 'registrationNumber' },
      { heading: 'AP Submission Date', cell: 'submittedOn' },
      { heading: 'NOC ID', cell: 'relatedId' },
      { heading: 'NOC Submission Date', cell: 'relatedSubmittedOn' },
    ],
    related: NOTIFICATION,
    sheets: [['Action Plans', []]],
  },
});
