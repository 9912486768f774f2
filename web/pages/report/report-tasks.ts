// The report task types the SPA shows as a task list of sections (reference workflows §3.6): for
// each, its report definition, the actions its pages post and the texts they show. A new report
// adds an entry here; every page comes from its definition.
import type { ReportDefinition } from '../../../domain/reports/report';
import { notificationReport } from '../../../processes/notification-of-compliance/report';
import {
  NOTIFICATION_EDIT,
  NOTIFICATION_SUBMIT,
  NOTIFICATION_WAIT,
  RETURN_NOTIFICATION,
  SAVE_NOTIFICATION,
  SAVE_NOTIFICATION_EDIT,
  SEND_NOTIFICATION_TO_EDIT,
  SUBMIT_NOTIFICATION,
} from '../../../processes/notification-of-compliance/process';
import { ACTION_PLAN_SUBMIT, CANCEL_ACTION_PLAN, SAVE_ACTION_PLAN, SUBMIT_ACTION_PLAN } from '../../../processes/action-plan/process';
import { CANCEL_PROGRESS_UPDATE_1, PROGRESS_UPDATE_1_SUBMIT, SAVE_PROGRESS_UPDATE_1, SUBMIT_PROGRESS_UPDATE_1 } from '../../../processes/progress-update-1/process';
import { CANCEL_PROGRESS_UPDATE_2, PROGRESS_UPDATE_2_SUBMIT, SAVE_PROGRESS_UPDATE_2, SUBMIT_PROGRESS_UPDATE_2 } from '../../../processes/progress-update-2/process';
import { actionPlanReport } from '../../../processes/action-plan/report';
import { progressUpdate1Report } from '../../../processes/progress-update-1/report';
import { progressUpdate2Report } from '../../../processes/progress-update-2/report';

export interface ReportTexts {
  /** 'notification', 'action plan': in sentences. */
  name: string;
  submitted: { panel: string; body: (authority: string) => string };
  submitConfirm: string[];
  sendForReview?: { heading: string; select: string; texts: string[]; panel: (name: string) => string; body: string };
  returnToSubmit?: { caption: string; heading: string; text: string; panel: string; body: string };
  /** Shown while it waits for someone else's review. */
  waiting?: string;
}

export interface ReportTask {
  definition: ReportDefinition;
  /** SAVE of a section; absent: the task shows the report read-only. */
  save?: string;
  submit?: string;
  sendForReview?: string;
  /** The task type of the review that 'Send for review' opens (whose candidates may be chosen). */
  reviewTask?: string;
  returnToSubmit?: string;
  /** Cancels the task (reference §3.7: the action plan and progress updates, not the notification). */
  cancel?: string;
  texts: ReportTexts;
}

const notificationTexts: ReportTexts = {
  name: 'notification',
  submitted: {
    panel: 'Notification sent to regulator',
    body: (authority) => `The notification has been sent to ${authority}. Contact your regulator if you need to make any updates to the notification.`,
  },
  submitConfirm: [
    'Your notification will be sent directly to your regulator.',
    "By selecting 'Confirm and send' you confirm that the information in your notification is correct to the best of your knowledge.",
  ],
  sendForReview: {
    heading: 'Send notification for review',
    select: 'Select a user to edit notification details',
    texts: [
      "By selecting 'Confirm and send', you confirm that this notification will be sent to another user who can edit the notification details.",
      'Once you send this notification, you will not be able to make any changes unless it is returned to you.',
    ],
    panel: (name) => `The notification has been sent to ${name}`,
    body: 'The notification has been sent to the selected user for review. Once this user has reviewed the notification it will be returned to you.',
  },
  returnToSubmit: {
    caption: 'Return notification',
    heading: 'Are you sure you want to return the notification?',
    text: 'You will not be able to make any changes after returning the notification.',
    panel: 'Notification has been returned',
    body: 'The notification has been returned to the user responsible for submitting it.',
  },
  waiting: 'Waiting for review. You cannot make any changes.',
};

/** The texts of a report that is submitted straight to the regulator (action plan, progress updates). */
function submittedTexts(name: string, panel: string): ReportTexts {
  return {
    name,
    submitted: { panel, body: (authority) => `The ${name} has been sent to ${authority}. Contact your regulator if you need to make any updates to the ${name}.` },
    submitConfirm: [
      `Your ${name} will be sent directly to your regulator.`,
      `By selecting 'Confirm and send' you confirm that the information in your ${name} is correct to the best of your knowledge.`,
    ],
  };
}

export const reportTasks: Record<string, ReportTask> = {
  [ACTION_PLAN_SUBMIT]: { definition: actionPlanReport, save: SAVE_ACTION_PLAN, submit: SUBMIT_ACTION_PLAN, cancel: CANCEL_ACTION_PLAN, texts: submittedTexts('action plan', 'Action plan sent to regulator') },
  [PROGRESS_UPDATE_1_SUBMIT]: { definition: progressUpdate1Report, save: SAVE_PROGRESS_UPDATE_1, submit: SUBMIT_PROGRESS_UPDATE_1, cancel: CANCEL_PROGRESS_UPDATE_1, texts: submittedTexts('progress update 1', 'Progress Update 1 sent to regulator') },
  [PROGRESS_UPDATE_2_SUBMIT]: { definition: progressUpdate2Report, save: SAVE_PROGRESS_UPDATE_2, submit: SUBMIT_PROGRESS_UPDATE_2, cancel: CANCEL_PROGRESS_UPDATE_2, texts: submittedTexts('progress update 2', 'Progress Update 2 sent to regulator') },
  [NOTIFICATION_SUBMIT]: { definition: notificationReport, save: SAVE_NOTIFICATION, submit: SUBMIT_NOTIFICATION, sendForReview: SEND_NOTIFICATION_TO_EDIT, reviewTask: NOTIFICATION_EDIT, texts: notificationTexts },
  [NOTIFICATION_EDIT]: { definition: notificationReport, save: SAVE_NOTIFICATION_EDIT, returnToSubmit: RETURN_NOTIFICATION, texts: notificationTexts },
  [NOTIFICATION_WAIT]: { definition: notificationReport, texts: notificationTexts },
};

export const reportTaskOf = (taskType: string): ReportTask | undefined => (Object.hasOwn(reportTasks, taskType) ? reportTasks[taskType] : undefined);

/** The report definitions by request type, for the read-only view of what was submitted. */
export const reportsByRequestType: Record<string, ReportDefinition> = {
  NOTIFICATION_OF_COMPLIANCE_P3: notificationReport,
  ACTION_PLAN_P3: actionPlanReport,
  PROGRESS_UPDATE_1_P3: progressUpdate1Report,
  PROGRESS_UPDATE_2_P3: progressUpdate2Report,
};
