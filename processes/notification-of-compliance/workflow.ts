// NOTIFICATION_OF_COMPLIANCE_P<n> on the engine (reference workflows §7.1): the Advanced user's
// task loops until it is submitted; 'Send for review' opens the Restricted user's review task and
// a waiting task for the Advanced user, and 'Return' brings the notification back to the submit
// task with the reviewer's changes. A submission takes the path of every report's
// (engine/report-submission.ts): kept dated by the submit action, receipted, documented.
import { patched } from '@temporalio/workflow';
import type { ReportActivities } from '../../activities/reports';
import { notificationProcessFor } from './process';
import { notificationCodes } from './codes';
import { phaseOfRequestType } from '../../domain/phases';
import { runRequest } from '../../engine/request-engine';
import { submitReport } from '../../engine/report-submission';
import { fileSubmissionDocument } from '../../engine/submission-document';
import type { RequestInput } from '../../domain/request-messages';
import { stepActivities } from '../../engine/activity-proxies';

const reports = stepActivities<ReportActivities>();

/**
 * Notifications submitted before it were stored with the moment the activity ran (not the submit
 * action's) and sent no receipt to the regulator's team; they replay as they ran.
 */
export const REPORT_SUBMISSION_PATCH = 'notification-report-submission';

/** Phase 3's notification, under the workflow name its histories were recorded with. */
export async function notificationOfComplianceP3(input: RequestInput): Promise<string> {
  return runNotification(input, 3);
}

/** A later phase's notification: the phase is its request type's ('…_P4'). */
export async function notificationOfCompliance(input: RequestInput): Promise<string> {
  const phase = phaseOfRequestType(input.requestType);
  if (phase === null) throw new Error(`${input.requestType} is not the notification of a phase`);
  return runNotification(input, phase);
}

async function runNotification(input: RequestInput, phase: number): Promise<string> {
  const accountId = input.accountId!;
  const {
    NOTIFICATION_EDIT,
    NOTIFICATION_SUBMIT,
    NOTIFICATION_SUBMITTED,
    NOTIFICATION_WAIT,
    SEND_NOTIFICATION_TO_EDIT,
  } = notificationCodes(phase);
  return runRequest(input, notificationProcessFor(phase), async (ctx) => {
    // A re-initiated notification starts from what was submitted; a new one from the account, and a
    // later phase's also from the phase before's notification of the account (carriesForward).
    let draft: Record<string, unknown> = input.payload?.report
      ? input.payload
      : { report: {}, sectionsCompleted: {}, prefill: await reports.reportPrefill({ accountId }) };
    if (phase > 3 && !input.payload?.report) {
      const carried = await reports.carriedReport({ accountId, requestType: input.requestType });
      if (carried) draft = { ...carried, prefill: draft.prefill };
    }
    for (;;) {
      const submitted = await ctx.userTask({ taskType: NOTIFICATION_SUBMIT, draft });
      draft = submitted.draft;
      if (submitted.actionType !== SEND_NOTIFICATION_TO_EDIT) {
        if (patched(REPORT_SUBMISSION_PATCH)) {
          await submitReport(input, submitted, NOTIFICATION_SUBMITTED);
        } else {
          await reports.storeSubmittedReport({
            requestId: input.requestId,
            accountId,
            requestType: input.requestType,
            draft,
            submittedBy: submitted.by.userId,
          });
          await fileSubmissionDocument(input.requestId, NOTIFICATION_SUBMITTED);
        }
        return 'COMPLETED';
      }
      const { supportingOperator } = submitted.input as { supportingOperator: string };
      const waiting = await ctx.openTask({ taskType: NOTIFICATION_WAIT, draft });
      const reviewed = await ctx.userTask({
        taskType: NOTIFICATION_EDIT,
        draft,
        assignee: supportingOperator,
        supporting: true,
      });
      await waiting.close();
      draft = reviewed.draft;
    }
  });
}
