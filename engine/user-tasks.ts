// A person's part in a request. userTask() opens a task in the projection, waits for the person's
// action (sending the task's reminders and overdue notice on durable timers meanwhile), checks the
// action again, closes the task with its timeline entry and returns the Transition; the program
// then decides what comes next. openTaskWithoutWaiting() opens a task the program closes itself.
//
// The awaits here are the steps of the recorded histories (test/histories/): the activities, the
// conditions, the timers and the patch come in the order the engine has always made them. The
// helpers below are synchronous, or hand back the very promise userTask awaits, so they add no step
// and no await of their own.
import { ActivityFailure, ApplicationFailure, condition, patched } from '@temporalio/workflow';
import type { ClosingActionArgs, RecordActionArgs } from '../activities/requests';
import type { TaskDeadline, TaskTypeDefinition } from '../domain/process-definition';
import type { ActingUser, Actor, RequestInput } from '../domain/request-messages';
import { ONE_WRITE_PATCH, requestActivities, untilUpdateDurable } from './request-activities';
import type { OpenedTask, Transition, UserTaskSpec } from './request-program';
import type { OpenTask, RequestRun } from './request-run';
import type { PendingTaskAction } from './task-action-inbox';
import { checkTaskAction, refusal, taskNotOpen } from './task-action-checks';
import { OVERDUE, TaskNotices } from './task-notices';

/**
 * Opens the task and waits for its transition. Each turn of the loop rests (the lock free, applied
 * actions answered), waits to be woken or for the next notice's time, takes the lock, and then
 * plans the notices again for a moved due date, or sends the notice whose time came, or picks up
 * the person's action: checked again, it closes the task (unless saved since: STALE_TASK) and
 * becomes the Transition.
 */
export async function userTask(run: RequestRun, spec: UserTaskSpec): Promise<Transition> {
  return (await waitForTransition(run, spec, { alongside: [], expires: false }))!;
}

/**
 * Opens the task and waits for the first transition on it or on the `alongside` tasks (opened
 * before with openTaskWithoutWaiting), until the task's due time: then it closes them all and
 * answers null (the task expired). A transition closes the others too.
 */
export async function userTaskUntilDue(
  run: RequestRun,
  spec: UserTaskSpec,
  alongside: number[],
): Promise<Transition | null> {
  return waitForTransition(run, spec, { alongside, expires: true });
}

async function waitForTransition(
  run: RequestRun,
  spec: UserTaskSpec,
  options: { alongside: number[]; expires: boolean },
): Promise<Transition | null> {
  const { task } = await openUserTask(run, spec);
  const notices = new TaskNotices(task);
  const taskIds = [task.taskId, ...options.alongside];
  const withAction = () => taskIds.find((id) => run.inbox.hasActionFor(id));
  // Woken by an action for the task, or by its due date moving (a handler changed it).
  const woken = () => withAction() !== undefined || notices.moved();
  const expired = async () => {
    for (const id of taskIds) await closeWithoutTransition(run, id);
    return null;
  };
  for (const id of taskIds) run.awaited.add(id);
  try {
    if (options.expires && notices.next?.kind === OVERDUE && notices.next.at <= Date.now()) return await expired();
    await notices.sendOverdueNow();
    for (;;) {
      run.rest();
      const arrived = await wokenOrNoticeDue(notices, woken);
      await run.lock.acquire();
      if (notices.moved()) {
        notices.rearm();
        if (options.expires && notices.next?.kind === OVERDUE && notices.next.at <= Date.now()) return await expired();
        await notices.sendOverdueNow();
        continue;
      }
      if (!arrived) {
        // The due time came with no transition: an expiring task ends instead of being overdue.
        if (options.expires && notices.next?.kind === OVERDUE) return await expired();
        await notices.sendNext();
        continue;
      }
      // Woken by a due date that moved and moved back before the lock was free: nothing to pick up.
      const actedOn = withAction();
      if (actedOn === undefined) continue;
      // Cancelled while it waits (a termination), the action is still in the inbox, refused at the end.
      await untilUpdateDurable();
      const pending = run.inbox.takeFor(actedOn);
      const checked = checkAtPickUp(run, pending);
      if (!checked) continue;
      const by = actorOf(pending.args.actor);
      const action = run.def.tasks[run.openTask(actedOn).taskType].actions[pending.args.actionType];
      const oneWrite = patched(ONE_WRITE_PATCH);
      const timeline =
        oneWrite && action.timeline
          ? closingEntry(run, action.timeline, checked.input, !!action.snapshot, by)
          : undefined;
      let draft: Record<string, unknown>;
      try {
        // `by` credits the closing to whoever acted, in the audit trail, also when no timeline entry goes with it.
        draft =
          (await requestActivities.closeTask({ taskId: actedOn, version: pending.args.version, timeline, by })) ?? {};
      } catch (err) {
        // Saved again since the API checked it: the caller must look at it afresh.
        if (!isStaleTask(err)) throw err;
        run.inbox.refuse(pending, refusal('STALE_TASK', err.cause.message));
        continue;
      }
      run.tasks.delete(actedOn);
      // The same action sent again before this one was applied (a retry, a double click) finds the task closed.
      refuseActionsFor(run, actedOn);
      if (!oneWrite && action.timeline)
        await requestActivities.recordRequestAction(
          transitionEntry(run, action.timeline, action.snapshot ? draft : checked.input, by),
        );
      // The tasks waited on together end with the first transition on any of them.
      for (const id of taskIds) if (id !== actedOn) await closeWithoutTransition(run, id);
      run.inbox.markApplied(pending);
      return {
        taskId: actedOn,
        actionType: pending.args.actionType,
        input: checked.input,
        by,
        draft,
        at: pending.args.at ?? new Date().toISOString(),
      };
    }
  } finally {
    for (const id of taskIds) run.awaited.delete(id);
  }
}

