// The engine every request workflow runs on. A process is an async program over `userTask()`:
// each call opens a human task in the projection, waits (with durable deadline timers) for a
// transition sent as a Workflow Update, closes the task, records the timeline entry and returns
// the submitted payload, so the program decides what comes next in plain code.
//
// Updates answer only when the workflow is at rest again (the next task opened or the request
// ended), so an API call that returns has its effect visible in the lists. One lock (`busy`)
// serialises the program and the assignment handlers, whose activities would otherwise interleave.
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  isCancellation,
  patched,
} from '@temporalio/workflow';
import type { ProcessDefinition } from '../domain/process-definition';
import { ONE_WRITE_PATCH, requestActivities } from './request-activities';
import { installRequestHandlers } from './request-handlers';
import { RequestRun, type OpenTask } from './request-run';
import { TaskNotices } from './task-notices';
import { checkTaskAction, refusal, taskNotOpen } from './task-action-checks';
import type { OpenedTask, RequestContext, RequestProgram, Transition, UserTaskSpec } from './request-program';
import type { Actor, RequestInput } from '../domain/request-messages';

export type { OpenedTask, RequestContext, RequestProgram, Transition, UserTaskSpec } from './request-program';
export { ONE_WRITE_PATCH } from './request-activities';

const acts = requestActivities;

export interface RunOptions {
  /** Runs before the request row is written (e.g. to create the account the request belongs to). */
  prepare?: () => Promise<void>;
}

