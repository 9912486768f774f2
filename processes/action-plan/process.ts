// ACTION_PLAN_P3 (reference workflows §8.1, start rules §5): an Advanced user prepares the action
// plan and submits it, or cancels it (then it may be started again). It follows a submitted
// notification (reference quirk 1 fixed: the real service lets it start without one, though its
// texts say otherwise). A regulator may return a submitted one for changes until progress update 1
// is under way. The task is due on the compliance date (ours).
import { defineProcess } from '../registry';
import { taskAccess } from '../task-access';
import { activeStatus, reportSubmitTask } from '../report-task';
import { requestId } from '../../domain/requests';
import { actionPlanReport } from './report';
import * as v from 'valibot';

export const ACTION_PLAN = 'ACTION_PLAN_P3';
export const ACTION_PLAN_SUBMIT = 'ACTION_PLAN_P3_APPLICATION_SUBMIT';
export const SAVE_ACTION_PLAN = 'ACTION_PLAN_P3_SAVE_APPLICATION_SUBMIT';
export const SUBMIT_ACTION_PLAN = 'ACTION_PLAN_P3_SUBMIT_APPLICATION';
export const CANCEL_ACTION_PLAN = 'ACTION_PLAN_CANCEL_APPLICATION';
export const REINITIATE_ACTION_PLAN = 'RE_INITIATE_ACTION_PLAN_P3';

export const actionPlanProcess = defineProcess({
  requestType: ACTION_PLAN,
  workflowType: 'actionPlanP3',
  requestId: (accountId: number) => requestId(ACTION_PLAN, accountId),
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
    payload: v.object({}),
    windowed: true,
    rule: ({ statuses, inWindow }) => {
      if (activeStatus(statuses[ACTION_PLAN])) return { valid: false, requests: [ACTION_PLAN] };
      if (activeStatus(statuses.PROGRESS_UPDATE_1_P3)) return { valid: false };
      if (statuses.NOTIFICATION_OF_COMPLIANCE_P3 !== 'COMPLETED') return { valid: false, requests: ['NOTIFICATION_OF_COMPLIANCE_P3'] };
      return { valid: inWindow };
    },
  },
  reinitiate: {
    actionType: REINITIATE_ACTION_PLAN,
    permission: 'PERM_ACTION_PLAN_APPLICATION_RE_INITIATE_TASK',
    timeline: 'ACTION_PLAN_P3_APPLICATION_RE_INITIATED',
    blockedBy: (statuses) => activeStatus(statuses.PROGRESS_UPDATE_1_P3),
  },
  dueDate: { taskType: ACTION_PLAN_SUBMIT, changePermission: 'PERM_ACTION_PLAN_APPLICATION_RE_INITIATE_TASK' },
  tasks: {
    [ACTION_PLAN_SUBMIT]: reportSubmitTask(taskAccess.ACTION_PLAN_P3_APPLICATION_SUBMIT, actionPlanReport, {
      save: SAVE_ACTION_PLAN,
      submit: SUBMIT_ACTION_PLAN,
      cancel: CANCEL_ACTION_PLAN,
      submitted: 'ACTION_PLAN_P3_APPLICATION_SUBMITTED',
      cancelled: 'ACTION_PLAN_APPLICATION_CANCELLED',
      window: { code: 'AP1001', message: 'Invalid Submission Date' },
      invalid: { code: 'AP1002', message: 'Invalid ACTION PLAN' },
    }),
  },
});
