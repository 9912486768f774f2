// The bench's Temporal floor must be the journey it claims to be: started by update-with-start,
// moved by three more updates, ended by the fourth, on a real dev server and worker.
import { WithStartWorkflowOperation } from '@temporalio/client';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { startTestTemporal } from '../temporal';
import { BARE_JOURNEY_STEPS, bareStepUpdate } from './bare-journey';

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  // A worker with no activities warns that it polls none: expected here.
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  env = await startTestTemporal();
}, 120_000);

afterAll(async () => {
  await env?.teardown();
});

it('answers each step with its number and ends after the fourth, as the engine journey does', async () => {
  const taskQueue = 'bare-journey-test';
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowsPath: require.resolve('./bare-journey'),
  });
  await worker.runUntil(async () => {
    const client = env.client;
    const workflowId = `bare-${Date.now()}`;
    const operation = new WithStartWorkflowOperation('bareJourney', {
      workflowId,
      taskQueue,
      workflowIdConflictPolicy: 'FAIL',
    });
    expect(await client.workflow.executeUpdateWithStart(bareStepUpdate, { startWorkflowOperation: operation })).toBe(1);
    const handle = client.workflow.getHandle(workflowId);
    const answers: number[] = [];
    for (let i = 2; i <= BARE_JOURNEY_STEPS; i++) answers.push(await handle.executeUpdate(bareStepUpdate));
    expect(answers).toEqual([2, 3, 4]);
    expect(await handle.result()).toBe(4);
    await expect(handle.executeUpdate(bareStepUpdate)).rejects.toThrow();
  });
}, 60_000);
