// Role and permissions of every task type of the scheme (reference: real-service-workflows.md §2).
// The work-item lists and the task page use it for task types whose process is not written yet too.
import type { TaskType } from '../domain/requests';
import type { TaskAccess } from '../domain/process-definition';

export const taskAccess: Record<TaskType, TaskAccess> = {
  ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW: {
    roleType: 'REGULATOR',
    view: 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK',
    execute: 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_EXECUTE_TASK',
  },
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMIT: {
    roleType: 'OPERATOR',
    view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
    execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
  },
  NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_EDIT: {
    roleType: 'OPERATOR',
    view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_VIEW_TASK',
    execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_EDIT_EXECUTE_TASK',
  },
  // The submitter waits while someone else edits: covered by the submit permissions (reference §2).
  NOTIFICATION_OF_COMPLIANCE_P3_WAIT_FOR_EDIT: {
    roleType: 'OPERATOR',
    view: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_VIEW_TASK',
    execute: 'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_SUBMIT_EXECUTE_TASK',
  },
  ACTION_PLAN_P3_APPLICATION_SUBMIT: {
    roleType: 'OPERATOR',
    view: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_VIEW_TASK',
    execute: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
  },
  PROGRESS_UPDATE_1_P3_APPLICATION_SUBMIT: {
    roleType: 'OPERATOR',
    view: 'PERM_PROGRESS_UPDATE_1_APPLICATION_SUBMIT_VIEW_TASK',
    execute: 'PERM_PROGRESS_UPDATE_1_APPLICATION_SUBMIT_EXECUTE_TASK',
  },
  PROGRESS_UPDATE_2_P3_APPLICATION_SUBMIT: {
    roleType: 'OPERATOR',
    view: 'PERM_PROGRESS_UPDATE_2_APPLICATION_SUBMIT_VIEW_TASK',
    execute: 'PERM_PROGRESS_UPDATE_2_APPLICATION_SUBMIT_EXECUTE_TASK',
  },
  // Only the closure permission exists for this task: it both shows and allows it.
  ACCOUNT_CLOSURE_SUBMIT: { roleType: 'REGULATOR', view: 'PERM_ACCOUNT_CLOSURE_SUBMIT', execute: 'PERM_ACCOUNT_CLOSURE_SUBMIT' },
};
