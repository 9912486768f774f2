// PROGRESS_UPDATE_2_P3 (reference workflows §10.1, start rules §5): as progress update 1, starting
// from the submitted progress update 1. Without one, only a disaggregated undertaking starts it. A
// regulator may return it for changes. Due on 5 December 2026 (ours).
import { defineProcess } from '../registry';
import { taskAccess } from '../task-access';
import { absent, activeStatus, progressUpdateCreatePayload, reportSubmitTask, type ProgressUpdateCreate } from '../report-task';
import { requestId } from '../../domain/requests';
import { progressUpdate2Report } from './report';

export const PROGRESS_UPDATE_2 = 'PROGRESS_UPDATE_2_P3';
export const PROGRESS_UPDATE_2_SUBMIT = 'PROGRESS_UPDATE_2_P3_APPLICATION_SUBMIT';
export const SAVE_PROGRESS_UPDATE_2 = 'PROGRESS_UPDATE_2_P3_SAVE_APPLICATION_SUBMIT';
export const SUBMIT_PROGRESS_UPDATE_2 = 'PROGRESS_UPDATE_2_P3_SUBMIT_APPLICATION';
export const CANCEL_PROGRESS_UPDATE_2 = 'PROGRESS_UPDATE_2_CANCEL_APPLICATION';
export const REINITIATE_PROGRESS_UPDATE_2 = 'RE_INITIATE_PROGRESS_UPDATE_2_P3';

export const progressUpdate2Process = defineProcess({
  requestType: PROGRESS_UPDATE_2,
  workflowType: 'progressUpdate2P3',
  requestId: (accountId: number) => requestId(PROGRESS_UPDATE_2, accountId),
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_PROGRESS_UPDATE_2_APPLICATION_SUBMIT_EXECUTE_TASK',
    payload: progressUpdateCreatePayload,
    windowed: true,
    rule: ({ statuses, inWindow }) => {
      const ap = statuses.ACTION_PLAN_P3;
      const pu1 = statuses.PROGRESS_UPDATE_1_P3;
      if (activeStatus(statuses[PROGRESS_UPDATE_2])) return { valid: false, requests: [PROGRESS_UPDATE_2] };
      if (!inWindow) return { valid: false };
      if (ap === 'IN_PROGRESS' || pu1 === 'IN_PROGRESS' || (ap === 'COMPLETED' && pu1 !== 'COMPLETED')) return { valid: false, requests: ['PROGRESS_UPDATE_1_P3'] };
      // No progress update 1 to start from: only as a disaggregated undertaking.
      if (absent(pu1)) return { valid: true, requests: ['PROGRESS_UPDATE_1_P3'] };
      // A progress update 1 of a disaggregated undertaking (no action plan): it may start from it.
      if (absent(ap)) return { valid: true, requests: ['ACTION_PLAN_P3'] };
      return { valid: true };
    },
    admits: (payload, availability) => (payload as ProgressUpdateCreate).isDisaggregateUndertaking || !availability.requests?.includes('PROGRESS_UPDATE_1_P3'),
  },
  reinitiate: {
    actionType: REINITIATE_PROGRESS_UPDATE_2,
    permission: 'PERM_PROGRESS_UPDATE_2_APPLICATION_RE_INITIATE_TASK',
    timeline: 'PROGRESS_UPDATE_2_P3_APPLICATION_RE_INITIATED',
  },
  dueDate: { taskType: PROGRESS_UPDATE_2_SUBMIT, changePermission: 'PERM_PROGRESS_UPDATE_2_APPLICATION_RE_INITIATE_TASK' },
  tasks: {
    [PROGRESS_UPDATE_2_SUBMIT]: reportSubmitTask(taskAccess.PROGRESS_UPDATE_2_P3_APPLICATION_SUBMIT, progressUpdate2Report, {
      save: SAVE_PROGRESS_UPDATE_2,
      submit: SUBMIT_PROGRESS_UPDATE_2,
      cancel: CANCEL_PROGRESS_UPDATE_2,
      submitted: 'PROGRESS_UPDATE_2_P3_APPLICATION_SUBMITTED',
      cancelled: 'PROGRESS_UPDATE_2_APPLICATION_CANCELLED',
      window: { code: 'PU11002', message: 'Invalid Submission Date' },
      invalid: { code: 'PU21004', message: 'Invalid Progress Update 2' },
    }),
  },
});
