// The engine's writes to the projection (activities/requests.ts) as the workflow calls them, shared
// by the lifecycle, the handlers and the user tasks; and the patch that merged two of those writes.
// The proxy is made once, here: every call through it is a command in the recorded histories.
import { ActivityCancellationType } from '@temporalio/workflow';
import type { RequestActivities } from '../activities/requests';
import { stepActivities } from './activity-proxies';

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
