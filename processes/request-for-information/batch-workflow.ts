// A request for information sent to a compliance overview list (issue 30): ten organisations per
// step, each step a local activity that decides their outcomes and reserves the request ids of
// those to ask (batch-activities.ts), then each request started as a child workflow whose id
// is its request id, abandoned to run on its own. A start is in the batch's history once, so a worker
// that dies half-way never starts an organisation's request twice. Id: rfiBatchWorkflowId.
import { ParentClosePolicy, proxyLocalActivities, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { RfiBatchActivities } from './batch-activities';
import type { Actor } from '../../domain/request-messages';
import { AccountId, CompetentAuthority, RequestType } from '../../domain/search-attributes';

const { rfiBatchAccounts, planRfiStarts, recordRfiStarts, finishRfiBatch } = proxyLocalActivities<RfiBatchActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

const STEP = 10;

export async function rfiBatch(args: { batchId: number; by: Actor }): Promise<{ started: number }> {
  const accounts = await rfiBatchAccounts({ batchId: args.batchId });
  let started = 0;
  for (let i = 0; i < accounts.length; i += STEP) {
    const plans = await planRfiStarts({ batchId: args.batchId, accountIds: accounts.slice(i, i + STEP), by: args.by });
    const outcomes: Record<number, 'STARTED' | 'NOT_STARTED'> = {};
    await Promise.all(
      plans.map(async ({ accountId, outcome, input }) => {
        if (outcome !== 'STARTING' || !input) return;
        try {
          await startChild('requestForInformation', {
            workflowId: input.requestId,
            args: [input],
            parentClosePolicy: ParentClosePolicy.ABANDON,
            typedSearchAttributes: [
              { key: RequestType, value: input.requestType },
              { key: AccountId, value: String(accountId) },
              { key: CompetentAuthority, value: input.competentAuthority! },
            ],
          });
          outcomes[accountId] = 'STARTED';
          started++;
        } catch (err) {
          // The id was taken meanwhile (a regulator started one on the account page at that moment).
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
          outcomes[accountId] = 'NOT_STARTED';
        }
      }),
    );
    if (Object.keys(outcomes).length) await recordRfiStarts({ batchId: args.batchId, outcomes });
  }
  await finishRfiBatch({ batchId: args.batchId });
  return { started };
}
