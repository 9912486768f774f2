// The e-mail dispatcher: one long-running workflow that drains the outbox table. Sending is an
// activity (retried by Temporal with backoff when the database or mail server is away); a signal
// wakes it as soon as a change queues a message, and a timer covers retries that fall due later.
import { condition, continueAsNew, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { EmailActivities } from '../activities/email';

export const emailQueuedSignal = defineSignal('emailQueued');
export const EMAIL_DISPATCHER_ID = 'email-outbox-dispatcher';

const { deliverDueEmails } = proxyActivities<EmailActivities>({
  startToCloseTimeout: '2 minutes',
  // A worker killed mid-batch is noticed in 20 s (the batch heartbeats per message), not 2 minutes.
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export async function emailOutboxDispatcher(options: { idlePollMs?: number; batchSize?: number } = {}): Promise<void> {
  const idlePollMs = options.idlePollMs ?? 60_000;
  let woken = false;
  setHandler(emailQueuedSignal, () => {
    woken = true;
  });
  // Keep the history short: start afresh after a few hundred rounds.
  for (let round = 0; round < 500; round++) {
    woken = false;
    const { sent, nextDueInMs } = await deliverDueEmails(options.batchSize ?? 20);
    if (sent > 0 && nextDueInMs === 0) continue;
    await condition(() => woken, Math.max(100, Math.min(nextDueInMs ?? idlePollMs, idlePollMs)));
  }
  await continueAsNew<typeof emailOutboxDispatcher>(options);
}
