// How the workflows call their activities. Each is short (a few database statements: open a task,
// close it, record the timeline entry, change the account; or a submission's PDF, well under a
// second), so they run as local activities: in the worker that runs the workflow task, recorded as
// one marker each, with no activity task and no extra workflow task per call. A journey went from 79 history events and 13 workflow tasks to a few dozen
// events and one workflow task per person's action (README, performance).
//
// The guarantees hold: a local activity is retried like any other, and one whose result was not
// recorded (its worker died first) runs again when the workflow task is retried, so every write
// stays idempotent by its step key (activities/requests.ts). Behind a patch, so requests recorded
// with remote activities replay as they ran; a running one takes the local path from its next step.
import { patched, proxyActivities, proxyLocalActivities, type ActivityOptions } from '@temporalio/workflow';

export const LOCAL_WRITES_PATCH = 'local-activity-writes';

/** How a workflow's activities are retried: from half a second, doubling, at most 30 s apart. */
export const retry = {
  initialInterval: '500 milliseconds',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
} as const;

/** The workflows' activities: local once the patch is in (30 s each, retried with backoff, unless told otherwise). */
export function stepActivities<A extends object>(
  options: Pick<ActivityOptions, 'cancellationType' | 'startToCloseTimeout' | 'retry'> = {},
): A {
  const remote = proxyActivities<A>({ startToCloseTimeout: '30 seconds', retry, ...options });
  const local = proxyLocalActivities<A>({ startToCloseTimeout: '30 seconds', retry, ...options });
  return new Proxy({} as A, {
    get: (_, name) =>
      typeof name === 'symbol' ? undefined : (patched(LOCAL_WRITES_PATCH) ? local : remote)[name as keyof A],
  });
}
