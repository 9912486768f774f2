// The engine every request workflow runs on. A process is an async program over `userTask()`:
// each call opens a human task in the projection, waits (with durable deadline timers) for a
// transition sent as a Workflow Update, closes the task, records the timeline entry and returns
// the submitted payload, so the program decides what comes next in plain code.
//
// Updates answer only when the workflow is at rest again (the next task opened or the request
// ended), so an API call that returns has its effect visible in the lists. One lock (`busy`)
// serialises the program and the assignment handlers, whose activities would otherwise interleave.
import {
  ActivityCancellationType,
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  allHandlersFinished,
  condition,
  isCancellation,
  patched,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import * as v from 'valibot';
import type { RequestActivities } from '../activities/requests';
import { DUE_DATE_CHANGED } from '../domain/requests';
import { stepActivities } from './activity-proxies';
import type { ProcessDefinition, TaskDeadline, TaskRoleType } from '../domain/process-definition';
import {
  assignTaskUpdate,
  changeDueDateUpdate,
  requestStateQuery,
  settledUpdate,
  taskActionUpdate,
  terminateRequestSignal,
  type Actor,
  type OpenTaskView,
  type Refusal,
  type RequestInput,
  type RequestSnapshot,
  type TaskActionArgs,
} from '../domain/request-messages';

const acts = stepActivities<RequestActivities>({
  // A terminated request waits for a running activity to finish, so no task row appears after the
  // request's tasks were closed.
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
});

export interface Transition {
  taskId: number;
  actionType: string;
  /** The action's input as its schema parsed it (trimmed, typed). */
  input: unknown;
  by: Actor;
  /** The task's draft (what its SAVE actions wrote) as it was when the task closed. */
  draft: Record<string, unknown>;
  /** When it was done (ISO): by the API's reporting clock when it sent one. */
  at: string;
}

export interface UserTaskSpec {
  taskType: string;
  /** The task's first draft (what its pages start from). */
  draft?: Record<string, unknown>;
  deadline?: TaskDeadline | null;
  /** Tried first as the assignee, instead of the request-level assignee of the task's role. */
  assignee?: string | null;
  /**
   * A helper's task beside the main one (reference §3.4): its assignee does not become the
   * request-level assignee, and assigning the request's other tasks leaves it alone.
   */
  supporting?: boolean;
}

/** A task opened without waiting for its transition (one that waits while another is done). */
export interface OpenedTask {
  taskId: number;
  /** Closes it without a transition (no timeline entry). */
  close(): Promise<void>;
}

export interface RequestContext {
  readonly input: RequestInput;
  userTask(spec: UserTaskSpec): Promise<Transition>;
  openTask(spec: UserTaskSpec): Promise<OpenedTask>;
  /** Records a timeline entry of the program's own (not a task's transition) with its details. */
  recordAction(type: string, details: unknown, by: Actor | null): Promise<void>;
}

/** Returns the request's final status (COMPLETED, APPROVED, REJECTED, CANCELLED …). */
export type RequestProgram = (ctx: RequestContext) => Promise<string>;

interface OpenTask extends OpenTaskView {
  roleType: TaskRoleType;
  supporting: boolean;
  /** Reminders this long before the due time. */
  remindBeforeMs: number[];
}

/**
 * A task's closing and its timeline entry are one activity (one transaction), as are a request's
 * row and its first timeline entry: two local activities fewer per journey. Behind a patch, so
 * requests recorded with the separate writes replay as they ran.
 */
export const ONE_WRITE_PATCH = 'one-write-per-transition';

interface Pending {
  args: TaskActionArgs;
  done: boolean;
  failure?: ApplicationFailure;
}

function refusal(type: Refusal, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type, message, nonRetryable: true });
}

export interface RunOptions {
  /** Runs before the request row is written (e.g. to create the account the request belongs to). */
  prepare?: () => Promise<void>;
}

