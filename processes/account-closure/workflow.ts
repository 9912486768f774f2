// ACCOUNT_CLOSURE on the engine (reference: workflows §11, with quirk 7 fixed: cancel is one
// transition to CANCELLED). Submitting closes the account, then ends every other open request of
// the account through its own workflow, which closes its tasks and records the termination.
import { getExternalWorkflowHandle } from '@temporalio/workflow';
import type { AccountActivities } from '../../activities/accounts';
import { accountClosureProcess, TERMINATED_BY_CLOSURE } from './process';
import { ACCOUNT_CLOSED, CANCEL_CLOSURE, CLOSURE_SUBMIT } from './codes';
import { runRequest } from '../../engine/request-engine';
import { terminateRequestSignal, type RequestInput } from '../../domain/request-messages';
import { fileSubmissionDocument } from '../../engine/submission-document';
import { stepActivities } from '../../engine/activity-proxies';

const accounts = stepActivities<AccountActivities>();

export async function accountClosure(input: RequestInput): Promise<string> {
  const accountId = input.accountId!;
  return runRequest(input, accountClosureProcess, async (ctx) => {
    const submitted = await ctx.userTask({ taskType: CLOSURE_SUBMIT });
    if (submitted.actionType === CANCEL_CLOSURE) return 'CANCELLED';
    const { accountClosure } = submitted.input as { accountClosure: { reason: string } };
    const others = await accounts.closeAccount({
      accountId,
      requestId: input.requestId,
      reason: accountClosure.reason,
      by: submitted.by,
    });
    for (const requestId of others) {
      try {
        await getExternalWorkflowHandle(requestId).signal(terminateRequestSignal, { reason: TERMINATED_BY_CLOSURE });
      } catch {
        // Its workflow has ended (or never ran) while the row still says IN_PROGRESS.
        await accounts.terminateStaleRequest({ requestId, reason: TERMINATED_BY_CLOSURE });
      }
    }
    await fileSubmissionDocument(input.requestId, ACCOUNT_CLOSED);
    return 'COMPLETED';
  });
}
