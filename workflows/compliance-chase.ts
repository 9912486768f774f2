// A chase (issue 29): reminds the organisations of one list, ten at a time, each send one local
// activity call whose writes are keyed by chase and account (activities/compliance-chases.ts), so a
// worker that dies half-way leaves the rest to the next worker and no organisation gets two e-mails.
// Its id is chaseWorkflowId (`compliance-chase-{id}`), so the Temporal UI finds it.
import { proxyLocalActivities } from '@temporalio/workflow';
import type { ChaseSend, ComplianceChaseActivities } from '../activities/compliance-chases';

const { chaseAccounts, sendChaseReminders, finishChase } = proxyLocalActivities<ComplianceChaseActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

const CHASE_BATCH = 10;

export async function complianceChase(args: Omit<ChaseSend, 'accountIds'>): Promise<{ reminded: number }> {
  const accounts = await chaseAccounts({ chaseId: args.chaseId });
  let reminded = 0;
  for (let i = 0; i < accounts.length; i += CHASE_BATCH) {
    const outcomes = await sendChaseReminders({ ...args, accountIds: accounts.slice(i, i + CHASE_BATCH) });
    reminded += Object.values(outcomes).filter((o) => o === 'SENT').length;
  }
  await finishChase({ chaseId: args.chaseId });
  return { reminded };
}