/** Closes an open task with no transition (no timeline entry); actions that arrived for it meanwhile are refused. */
async function closeWithoutTransition(run: RequestRun, taskId: number): Promise<void> {
  if (!run.tasks.has(taskId)) return;
  await requestActivities.closeTask({ taskId });
  run.tasks.delete(taskId);
  refuseActionsFor(run, taskId);
}

/** Actions still waiting for a task that has closed are refused: it is no longer open. */
function refuseActionsFor(run: RequestRun, taskId: number): void {
  while (run.inbox.hasActionFor(taskId)) run.inbox.refuse(run.inbox.takeFor(taskId), taskNotOpen());
}

export async function openTaskWithoutWaiting(run: RequestRun, spec: UserTaskSpec): Promise<OpenedTask> {
  const { task } = await openUserTask(run, spec);
  return {
    taskId: task.taskId,
    close: async () => {
      await requestActivities.closeTask({ taskId: task.taskId });
      run.tasks.delete(task.taskId);
    },
  };
}

/**
 * Opens the task's row (offered first to the spec's assignee, else the request-level assignee of
 * its role) and keeps it among the run's open tasks. Whoever gets a main task becomes the
 * request-level assignee of the role.
 */
async function openUserTask(
  run: RequestRun,
  spec: UserTaskSpec,
): Promise<{ task: OpenTask; taskDef: TaskTypeDefinition }> {
  const { input, def } = run;
  const taskDef = def.tasks[spec.taskType];
  if (!taskDef)
    throw ApplicationFailure.create({
      type: 'UNKNOWN_TASK_TYPE',
      message: `${spec.taskType} is not a task of ${def.requestType}`,
      nonRetryable: true,
    });
  const deadline = deadlineOf(input, spec);
  const dueAt = dueAtOf(deadline);
  const opened = await requestActivities.openTask({
    key: run.stepKey(),
    requestId: input.requestId,
    taskType: spec.taskType,
    roleType: taskDef.roleType,
    executePermission: taskDef.execute,
    accountId: input.accountId,
    competentAuthority: input.competentAuthority,
    candidate: spec.assignee !== undefined ? spec.assignee : (run.assignees[taskDef.roleType] ?? null),
    draft: spec.draft ?? {},
    dueAt,
  });
  const task: OpenTask = {
    taskId: opened.taskId,
    taskType: spec.taskType,
    assignee: opened.assignee,
    dueAt,
    roleType: taskDef.roleType,
    supporting: !!spec.supporting,
    remindBeforeMs: deadline?.remindBeforeMs ?? [],
  };
  run.tasks.set(task.taskId, task);
  if (opened.assignee && !spec.supporting) run.assignees[taskDef.roleType] = opened.assignee;
  return { task, taskDef };
}

/** The request's own deadline for the task type (tests, the benchmark) wins over the program's. */
function deadlineOf(input: RequestInput, spec: UserTaskSpec): TaskDeadline | null {
  return input.deadlines && spec.taskType in input.deadlines ? input.deadlines[spec.taskType] : (spec.deadline ?? null);
}

/** When the task is due (ISO), from now for a relative deadline; null: never. */
function dueAtOf(deadline: TaskDeadline | null): string | null {
  const dueAt = !deadline
    ? null
    : deadline.dueAt !== undefined
      ? Date.parse(deadline.dueAt)
      : Date.now() + deadline.dueInMs;
  return dueAt === null ? null : new Date(dueAt).toISOString();
}

/** Waits until woken (true), or until the next notice is due (false), on a durable timer. */
function wokenOrNoticeDue(notices: TaskNotices, woken: () => boolean): Promise<boolean> {
  const next = notices.next;
  return next ? condition(woken, Math.max(1, next.at - Date.now())) : condition(woken).then(() => true);
}

/**
 * The pick-up's checks: the validator's again (task-action-checks.ts), because an assignment may
 * have changed things since it ran. A refusal answers the action at once; null then.
 */
function checkAtPickUp(run: RequestRun, pending: PendingTaskAction): { input: unknown } | null {
  try {
    return { input: checkTaskAction(run.def, run.tasks, pending.args) };
  } catch (err) {
    run.inbox.refuse(pending, err as ApplicationFailure);
    return null;
  }
}

/** The person as the timeline and the Transition name them (their permissions stay behind). */
function actorOf(actor: ActingUser): Actor {
  return { userId: actor.userId, fullName: actor.fullName, audit: actor.audit };
}

/** The transition's timeline entry (of the action's `timeline` type), under the run's next step key. */
function transitionEntry(run: RequestRun, type: string, details: unknown, by: Actor): RecordActionArgs {
  return { key: run.stepKey(), requestId: run.input.requestId, type, details, submitter: by };
}

/** The same entry written by closeTask itself; with `snapshot`, its details are the task's draft. */
function closingEntry(run: RequestRun, type: string, input: unknown, snapshot: boolean, by: Actor): ClosingActionArgs {
  return { key: run.stepKey(), requestId: run.input.requestId, type, details: input, snapshot, submitter: by };
}

function isStaleTask(err: unknown): err is ActivityFailure & { cause: ApplicationFailure } {
  return err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === 'STALE_TASK';
}
