// PROGRESS_UPDATE_1_P3 (reference workflows §9.1, start rules §5): an Advanced user updates the
// submitted action plan's measures and adds others, then submits, or cancels. An undertaking that
// left the group which notified starts it as disaggregated, without an action plan; anyone else
// needs a submitted action plan to start from (reference quirk 2 fixed: the real service would let
// them start and then fail). A regulator may return it for changes until progress update 2 is under
// way. Due on 5 December 2025 (ours).
import { defineProcess } from '../registry';
import { taskAccess } from '../task-access';
import { absent, activeStatus, progressUpdateCreatePayload, reportSubmitTask, type ProgressUpdateCreate } from '../report-task';
import { requestId } from '../../domain/requests';
import { progressUpdate1Report } from './report';

export const PROGRESS_UPDATE_1 = 'PROGRESS_UPDATE_1_P3';
export const PROGRESS_UPDATE_1_SUBMIT = 'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT';
export const SAVE_PROGRESS_UPDATE_1 = 'PROGRESS_UPDATE_1_P3_SAVE_APPLICATION_SUBMIT';
export const SUBMIT_PROGRESS_UPDATE_1 = 'PROGRESS_UPDATE_1_P3_SUBMIT_APPLICATION';
export const CANCEL_PROGRESS_UPDATE_1 = 'PROGRESS_UPDATE_1_CANCEL_APPLICATION';
export const REINITIATE_PROGRESS_UPDATE_1 = 'RE_INITIATE_PROGRESS_UPDATE_1_P3';

export const progressUpdate1Process = defineProcess({
  requestType: PROGRESS_UPDATE_1,
  workflowType: 'progressUpdate1P3',
  requestId: (accountId: number) => requestId(PROGRESS_UPDATE_1, accountId),
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_PROGRESS_UPDATE_1_APPLICATION_SUBMIT_EXECUTE_TASK',
    payload: progressUpdateCreatePayload,
    windowed: true,
    rule: ({ statuses, inWindow }) => {
      if (activeStatus(statuses[PROGRESS_UPDATE_1])) return { valid: false, requests: [PROGRESS_UPDATE_1] };
      if (!inWindow) return { valid: false };
      if (statuses.ACTION_PLAN_P3 === 'IN_PROGRESS') return { valid: false, requests: ['ACTION_PLAN_P3'] };
      if (activeStatus(statuses.PROGRESS_UPDATE_2_P3)) return { valid: false, requests: ['PROGRESS_UPDATE_2_P3'] };
      // No action plan to start from: only as a disaggregated undertaking.
      if (absent(statuses.ACTION_PLAN_P3)) return { valid: true, requests: ['ACTION_PLAN_P3'] };
      return { valid: true };
    },
    admits: (payload, availability) => (payload as ProgressUpdateCreate).isDisaggregateUndertaking || !availability.requests?.includes('ACTION_PLAN_P3'),
  },
  reinitiate: {
    actionType: REINITIATE_PROGRESS_UPDATE_1,
    permission: 'PERM_PROGRESS_UPDATE_1_APPLICATION_RE_INITIATE_TASK',
    timeline: 'PROGRESS_UPDATE_1_P3_APPLICATION_RE_INITIATED',
    blockedBy: (statuses) => activeStatus(statuses.PROGRESS_UPDATE_2_P3),
  },
  dueDate: { taskType: PROGRESS_UPDATE_1_SUBMIT, changePermission: 'PERM_PROGRESS_UPDATE_1_APPLICATION_RE_INITIATE_TASK' },
  tasks: {
    [PROGRESS_UPDATE_1_SUBMIT]: reportSubmitTask(taskAccess.PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT, progressUpdate1Report, {
      save: SAVE_PROGRESS_UPDATE_1,
      submit: SUBMIT_PROGRESS_UPDATE_1,
      cancel: CANCEL_PROGRESS_UPDATE_1,
      submitted: 'PROGRESS_UPDATE_1_P3_APPLICATION_SUBMITTED',
      cancelled: 'PROGRESS_UPDATE_1_APPLICATION_CANCELLED',
      window: { code: 'PU11002', message: 'Invalid Submission Date' },
      invalid: { code: 'PU11003', message: 'Invalid Progress Update 1' },
    }),
  },
});
