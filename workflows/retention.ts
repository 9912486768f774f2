// Data retention: started by the `esos-data-retention` schedule (infra/retention-schedule.ts, daily
// by default), or by hand with { dryRun: true } to see what would go. The work is one activity
// (activities/retention.ts); the workflow's result lists what was (or would be) deleted.
import { proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention';
import type { RetentionResult } from '../domain/retention';

const { applyDataRetention } = proxyActivities<RetentionActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

export async function dataRetention(args: { dryRun?: boolean } = {}): Promise<RetentionResult> {
  return applyDataRetention({ dryRun: !!args.dryRun });
}
