// What every report's submission does, whatever its process (reference workflows §7.1, §8.1, §9.1,
// §10.1): it is kept as the account's report, dated by the submit action; the competent authority's
// team is told; and its document (the PDF of what was sent) is filed and e-mailed to the submitter.
// The action plan and the progress updates are one submit task until submitted or cancelled
// (reportTaskProgram); the notification has its review loop around the same submission.
import type { ReportActivities } from '../activities/reports';
import type { RequestProgram, Transition } from './request-engine';
import type { RequestInput } from '../domain/request-messages';
import type { ProcessDefinition } from '../domain/process-definition';
import { fileSubmissionDocument } from './submission-document';
import { stepActivities } from './activity-proxies';

const reports = stepActivities<ReportActivities>();

/** Keeps, receipts and documents a report's submission (`submitted`: the timeline entry its submit recorded). */
export async function submitReport(input: RequestInput, done: Transition, submitted: string): Promise<void> {
  const submission = { requestId: input.requestId, requestType: input.requestType, submittedBy: done.by.userId };
  await reports.storeSubmittedReport({
    ...submission,
    accountId: input.accountId!,
    draft: done.draft,
    submittedAt: done.at,
  });
  await reports.sendSubmissionReceipt({ ...submission, taskId: done.taskId });
  await fileSubmissionDocument(input.requestId, submitted);
}

/**
 * One submit task, due on the report's statutory date (the API passes the deadline), until it is
 * submitted or cancelled. A returned report restarts from what was submitted.
 */
export function reportTaskProgram(
  input: RequestInput,
  def: ProcessDefinition,
  task: { type: string; cancel: string; submitted: string },
): RequestProgram {
  return async (ctx) => {
    const draft = input.payload?.report ? input.payload : await reportStart(input, def);
    const done = await ctx.userTask({ taskType: task.type, draft });
    // Cancelling the changes to a returned report leaves the submitted one in force.
    if (done.actionType === task.cancel) return input.reinitiated ? 'COMPLETED' : 'CANCELLED';
    await submitReport(input, done, task.submitted);
    return 'COMPLETED';
  };
}

/**
 * A new report's first draft: empty, or copied from the account's earlier report when the process
 * starts from one (its `startsFrom`; none for a disaggregated undertaking).
 */
async function reportStart(input: RequestInput, def: ProcessDefinition): Promise<Record<string, unknown>> {
  if (!def.startsFrom) return { report: {}, sectionsCompleted: {} };
  return reports.progressUpdateStart({
    accountId: input.accountId!,
    requestType: input.requestType,
    isDisaggregateUndertaking:
      (input.payload as { isDisaggregateUndertaking?: boolean } | undefined)?.isDisaggregateUndertaking === true,
  });
}
