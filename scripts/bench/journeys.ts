// The journeys the bench drives: ours (start → submit → assign → decide of the engine's two-step test
// process, the start through the API's own start function and the steps over HTTP) and the Temporal
// floor's (test/workflows/bare-journey.ts: the same update-with-start and three updates, nothing else).
import type { Client } from '@temporalio/client';
import { call, pct } from './load';
import { CAS } from './options';
import { mint } from './tokens';

let nextJourneyAccount = 1;
let nextBareJourney = 1;

/** Runs `count` journeys by `users` concurrent users (each user takes the next until all are begun). */
async function byUsers(count: number, users: number, journey: (n: number) => Promise<void>): Promise<number> {
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(users, count) }, async () => {
      while (started < count) await journey(started++);
    }),
  );
  return (performance.now() - t0) / 1000;
}

/** `count` journeys of ours by `users` concurrent users; the next-task visibility of each, and errors. */
export async function driveJourneys(port: number, client: Client, taskQueue: string, count: number, users: number) {
  const start = await journeyStarter(client, taskQueue);
  const visible: number[] = [];
  const opened: number[] = [];
  const requestIds: string[] = [];
  let errors = 0;
  const first = nextJourneyAccount;
  nextJourneyAccount += count;
  const seconds = await byUsers(count, users, async (n) => {
    try {
      requestIds.push(await oneJourney(port, start, first + n, { opened, visible }));
    } catch (err) {
      errors++;
      if (errors <= 3) console.error('journey error:', (err as Error).message.slice(0, 300));
    }
  });
  visible.sort((a, b) => a - b);
  opened.sort((a, b) => a - b);
  const startTimes = { p50: pct(opened, 50), p95: pct(opened, 95), max: opened.at(-1) ?? 0 };
  return {
    completed: requestIds.length,
    seconds,
    perSecond: requestIds.length / seconds,
    p50: pct(visible, 50),
    p95: pct(visible, 95),
    start: startTimes,
    errors,
    requestIds,
  };
}

type Starter = Awaited<ReturnType<typeof journeyStarter>>;

/** Starts a two-step request for an account as its operator, as the API's start route does; answers its snapshot. */
async function journeyStarter(client: Client, taskQueue: string) {
  const { twoStepProcess } = await import('../../test/processes/two-step');
  const { requestIdOf } = await import('../../domain/process-registry');
  const { startRequestWorkflow } = await import('../../api/request-workflows');
  const { loadConfig } = await import('../../infra/config');
  const base = loadConfig();
  const deps = { temporal: async () => client, config: { ...base, temporal: { ...base.temporal, taskQueue } } };
  return {
    requestIdOf: (accountId: number) => requestIdOf(twoStepProcess, accountId),
    start: (accountId: number, operator: string) =>
      startRequestWorkflow(deps, twoStepProcess, {
        requestId: requestIdOf(twoStepProcess, accountId),
        requestType: twoStepProcess.requestType,
        accountId,
        competentAuthority: CAS[accountId % 5],
        startedBy: { userId: operator, fullName: 'Olive Operator', roleType: 'OPERATOR' },
      }),
  };
}

/**
 * One account's journey; notes how long the start took to open the first task and the submit to
 * show the next as each is seen; answers the request's id once the journey is through.
 */
async function oneJourney(
  port: number,
  starter: Starter,
  accountId: number,
  times: { opened: number[]; visible: number[] },
): Promise<string> {
  const operator = `op-${accountId}`;
  const opToken = await mint(operator);
  const startAt = performance.now();
  const snapshot = await starter.start(accountId, operator);
  const submitAt = performance.now();
  times.opened.push(submitAt - startAt);
  const submitted = await call(port, 'POST', '/api/v1.0/tasks/actions', opToken, {
    requestTaskId: snapshot.tasks[0].taskId,
    requestTaskActionType: 'TEST_TWO_STEP_SUBMIT_APPLICATION',
    requestTaskActionPayload: { summary: 'Bench' },
  });
  if (submitted.status !== 200) throw new Error(submitted.body);
  const reviewId = (JSON.parse(submitted.body) as { nextTasks: { taskId: number }[] }).nextTasks[0].taskId;
  const regulator = `reg-${accountId % 5 || 5}`; // a regulator of the account's CA
  const regToken = await mint(regulator);
  // The next task must be in the regulator's view of the request; the submit answered only once it was.
  const item = await call(port, 'GET', `/api/v1.0/items/${starter.requestIdOf(accountId)}`, regToken);
  if (!item.body.includes(`"taskId":${reviewId}`)) throw new Error('next task not visible');
  times.visible.push(performance.now() - submitAt);
  const assign = await call(port, 'POST', '/api/v1.0/tasks-assignment/assign', regToken, {
    taskId: reviewId,
    userId: regulator,
  });
  if (assign.status !== 200) throw new Error(assign.body);
  const decided = await call(port, 'POST', '/api/v1.0/tasks/actions', regToken, {
    requestTaskId: reviewId,
    requestTaskActionType: 'TEST_TWO_STEP_DECIDE',
    requestTaskActionPayload: { decision: 'ACCEPTED' },
  });
  if (decided.status !== 200) throw new Error(decided.body);
  return starter.requestIdOf(accountId);
}

/**
 * The Temporal floor: `count` bare journeys by `users` concurrent users, straight through the
 * Temporal client: the same update-with-start and three updates as ours, with no activity, database
 * or API. `step` times the second update (our submit's place).
 */
export async function driveBareJourneys(client: Client, taskQueue: string, count: number, users: number) {
  const steps: number[] = [];
  const opened: number[] = [];
  let completed = 0;
  let errors = 0;
  const seconds = await byUsers(count, users, async () => {
    const workflowId = `bare-${process.pid}-${taskQueue}-${nextBareJourney++}`;
    try {
      await oneBareJourney(client, taskQueue, workflowId, { opened, steps });
      completed++;
    } catch (err) {
      errors++;
      if (errors <= 3) console.error('bare journey error:', (err as Error).message.slice(0, 300));
    }
  });
  steps.sort((a, b) => a - b);
  opened.sort((a, b) => a - b);
  return {
    completed,
    errors,
    perSecond: completed / seconds,
    p50: pct(steps, 50),
    p95: pct(steps, 95),
    start: { p50: pct(opened, 50), p95: pct(opened, 95) },
  };
}

async function oneBareJourney(
  client: Client,
  taskQueue: string,
  workflowId: string,
  times: { opened: number[]; steps: number[] },
): Promise<void> {
  const { WithStartWorkflowOperation } = await import('@temporalio/client');
  const { bareStepUpdate, BARE_JOURNEY_STEPS } = await import('../../test/workflows/bare-journey');
  const startAt = performance.now();
  const operation = new WithStartWorkflowOperation('bareJourney', {
    workflowId,
    taskQueue,
    workflowIdConflictPolicy: 'FAIL',
  });
  await client.workflow.executeUpdateWithStart(bareStepUpdate, { startWorkflowOperation: operation });
  times.opened.push(performance.now() - startAt);
  const handle = client.workflow.getHandle(workflowId);
  for (let i = 2; i <= BARE_JOURNEY_STEPS; i++) {
    const stepAt = performance.now();
    const n = await handle.executeUpdate(bareStepUpdate);
    if (n !== i) throw new Error(`step ${i} answered ${n}`);
    if (i === 2) times.steps.push(performance.now() - stepAt);
  }
  await handle.result();
}