export async function runRequest(input: RequestInput, def: ProcessDefinition, program: RequestProgram, options: RunOptions = {}): Promise<string> {
  const run = new RequestRun(input, def);
  const { tasks, awaited, assignees, inbox, lock } = run;
  const key = () => run.stepKey();
  const rest = () => run.rest();

  // Handlers first: an update arriving before they exist would be rejected.
  installRequestHandlers(run);

  async function open(spec: UserTaskSpec) {
    const taskDef = def.tasks[spec.taskType];
    if (!taskDef) throw ApplicationFailure.create({ type: 'UNKNOWN_TASK_TYPE', message: `${spec.taskType} is not a task of ${def.requestType}`, nonRetryable: true });
    const deadline = input.deadlines && spec.taskType in input.deadlines ? input.deadlines[spec.taskType] : (spec.deadline ?? null);
    const dueAt = !deadline ? null : deadline.dueAt !== undefined ? Date.parse(deadline.dueAt) : Date.now() + deadline.dueInMs;
    const dueAtIso = dueAt === null ? null : new Date(dueAt).toISOString();
    const opened = await acts.openTask({
      key: key(),
      requestId: input.requestId,
      taskType: spec.taskType,
      roleType: taskDef.roleType,
      executePermission: taskDef.execute,
      accountId: input.accountId,
      competentAuthority: input.competentAuthority,
      candidate: spec.assignee !== undefined ? spec.assignee : (assignees[taskDef.roleType] ?? null),
      payload: spec.draft ?? {},
      dueAt: dueAtIso,
    });
    const task: OpenTask = {
      taskId: opened.taskId,
      taskType: spec.taskType,
      assignee: opened.assignee,
      dueAt: dueAtIso,
      roleType: taskDef.roleType,
      supporting: !!spec.supporting,
      remindBeforeMs: deadline?.remindBeforeMs ?? [],
    };
    tasks.set(task.taskId, task);
    if (opened.assignee && !spec.supporting) assignees[taskDef.roleType] = opened.assignee;
    return { task, taskDef };
  }

  async function openTask(spec: UserTaskSpec): Promise<OpenedTask> {
    const { task } = await open(spec);
    return {
      taskId: task.taskId,
      close: async () => {
        await acts.closeTask({ taskId: task.taskId });
        tasks.delete(task.taskId);
      },
    };
  }

  async function userTask(spec: UserTaskSpec): Promise<Transition> {
    const { task, taskDef } = await open(spec);

    // Durable timers: the reminders still ahead of the due time, and the overdue notice. A changed
    // due date plans them again.
    const notices = new TaskNotices(task);
    const pickable = () => inbox.hasActionFor(task.taskId);
    const woken = () => pickable() || notices.moved();

    awaited.add(task.taskId);
    try {
      await notices.sendOverdueNow();
      for (;;) {
        rest();
        const next = notices.next;
        const arrived = next ? await condition(woken, Math.max(1, next.at - Date.now())) : await condition(woken).then(() => true);
        await lock.acquire();
        if (notices.moved()) {
          notices.rearm();
          await notices.sendOverdueNow();
          continue;
        }
        if (!arrived) {
          await notices.sendNext();
          continue;
        }
        const pending = inbox.takeFor(task.taskId);
        let actionInput: unknown;
        try {
          // Checked again: an assignment may have changed things since the validator ran.
          actionInput = checkTaskAction(def, tasks, pending.args);
        } catch (err) {
          inbox.refuse(pending, err as ApplicationFailure);
          continue;
        }
        const by: Actor = { userId: pending.args.actor.userId, fullName: pending.args.actor.fullName, audit: pending.args.actor.audit };
        const action = taskDef.actions[pending.args.actionType];
        const oneWrite = patched(ONE_WRITE_PATCH);
        const timeline = oneWrite && action.timeline ? { key: key(), requestId: input.requestId, type: action.timeline, payload: actionInput, snapshot: !!action.snapshot, submitter: by } : undefined;
        let draft: Record<string, unknown>;
        try {
          draft = (await acts.closeTask({ taskId: task.taskId, version: pending.args.version, timeline })) ?? {};
        } catch (err) {
          // Saved again since the API checked it: the caller must look at it afresh.
          if (!(err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === 'STALE_TASK')) throw err;
          inbox.refuse(pending, refusal('STALE_TASK', err.cause.message));
          continue;
        }
        tasks.delete(task.taskId);
        if (!oneWrite && action.timeline) await acts.recordRequestAction({ key: key(), requestId: input.requestId, type: action.timeline, payload: action.snapshot ? draft : actionInput, submitter: by });
        inbox.markApplied(pending);
        return { taskId: task.taskId, actionType: pending.args.actionType, input: actionInput, by, draft, at: pending.args.at ?? new Date().toISOString() };
      }
    } finally {
      awaited.delete(task.taskId);
    }
  }

  const ctx: RequestContext = {
    input,
    userTask,
    openTask,
    recordAction: (type, details, by) => acts.recordRequestAction({ key: key(), requestId: input.requestId, type, payload: details, submitter: by }),
  };

  if (options.prepare) await options.prepare();
  const started = input.reinitiated ? def.reinitiate?.timeline : def.create?.timeline;
  const startedEntry = started && input.startedBy ? { type: started, payload: input.reinitiated ? null : (input.payload ?? null), submitter: input.startedBy } : null;
  const oneWrite = patched(ONE_WRITE_PATCH);
  await acts.startRequest({
    requestId: input.requestId,
    requestType: input.requestType,
    accountId: input.accountId,
    competentAuthority: input.competentAuthority,
    payload: input.payload ?? {},
    reinitiated: !!input.reinitiated,
    timeline: oneWrite && startedEntry ? { key: key(), requestId: input.requestId, ...startedEntry } : undefined,
  });
  if (!oneWrite && startedEntry) await ctx.recordAction(startedEntry.type, startedEntry.payload, startedEntry.submitter);
  try {
    run.status = await run.programScope.run(() => program(ctx));
  } catch (err) {
    if (!run.termination || !isCancellation(err)) throw err;
    // The program held the lock unless it was waiting for a person or an assignment held it.
    lock.releaseCancelledProgram();
    await lock.acquire();
    tasks.clear();
    await acts.terminateRequest({ key: key(), requestId: input.requestId, reason: run.termination.reason });
    run.status = 'TERMINATED';
  }
  await acts.completeRequest({ requestId: input.requestId, status: run.status });
  inbox.refuseAllWaiting(taskNotOpen);
  rest();
  await condition(allHandlersFinished);
  return run.status;
}
