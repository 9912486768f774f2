// How the API talks to request workflows: start one (waiting until its first task is in the
// projection) and send updates, turning the workflow's refusals into HTTP errors.
import { setTimeout as sleep } from 'node:timers/promises';
import { WithStartWorkflowOperation, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/common';
import type { AppDeps } from './deps';
import { addLogFields } from '../infra/logger';
import { ApiError, conflict } from './errors';
import type { ProcessDefinition } from '../processes';
import { AccountId, CompetentAuthority, RequestType } from '../domain/search-attributes';
import { refusals, settledUpdate, type RequestInput, type RequestSnapshot } from '../domain/request-messages';

/**
 * Starts the request's workflow (id = request id) and answers once its first task is open.
 * `retry`: the caller's earlier attempt may have started it already; a running one is answered
 * for as it stands, and an ended one is never started again (null).
 */
export async function startRequestWorkflow(
  deps: Pick<AppDeps, 'temporal' | 'config'>,
  def: ProcessDefinition,
  input: RequestInput,
): Promise<RequestSnapshot>;
export async function startRequestWorkflow(
  deps: Pick<AppDeps, 'temporal' | 'config'>,
  def: ProcessDefinition,
  input: RequestInput,
  options: { retry: boolean },
): Promise<RequestSnapshot | null>;
export async function startRequestWorkflow(
  deps: Pick<AppDeps, 'temporal' | 'config'>,
  def: ProcessDefinition,
  input: RequestInput,
  { retry = false } = {},
): Promise<RequestSnapshot | null> {
  // The request's log lines name its workflow, for an operator going from a reference to the Temporal UI.
  addLogFields({ workflowId: input.requestId });
  const client = await deps.temporal();
  const operation = new WithStartWorkflowOperation(def.workflowType, {
    workflowId: input.requestId,
    taskQueue: deps.config.temporal.taskQueue,
    args: [input],
    workflowIdConflictPolicy: retry ? 'USE_EXISTING' : 'FAIL',
    // A request id comes back after its request was cancelled (reference quirk 3); the API checks
    // beforehand that no request with that id is running or done.
    workflowIdReusePolicy: retry ? 'REJECT_DUPLICATE' : 'ALLOW_DUPLICATE',
    typedSearchAttributes: [
      { key: RequestType, value: input.requestType },
      ...(input.accountId !== null ? [{ key: AccountId, value: String(input.accountId) }] : []),
      ...(input.competentAuthority ? [{ key: CompetentAuthority, value: input.competentAuthority }] : []),
    ],
  });
  try {
    return await client.workflow.executeUpdateWithStart(settledUpdate, { startWorkflowOperation: operation });
  } catch (err) {
    // The run exists and its workflow task is being retried (a worker died holding it, e.g. while an
    // earlier attempt of this call started it): wait for it to settle as an action does, or 503.
    if (isWorkflowTaskRetrying(err))
      return whileWorkflowTaskRetries(() => client.workflow.getHandle(input.requestId).executeUpdate(settledUpdate));
    if (
      err instanceof WorkflowExecutionAlreadyStartedError ||
      (err as Error)?.cause instanceof WorkflowExecutionAlreadyStartedError
    ) {
      if (retry) return null;
      throw conflict('REQUEST_CREATE_ACTION1000', 'Request create action not allowed');
    }
    throw err;
  }
}

/**
 * Temporal refuses updates while the workflow's last workflow task failed and is being retried (its
 * worker died holding it, or its code threw): FAILED_PRECONDITION 'Workflow Task in failed state'.
 * A worker picks the task up again within seconds, so the call is tried again.
 */
export function isWorkflowTaskRetrying(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 6;
    e = e.cause as typeof e, i++
  ) {
    if (/Workflow Task in failed state/i.test(String(e.message ?? ''))) return true;
  }
  return false;
}

/** How long an update is tried again while its workflow task is being retried, before the caller is told to come back. */
export const WORKFLOW_TASK_RETRY = { totalMs: 8000, firstDelayMs: 250, maxDelayMs: 2000 };

/** The workflow is recovering: the action was not applied, and the same call shortly will be (its update id is the same). */
export const workflowRecovering = () =>
  new ApiError(
    503,
    'WORKFLOW_RECOVERING',
    'The workflow is recovering from a fault and could not take your action yet. Try again in a few seconds: nothing was lost',
  );

/** Calls `attempt`, again with growing pauses while its workflow task is being retried; 503 when that outlasts the budget. */
export async function whileWorkflowTaskRetries<R>(attempt: () => Promise<R>, budget = WORKFLOW_TASK_RETRY): Promise<R> {
  const giveUp = Date.now() + budget.totalMs;
  for (let delay = budget.firstDelayMs; ; delay = Math.min(delay * 2, budget.maxDelayMs)) {
    try {
      return await attempt();
    } catch (err) {
      if (!isWorkflowTaskRetrying(err)) throw err;
      if (Date.now() + delay > giveUp) throw workflowRecovering();
      await sleep(delay);
    }
  }
}

/** Runs an update on a request's workflow, mapping refusals (validator or handler) to HTTP errors. */
export async function updateRequest<R>(
  client: Client,
  requestId: string,
  call: (handle: ReturnType<Client['workflow']['getHandle']>) => Promise<R>,
): Promise<R> {
  addLogFields({ workflowId: requestId });
  try {
    return await whileWorkflowTaskRetries(() => call(client.workflow.getHandle(requestId)));
  } catch (err) {
    if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
      const type = err.cause.type as keyof typeof refusals | undefined;
      const status = type && type in refusals ? refusals[type] : 409;
      throw new ApiError(status, type ?? 'REQUEST_TASK_ACTION1000', err.cause.message);
    }
    if (err instanceof WorkflowNotFoundError || /already completed|not found/i.test(String((err as Error)?.message))) {
      throw conflict('TASK_NOT_OPEN', 'The task is no longer open');
    }
    throw err;
  }
}
