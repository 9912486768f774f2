// The task actions a request's workflow has accepted and not yet answered. A taskAction update
// does not change anything itself: it leaves its action here and waits; the userTask waiting on
// that task picks it up when it holds the lock, checks it again and closes the task (or refuses
// it). An applied action is answered only when the workflow is at rest again (the next task opened
// or the request ended), so the caller's next read of the lists shows its effect.
import type { ApplicationFailure } from '@temporalio/workflow';
import type { TaskActionArgs } from '../domain/request-messages';

export interface PendingTaskAction {
  args: TaskActionArgs;
  /** Answered: the update's handler returns (or throws `failure`). */
  done: boolean;
  failure?: ApplicationFailure;
}

export class TaskActionInbox {
  /** Accepted, waiting to be picked up, in the order they arrived. */
  private readonly waiting: PendingTaskAction[] = [];
  /** Picked up and applied, to be answered at the next rest. */
  private readonly applied: PendingTaskAction[] = [];

  add(args: TaskActionArgs): PendingTaskAction {
    const pending: PendingTaskAction = { args, done: false };
    this.waiting.push(pending);
    return pending;
  }

  hasActionFor(taskId: number): boolean {
    return this.waiting.some((p) => p.args.taskId === taskId);
  }

  hasActionForAny(taskIds: ReadonlySet<number>): boolean {
    return this.waiting.some((p) => taskIds.has(p.args.taskId));
  }

  /** Takes the first waiting action for the task (which the caller has seen there). */
  takeFor(taskId: number): PendingTaskAction {
    return this.waiting.splice(
      this.waiting.findIndex((p) => p.args.taskId === taskId),
      1,
    )[0];
  }

  /** Answers an action with a refusal, at once. */
  refuse(pending: PendingTaskAction, failure: ApplicationFailure): void {
    pending.failure = failure;
    pending.done = true;
  }

  /** An action was applied: it is answered at the next rest. */
  markApplied(pending: PendingTaskAction): void {
    this.applied.push(pending);
  }

  answerApplied(): void {
    for (const p of this.applied.splice(0)) p.done = true;
  }

  /** The request ended: every action still waiting is refused (each with a failure of its own). */
  refuseAllWaiting(failure: () => ApplicationFailure): void {
    for (const p of this.waiting.splice(0)) this.refuse(p, failure());
  }
}
