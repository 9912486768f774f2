// The engine's writes to the projection (activities/requests.ts) as the workflow calls them, shared
// by the lifecycle, the handlers and the user tasks; the patch that merged two of those writes, and
// the one that makes a person's update durable before any of its writes.
// The proxy is made once, here: every call through it is a command in the recorded histories.
import { ActivityCancellationType, patched, proxyActivities } from '@temporalio/workflow';
import type { RequestActivities } from '../activities/requests';
import { retry, stepActivities } from './activity-proxies';

export const requestActivities = stepActivities<RequestActivities>({
  // A terminated request waits for a running activity to finish, so no task row appears after the
  // request's tasks were closed.
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
});

/**
 * A task's closing and its timeline entry are one activity (one transaction), as are a request's
 * row and its first timeline entry: two local activities fewer per journey. Behind a patch, so
 * requests recorded with the separate writes replay as they ran.
 */
export const ONE_WRITE_PATCH = 'one-write-per-transition';

/**
 * An update (a person's action on a task, an assignment, a new due date) is durable only once the
 * workflow task that accepted it is completed on the Temporal server. Its writes are local
 * activities, which run inside that same workflow task: had the server been lost before the task
 * completed, the projection would show the update's effect (the task closed, the timeline entry)
 * while the restarted server no longer had the update, and the request would wait for ever on a
 * task nobody can see (the fault run found it: docs/testing.md).
 *
 * So each update's first write waits for an activity that does nothing, run as a remote activity:
 * scheduling it ends the workflow task that carries the acceptance, and the writes run in the next
 * one. Lost before that, the update left nothing a person can see and the caller asks again; lost
 * after, the history holds it and the retried workflow task writes it (every write is idempotent by
 * its step key). One more activity and workflow task per update, a few milliseconds; a timer would
 * do the same, but the Temporal server fires timers on a clock of about a second, and every action
 * took a second longer with one. Behind a patch, so requests recorded without it replay as they ran.
 */
export const DURABLE_UPDATE_PATCH = 'update-durable-before-its-writes';

// It takes milliseconds: a worker that dies while it runs costs the action this long, then a retry.
const acceptance = proxyActivities<Pick<RequestActivities, 'updateAccepted'>>({
  startToCloseTimeout: '5 seconds',
  retry,
});

export async function untilUpdateDurable(): Promise<void> {
  if (patched(DURABLE_UPDATE_PATCH)) await acceptance.updateAccepted();
}
