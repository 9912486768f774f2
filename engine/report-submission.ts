// The program of the action plan and the progress updates (reference workflows §8.1, §9.1, §10.1):
// one submit task, due on the report's statutory date (the API passes the deadline), until it is
// submitted or cancelled. A submission is kept as the account's report and receipted by e-mail.
import type { ReportActivities } from '../activities/reports';
import type { RequestType } from '../domain/requests';
import type { RequestProgram } from './request-engine';
import type { RequestInput } from '../domain/request-messages';
import { fileSubmissionDocument } from './submission-document';
import { stepActivities } from './activity-proxies';

const reports = stepActivities<ReportActivities>();

export function reportTaskProgram(input: RequestInput, task: { type: string; cancel: string }, start: () => Promise<Record<string, unknown>>): RequestProgram {
  const accountId = input.accountId!;
  const requestType = input.requestType as RequestType;
  return async (ctx) => {
    // A report returned for changes starts from what was submitted.
    const payload = input.payload?.report ? input.payload : await start();
    const done = await ctx.userTask({ taskType: task.type, payload });
    // Cancelling the changes to a returned report leaves the submitted one in force.
    if (done.actionType === task.cancel) return input.reinitiated ? 'COMPLETED' : 'CANCELLED';
    await reports.storeSubmittedReport({ requestId: input.requestId, accountId, requestType, payload: done.saved, submittedBy: done.by.userId, submittedAt: done.at });
    await reports.sendSubmissionReceipt({ taskId: done.taskId, requestId: input.requestId, requestType, submittedBy: done.by.userId });
    await fileSubmissionDocument(input.requestId, `${requestType}_APPLICATION_SUBMITTED`);
    return 'COMPLETED';
  };
}

export const progressUpdateStart = (input: RequestInput) =>
  reports.progressUpdateStart({
    accountId: input.accountId!,
    requestType: input.requestType as 'PROGRESS_UPDATE_1_P3' | 'PROGRESS_UPDATE_2_P3',
    isDisaggregateUndertaking: (input.payload as { isDisaggregateUndertaking?: boolean } | undefined)?.isDisaggregateUndertaking === true,
  });
