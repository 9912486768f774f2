// Updates to a workflow whose workflow task is being retried (a worker died holding it, or its code
// threw): Temporal refuses them with FAILED_PRECONDITION 'Workflow Task in failed state'. The API
// tries again for a few seconds and then answers 503 with Retry-After — never a 500 — and the
// caller's same call later is applied once (its update id is the same).
import { settledUpdate } from '../domain/request-messages';
import { ApiError } from './errors';
import {
  isWorkflowTaskRetrying,
  startRequestWorkflow,
  updateRequest,
  whileWorkflowTaskRetries,
} from './request-workflows';
import { type EngineHarness, useEngineHarness } from '../test/workflows/harness';

const failedTask = () =>
  Object.assign(
    new Error(
      '9 FAILED_PRECONDITION: Unable to perform workflow execution update due to Workflow Task in failed state.',
    ),
    { code: 9 },
  );
const quick = { totalMs: 300, firstDelayMs: 10, maxDelayMs: 50 };

describe('an update while the workflow task is being retried', () => {
  it('is tried again until the workflow takes it', async () => {
    let calls = 0;
    const answer = await whileWorkflowTaskRetries(async () => {
      calls++;
      if (calls < 3) throw new Error('Workflow Update failed', { cause: failedTask() });
      return 'applied';
    }, quick);
    expect({ answer, calls }).toEqual({ answer: 'applied', calls: 3 });
  });

  it('answers 503 WORKFLOW_RECOVERING when the workflow does not recover within the budget', async () => {
    const started = Date.now();
    const refused = await whileWorkflowTaskRetries(() => Promise.reject(failedTask()), quick).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 'WORKFLOW_RECOVERING' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('passes any other error on at once', async () => {
    let calls = 0;
    const other = new Error('something else');
    await expect(whileWorkflowTaskRetries(() => (calls++, Promise.reject(other)), quick)).rejects.toBe(other);
    expect(calls).toBe(1);
    expect(isWorkflowTaskRetrying(other)).toBe(false);
  });

  describe('against a real workflow whose task keeps failing', () => {
    let h: EngineHarness;
    useEngineHarness((started) => (h = started));

    it('is refused by Temporal as a workflow task in failed state, which the API answers 503, not 500', async () => {
      const workflowId = `broken-${Date.now()}`;
      await h.env.client.workflow.start('testBrokenWorkflowTask', { workflowId, taskQueue: h.taskQueue, args: [] });
      // Let its first workflow task fail.
      await new Promise((r) => setTimeout(r, 1500));
      const raw = await h.env.client.workflow
        .getHandle(workflowId)
        .executeUpdate(settledUpdate)
        .catch((e: unknown) => e);
      expect(isWorkflowTaskRetrying(raw)).toBe(true);
      const answered = await updateRequest(h.env.client, workflowId, (handle) =>
        handle.executeUpdate(settledUpdate),
      ).catch((e: unknown) => e);
      expect(answered).toMatchObject({ status: 503, code: 'WORKFLOW_RECOVERING' });
      await h.env.client.workflow.getHandle(workflowId).terminate('test over');
    }, 60_000);

    it('answers a start tried again, whose run exists with its task failing, 503 too, not 500', async () => {
      const workflowId = `broken-start-${Date.now()}`;
      await h.env.client.workflow.start('testBrokenWorkflowTask', { workflowId, taskQueue: h.taskQueue, args: [] });
      await new Promise((r) => setTimeout(r, 1500));
      const deps = {
        temporal: async () => h.env.client,
        config: { temporal: { taskQueue: h.taskQueue } },
      } as unknown as Parameters<typeof startRequestWorkflow>[0];
      const def = { workflowType: 'testBrokenWorkflowTask' } as unknown as Parameters<typeof startRequestWorkflow>[1];
      const input = {
        requestId: workflowId,
        requestType: 'TEST_BROKEN',
        accountId: null,
        competentAuthority: null,
        startedBy: null,
      };
      const answered = await startRequestWorkflow(deps, def, input, { retry: true }).catch((e: unknown) => e);
      expect(answered).toMatchObject({ status: 503, code: 'WORKFLOW_RECOVERING' });
      await h.env.client.workflow.getHandle(workflowId).terminate('test over');
    }, 60_000);
  });
});
