// NOTIFICATION_OF_COMPLIANCE_P3 on the engine (reference workflows §7.1): the Advanced user's
// task loops until it is submitted; 'Send for review' opens the Restricted user's review task and
// a waiting task for the Advanced user, and 'Return' brings the notification back to the submit
// task with the reviewer's changes. A submission is kept as the account's notification.
import type { ReportActivities } from '../../activities/reports';
import { NOTIFICATION_EDIT, NOTIFICATION_SUBMIT, NOTIFICATION_WAIT, SEND_NOTIFICATION_TO_EDIT, notificationProcess } from './process';
import { runRequest } from '../../engine/request-engine';
import { fileSubmissionDocument } from '../../engine/submission-document';
import type { RequestInput } from '../../domain/request-messages';
import { stepActivities } from '../../engine/activity-proxies';

const reports = stepActivities<ReportActivities>();

export async function notificationOfComplianceP3(input: RequestInput): Promise<string> {
  const accountId = input.accountId!;
  return runRequest(input, notificationProcess, async (ctx) => {
    // A re-initiated notification starts from what was submitted; a new one from the account.
    let payload: Record<string, unknown> = input.payload?.report ? input.payload : { report: {}, sectionsCompleted: {}, prefill: await reports.reportPrefill({ accountId }) };
    for (;;) {
      const submitted = await ctx.userTask({ taskType: NOTIFICATION_SUBMIT, payload });
      payload = submitted.saved;
      if (submitted.actionType !== SEND_NOTIFICATION_TO_EDIT) {
        await reports.storeSubmittedReport({ requestId: input.requestId, accountId, requestType: input.requestType, payload, submittedBy: submitted.by.userId });
        await fileSubmissionDocument(input.requestId, 'NOTIFICATION_OF_COMPLIANCE_P3_APPLICATION_SUBMITTED');
        return 'COMPLETED';
      }
      const { supportingOperator } = submitted.payload as { supportingOperator: string };
      const waiting = await ctx.openTask({ taskType: NOTIFICATION_WAIT, payload });
      const reviewed = await ctx.userTask({ taskType: NOTIFICATION_EDIT, payload, assignee: supportingOperator, supporting: true });
      await waiting.close();
      payload = reviewed.saved;
    }
  });
}