export async function runRequest(input: RequestInput, def: ProcessDefinition, program: RequestProgram, options: RunOptions = {}): Promise<string> {
  const tasks = new Map<number, OpenTask>();
  const awaited = new Set<number>();
  const assignees: Partial<Record<TaskRoleType, string>> = {};
  Object.assign(assignees, input.assignees ?? {});
  if (input.startedBy) assignees[input.startedBy.roleType] = input.startedBy.userId;
  let status = 'IN_PROGRESS';
  let seq = 0;
  const key = () => `${workflowInfo().runId}:${++seq}`;

  // Held by the program from the start until it first waits for a person.
  let busy = true;
  // True while an assignment handler (not the program) holds the lock.
  let handlerHolds = false;
  // Check-and-set inside the predicate: conditions are evaluated one after another, so only one
  // waiter can take the lock in an activation.
  const tryAcquire = () => (busy ? false : (busy = true));
  const inbox: Pending[] = [];
  const applied: Pending[] = [];
  const rest = () => {
    for (const p of applied.splice(0)) p.done = true;
    busy = false;
  };

  const snapshot = (): RequestSnapshot => ({
    requestId: input.requestId,
    status,
    tasks: [...tasks.values()].map(({ taskId, taskType, assignee, dueAt }) => ({ taskId, taskType, assignee, dueAt })),
  });

  /** The business checks of a transition; returns the parsed payload. */
  function checkAction(args: TaskActionArgs): unknown {
    const task = tasks.get(args.taskId);
    if (!task) throw refusal('TASK_NOT_OPEN', 'The task is no longer open');
    const taskDef = def.tasks[task.taskType];
    const action = taskDef?.actions[args.actionType];
    if (!taskDef || !action || action.kind !== 'TRANSITION') throw refusal('ACTION_NOT_ALLOWED', 'Request task action cannot proceed');
    if (task.assignee !== args.actor.userId) throw refusal('NOT_ASSIGNEE', 'User is not the assignee of the request task');
    if (!args.actor.permissions.includes(taskDef.execute)) throw refusal('NO_EXECUTE_PERMISSION', 'You do not have permission to do this');
    const parsed = v.safeParse(action.input, args.payload);
    if (!parsed.success) throw refusal('INVALID_PAYLOAD', parsed.issues[0].message);
    return parsed.output;
  }

  // Handlers first: an update arriving before they exist would be rejected.
  setHandler(
    taskActionUpdate,
    async (args) => {
      const pending: Pending = { args, done: false };
      inbox.push(pending);
      await condition(() => pending.done);
      if (pending.failure) throw pending.failure;
      return snapshot();
    },
    { validator: (args) => void checkAction(args) },
  );

  setHandler(
    assignTaskUpdate,
    async (args) => {
      await condition(tryAcquire);
      handlerHolds = true;
      try {
        const task = tasks.get(args.taskId);
        if (!task) throw refusal('TASK_NOT_OPEN', 'The task is no longer open');
        // The request's other open tasks of the same role follow (reference §3.4); a helper's task
        // is assigned on its own.
        const siblings = task.supporting ? [task] : [...tasks.values()].filter((t) => t.roleType === task.roleType && !t.supporting);
        // The one who assigns is the audit trail's actor of the change (activities/audit-context.ts);
        // an extra argument leaves the workflow's commands as they were.
        await acts.assignTasks({ taskIds: siblings.map((t) => t.taskId), assignee: args.assignee, actor: args.actor });
        for (const t of siblings) t.assignee = args.assignee;
        if (task.supporting) return snapshot();
        if (args.assignee) assignees[task.roleType] = args.assignee;
        else delete assignees[task.roleType];
        return snapshot();
      } finally {
        handlerHolds = false;
        rest();
      }
    },
    {
      validator: (args) => {
        const task = tasks.get(args.taskId);
        if (!task) throw refusal('TASK_NOT_OPEN', 'The task is no longer open');
        if (args.assignee === null && task.roleType !== 'REGULATOR') throw refusal('CANNOT_RELEASE', 'Operator tasks cannot be released');
      },
    },
  );

  // A regulator moves a due date: the projection shows it, and the task's wait arms its reminders and
  // overdue notice again for it (userTask below).
  setHandler(
    changeDueDateUpdate,
    async (args) => {
      await condition(tryAcquire);
      handlerHolds = true;
      try {
        const task = tasks.get(args.taskId);
        if (!task) throw refusal('TASK_NOT_OPEN', 'The task is no longer open');
        const previous = task.dueAt;
        await acts.setTaskDueDate({ taskId: task.taskId, dueAt: args.dueAt, actor: args.actor });
        task.dueAt = args.dueAt;
        await acts.recordRequestAction({ key: key(), requestId: input.requestId, type: DUE_DATE_CHANGED, payload: { taskType: task.taskType, dueAt: args.dueAt, previousDueAt: previous }, submitter: args.actor });
        return snapshot();
      } finally {
        handlerHolds = false;
        rest();
      }
    },
    {
      validator: (args) => {
        if (!tasks.has(args.taskId)) throw refusal('TASK_NOT_OPEN', 'The task is no longer open');
        if (Number.isNaN(Date.parse(args.dueAt))) throw refusal('INVALID_PAYLOAD', 'Enter a real due date');
      },
    },
  );

  setHandler(settledUpdate, async () => {
    await condition(() => !busy && !inbox.some((p) => awaited.has(p.args.taskId)));
    return snapshot();
  });
  setHandler(requestStateQuery, snapshot);

  // Ending the request from outside (an account closure): the program is cancelled wherever it
  // waits, and the request ends TERMINATED below.
  const programScope = new CancellationScope();
  let termination: { reason: string } | null = null;
  setHandler(terminateRequestSignal, (args) => {
    if (termination || status !== 'IN_PROGRESS') return;
    termination = args;
    programScope.cancel();
  });

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
    const plan = (dueAt: string | null) => {
      if (dueAt === null) return [];
      const due = Date.parse(dueAt);
      const reminders = task.remindBeforeMs.map((before, i) => ({ kind: `REMINDER_${i + 1}`, at: due - before })).filter((n) => n.at > Date.now());
      return [...reminders, { kind: 'OVERDUE', at: due }].sort((a, b) => a.at - b.at);
    };
    let armedFor = task.dueAt;
    let notices = plan(armedFor);
    const send = (kind: string) => acts.sendTaskNotice({ taskId: task.taskId, kind, dueAt: armedFor! });
    // A task that opens (or is moved) overdue says so at once, not on a timer a quick transition
    // would cancel. Only the overdue notice can be due then: the reminders before it are dropped.
    const sendOverdueNow = async () => {
      if (notices[0] && notices[0].at <= Date.now()) await send(notices.shift()!.kind);
    };
    const pickable = () => inbox.some((p) => p.args.taskId === task.taskId);
    const moved = () => task.dueAt !== armedFor;
    const woken = () => pickable() || moved();

    awaited.add(task.taskId);
    try {
      await sendOverdueNow();
      for (;;) {
        rest();
        const next = notices[0];
        const arrived = next ? await condition(woken, Math.max(1, next.at - Date.now())) : await condition(woken).then(() => true);
        await condition(tryAcquire);
        if (moved()) {
          armedFor = task.dueAt;
          notices = plan(armedFor);
          await sendOverdueNow();
          continue;
        }
        if (!arrived) {
          notices.shift();
          await send(next!.kind);
          continue;
        }
        const pending = inbox.splice(inbox.findIndex((p) => p.args.taskId === task.taskId), 1)[0];
        let actionInput: unknown;
        try {
          // Checked again: an assignment may have changed things since the validator ran.
          actionInput = checkAction(pending.args);
        } catch (err) {
          pending.failure = err as ApplicationFailure;
          pending.done = true;
          continue;
        }
        const by: Actor = { userId: pending.args.actor.userId, fullName: pending.args.actor.fullName, audit: pending.args.actor.audit };
        const action = taskDef.actions[pending.args.actionType];
        const oneWrite = patched(ONE_WRITE_PATCH);
        const timeline = oneWrite && action.timeline ? { key: key(), requestId: input.requestId, type: action.timeline, payload: actionInput, snapshot: !!action.snapshot, submitter: by } : undefined;
        let draft: Record<string, unknown>;
        try {
          // `by` credits the closing to whoever acted, in the audit trail, also when no timeline entry goes with it.
          draft = (await acts.closeTask({ taskId: task.taskId, version: pending.args.version, timeline, by })) ?? {};
        } catch (err) {
          // Saved again since the API checked it: the caller must look at it afresh.
          if (!(err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === 'STALE_TASK')) throw err;
          pending.failure = refusal('STALE_TASK', err.cause.message);
          pending.done = true;
          continue;
        }
        tasks.delete(task.taskId);
        if (!oneWrite && action.timeline) await acts.recordRequestAction({ key: key(), requestId: input.requestId, type: action.timeline, payload: action.snapshot ? draft : actionInput, submitter: by });
        applied.push(pending);
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
    status = await programScope.run(() => program(ctx));
  } catch (err) {
    if (!termination || !isCancellation(err)) throw err;
    // The program held the lock unless it was waiting for a person or an assignment held it.
    if (!handlerHolds) busy = false;
    await condition(tryAcquire);
    tasks.clear();
    await acts.terminateRequest({ key: key(), requestId: input.requestId, reason: (termination as { reason: string }).reason });
    status = 'TERMINATED';
  }
  await acts.completeRequest({ requestId: input.requestId, status });
  for (const p of inbox.splice(0)) {
    p.failure = refusal('TASK_NOT_OPEN', 'The task is no longer open');
    p.done = true;
  }
  rest();
  await condition(allHandlersFinished);
  return status;
}
