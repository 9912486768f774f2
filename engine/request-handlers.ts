// How the outside reaches a running request: the Updates a person's API call sends (an action on a
// task, an assignment, a new due date), the `settled` update and the `requestState` query by which
// the API waits for and reads the request's state, and the terminate signal. installRequestHandlers
// registers them all, in one order, before the run's first await: an update arriving before its
// handler exists is rejected.
//
// The assignment and due-date handlers write to the projection, so they take the run's lock
// (request-lock.ts) and leave the run at rest when done. A task action is only left in the inbox:
// the userTask waiting on its task applies it (user-tasks.ts), and the update answers once the run
// is at rest again.
import { condition, setHandler } from '@temporalio/workflow';
import { DUE_DATE_CHANGED } from '../domain/requests';
import {
  assignTaskUpdate,
  changeDueDateUpdate,
  requestStateQuery,
  settledUpdate,
  taskActionUpdate,
  terminateRequestSignal,
  type AssignArgs,
  type ChangeDueDateArgs,
  type RequestSnapshot,
  type TaskActionArgs,
} from '../domain/request-messages';
import { requestActivities, untilUpdateDurable } from './request-activities';
import type { OpenTask, RequestRun } from './request-run';
import { checkTaskAction, refusal, taskNotOpen } from './task-action-checks';

export function installRequestHandlers(run: RequestRun): void {
  setHandler(taskActionUpdate, (args) => queueTaskActionAndWait(run, args), {
    validator: (args) => void checkTaskAction(run.def, run.tasks, args),
  });
  setHandler(assignTaskUpdate, (args) => assignTask(run, args), { validator: (args) => checkAssignment(run, args) });
  setHandler(changeDueDateUpdate, (args) => changeDueDate(run, args), {
    validator: (args) => checkDueDateChange(run, args),
  });
  setHandler(settledUpdate, () => settled(run));
  setHandler(requestStateQuery, () => run.snapshot());
  setHandler(terminateRequestSignal, (args) => terminate(run, args));
}

/** Leaves the action for its task's userTask and answers with the request as it is when that applied it. */
async function queueTaskActionAndWait(run: RequestRun, args: TaskActionArgs): Promise<RequestSnapshot> {
  const pending = run.inbox.add(args);
  await condition(() => pending.done);
  if (pending.failure) throw pending.failure;
  return run.snapshot();
}

function checkAssignment(run: RequestRun, args: AssignArgs): void {
  const task = run.openTask(args.taskId);
  if (args.assignee === null && task.roleType !== 'REGULATOR')
    throw refusal('CANNOT_RELEASE', 'Operator tasks cannot be released');
}

/** Gives the task (and the request's other tasks of its role) to the assignee, or releases them. */
async function assignTask(run: RequestRun, args: AssignArgs): Promise<RequestSnapshot> {
  await run.lock.acquire();
  run.lock.handlerHolds();
  try {
    await untilUpdateDurable();
    const task = run.openTask(args.taskId);
    const assigned = tasksAssignedTogether(run, task);
    // The one who assigns is the audit trail's actor of the change (activities/audit-context.ts);
    // an extra argument leaves the workflow's commands as they were.
    await requestActivities.assignTasks({
      taskIds: assigned.map((t) => t.taskId),
      assignee: args.assignee,
      actor: args.actor,
    });
    for (const t of assigned) t.assignee = args.assignee;
    if (task.supporting) return run.snapshot();
    if (args.assignee) run.assignees[task.roleType] = args.assignee;
    else delete run.assignees[task.roleType];
    return run.snapshot();
  } finally {
    run.lock.handlerDone();
    run.rest();
  }
}

/**
 * The request's other open tasks of the same role follow (reference §3.4); a helper's task is
 * assigned on its own.
 */
function tasksAssignedTogether(run: RequestRun, task: OpenTask): OpenTask[] {
  return task.supporting
    ? [task]
    : [...run.tasks.values()].filter((t) => t.roleType === task.roleType && !t.supporting);
}

function checkDueDateChange(run: RequestRun, args: ChangeDueDateArgs): void {
  if (!run.tasks.has(args.taskId)) throw taskNotOpen();
  if (Number.isNaN(Date.parse(args.dueAt))) throw refusal('INVALID_PAYLOAD', 'Enter a real due date');
}

/**
 * A regulator moves a due date: the projection shows it, the timeline says so, and the task's wait
 * plans its reminders and overdue notice again for it (user-tasks.ts).
 */
async function changeDueDate(run: RequestRun, args: ChangeDueDateArgs): Promise<RequestSnapshot> {
  await run.lock.acquire();
  run.lock.handlerHolds();
  try {
    await untilUpdateDurable();
    const task = run.openTask(args.taskId);
    const previous = task.dueAt;
    await requestActivities.setTaskDueDate({ taskId: task.taskId, dueAt: args.dueAt, actor: args.actor });
    task.dueAt = args.dueAt;
    await requestActivities.recordRequestAction({
      key: run.stepKey(),
      requestId: run.input.requestId,
      type: DUE_DATE_CHANGED,
      details: { taskType: task.taskType, dueAt: args.dueAt, previousDueAt: previous },
      submitter: args.actor,
    });
    return run.snapshot();
  } finally {
    run.lock.handlerDone();
    run.rest();
  }
}

/** Answers once the run is at rest with no action waiting for a task it waits on. */
async function settled(run: RequestRun): Promise<RequestSnapshot> {
  await condition(() => run.lock.isFree() && !run.inbox.hasActionForAny(run.awaited));
  return run.snapshot();
}

/**
 * Ending the request from outside (an account closure): the program is cancelled wherever it waits,
 * and the lifecycle ends the request TERMINATED (request-engine.ts). Once only, and not after the
 * program has ended.
 */
function terminate(run: RequestRun, args: { reason: string }): void {
  if (run.termination || run.status !== 'IN_PROGRESS') return;
  run.termination = args;
  run.programScope.cancel();
}
