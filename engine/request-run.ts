// One run of a request's workflow, as one object: what the engine knows of the request (its open
// tasks, who is assigned per role, its status), the step key of its writes, its lock and its inbox
// of task actions, and the scope its program runs in. The lifecycle (request-engine.ts), the
// handlers (request-handlers.ts) and the user tasks (user-tasks.ts) share it.
import { CancellationScope, workflowInfo } from '@temporalio/workflow';
import type { ProcessDefinition, TaskRoleType } from '../domain/process-definition';
import type { OpenTaskView, RequestInput, RequestSnapshot } from '../domain/request-messages';
import { RequestLock } from './request-lock';
import { TaskActionInbox } from './task-action-inbox';
import { taskNotOpen } from './task-action-checks';

/** A task the request has open, as the engine keeps it. */
export interface OpenTask extends OpenTaskView {
  roleType: TaskRoleType;
  supporting: boolean;
  /** Reminders this long before the due time. */
  remindBeforeMs: number[];
}

export class RequestRun {
  readonly tasks = new Map<number, OpenTask>();
  /** The tasks a userTask() is waiting on (the settled update waits for their actions). */
  readonly awaited = new Set<number>();
  /** Per role, the request-level assignee: who a new task of the role is offered to first. */
  readonly assignees: Partial<Record<TaskRoleType, string>> = {};
  status = 'IN_PROGRESS';
  readonly lock = new RequestLock();
  readonly inbox = new TaskActionInbox();
  /** The program runs in it; a termination cancels it wherever the program waits. */
  readonly programScope = new CancellationScope();
  /** Set by the terminate signal, with its reason. */
  termination: { reason: string } | null = null;
  private steps = 0;

  constructor(
    readonly input: RequestInput,
    readonly def: ProcessDefinition,
  ) {
    Object.assign(this.assignees, input.assignees ?? {});
    if (input.startedBy) this.assignees[input.startedBy.roleType] = input.startedBy.userId;
  }

  /**
   * The key of the run's next write (`{runId}:{seq}`): the activities write once per key, so a
   * retried activity never duplicates a task or a timeline entry. Taken in the order the writes are
   * made, which is part of the recorded behaviour.
   */
  stepKey(): string {
    return `${workflowInfo().runId}:${++this.steps}`;
  }

  /** The task, or the TASK_NOT_OPEN refusal. */
  openTask(taskId: number): OpenTask {
    const task = this.tasks.get(taskId);
    if (!task) throw taskNotOpen();
    return task;
  }

  snapshot(): RequestSnapshot {
    return {
      requestId: this.input.requestId,
      status: this.status,
      tasks: [...this.tasks.values()].map(({ taskId, taskType, assignee, dueAt }) => ({
        taskId,
        taskType,
        assignee,
        dueAt,
      })),
    };
  }

  /** At rest (waiting for a person, or ended): the actions applied since are answered, the lock is free. */
  rest(): void {
    this.inbox.answerApplied();
    this.lock.release();
  }
}
