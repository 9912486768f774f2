// The engine every request workflow runs on. A process is an async program over `userTask()`:
// each call opens a human task in the projection, waits (with durable deadline timers) for a
// transition sent as a Workflow Update, closes the task, records the timeline entry and returns
// the submitted payload, so the program decides what comes next in plain code.
//
// Updates answer only when the workflow is at rest again (the next task opened or the request
// ended), so an API call that returns has its effect visible in the lists. One lock serialises the
// program and the assignment handlers, whose activities would otherwise interleave.
//
// This file is the lifecycle of one run; its parts are beside it: the run's state (request-run.ts),
// its lock (request-lock.ts) and inbox (task-action-inbox.ts), the handlers (request-handlers.ts),
// the checks of a task action (task-action-checks.ts), the user tasks (user-tasks.ts) and their
// notices (task-notices.ts). What a program sees is request-program.ts, re-exported here.
import { allHandlersFinished, condition, isCancellation, patched } from '@temporalio/workflow';
import type { RecordActionArgs, StartRequestArgs } from '../activities/requests';
import type { ProcessDefinition } from '../domain/process-definition';
import type { Actor, RequestInput } from '../domain/request-messages';
import { ONE_WRITE_PATCH, requestActivities } from './request-activities';
import { installRequestHandlers } from './request-handlers';
import type { RequestContext, RequestProgram } from './request-program';
import { RequestRun } from './request-run';
import { taskNotOpen } from './task-action-checks';
import { openTaskWithoutWaiting, userTask, userTaskUntilDue } from './user-tasks';

export type { OpenedTask, RequestContext, RequestProgram, Transition, UserTaskSpec } from './request-program';
export { ONE_WRITE_PATCH } from './request-activities';

export interface RunOptions {
  /** Runs before the request row is written (e.g. to create the account the request belongs to). */
  prepare?: () => Promise<void>;
}

/**
 * Runs a request: its row and first timeline entry, then the program (cancelled by a termination),
 * then its end. Returns its final status.
 */
export async function runRequest(
  input: RequestInput,
  def: ProcessDefinition,
  program: RequestProgram,
  options: RunOptions = {},
): Promise<string> {
  const run = new RequestRun(input, def);
  // Handlers first: an update arriving before they exist would be rejected.
  installRequestHandlers(run);
  const ctx = programContext(run);

  if (options.prepare) await options.prepare();
  const startedEntry = firstTimelineEntry(input, def);
  const oneWrite = patched(ONE_WRITE_PATCH);
  await requestActivities.startRequest(startRequestArgs(run, oneWrite ? startedEntry : null));
  if (!oneWrite && startedEntry)
    await ctx.recordAction(startedEntry.type, startedEntry.details, startedEntry.submitter);
  try {
    run.status = await run.programScope.run(() => program(ctx));
  } catch (err) {
    if (!run.termination || !isCancellation(err)) throw err;
    // The program held the lock unless it was waiting for a person or a handler held it.
    run.lock.releaseCancelledProgram();
    await run.lock.acquire();
    run.tasks.clear();
    await requestActivities.terminateRequest({
      key: run.stepKey(),
      requestId: input.requestId,
      reason: run.termination.reason,
    });
    run.status = 'TERMINATED';
  }
  await requestActivities.completeRequest({ requestId: input.requestId, status: run.status });
  // The request has no open task any more: actions still waiting for one are refused.
  run.inbox.refuseAllWaiting(taskNotOpen);
  run.rest();
  await condition(allHandlersFinished);
  return run.status;
}

function programContext(run: RequestRun): RequestContext {
  return {
    input: run.input,
    userTask: (spec) => userTask(run, spec),
    userTaskUntilDue: (spec, alongside = []) =>
      userTaskUntilDue(
        run,
        spec,
        alongside.map((t) => t.taskId),
      ),
    openTask: (spec) => openTaskWithoutWaiting(run, spec),
    recordAction: (type, details, by) =>
      requestActivities.recordRequestAction({
        key: run.stepKey(),
        requestId: run.input.requestId,
        type,
        details,
        submitter: by,
      }),
  };
}

type StartedEntry = Omit<RecordActionArgs, 'key' | 'requestId'> & { submitter: Actor };

/** The timeline entry of the start (or the restart) when the process has one and a person started it. */
function firstTimelineEntry(input: RequestInput, def: ProcessDefinition): StartedEntry | null {
  const started = input.reinitiated ? def.reinitiate?.timeline : def.create?.timeline;
  return started && input.startedBy
    ? { type: started, details: input.reinitiated ? null : (input.payload ?? null), submitter: input.startedBy }
    : null;
}

/** The request's row, and with `entry` its first timeline entry in the same write (ONE_WRITE_PATCH). */
function startRequestArgs(run: RequestRun, entry: StartedEntry | null): StartRequestArgs {
  const { input } = run;
  return {
    requestId: input.requestId,
    requestType: input.requestType,
    accountId: input.accountId,
    competentAuthority: input.competentAuthority,
    payload: input.payload ?? {},
    reinitiated: !!input.reinitiated,
    timeline: entry ? { key: run.stepKey(), requestId: input.requestId, ...entry } : undefined,
  };
}
