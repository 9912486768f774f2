// What the batch workflows' tests over a compliance list share (workflows/compliance-chase.test.ts,
// processes/request-for-information/batch-workflow.test.ts): a real Temporal dev server, the API, a Welsh regulator, a mix of 40
// accounts whose action plans not submitted are overdue but those whose due date was moved (20 of
// them: the list), and the real worker.ts in a process of its own, which a test starts and SIGKILLs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { startApi, type ApiHarness } from './api-harness';
import { startTestTemporal } from './temporal';
import { testClock } from './clock';
import { bearer, verifyTestToken } from './tokens';
import { createUser, grantRegulator, type TestUser } from './factories';
import { seedComplianceMix, type MixAccount } from './compliance-mix';
import { bundleWorkflows } from './workflow-bundle';
import { WorkerProcess } from '../scripts/fault/worker-process';
import { loadConfig } from '../infra/config';
import { ACTION_PLAN } from '../processes';

export interface ComplianceBatchHarness {
  env: TestWorkflowEnvironment;
  api: ApiHarness;
  regulator: TestUser;
  worker: WorkerProcess;
  mix: MixAccount[];
  /** The list: the mix's overdue action plans. */
  list: { requestType: string; state: 'OVERDUE'; search: string };
  /** A call to /api/v1.0/compliance… as the regulator, or as another user. */
  call: (p: string, init?: { method?: string; body?: unknown; as?: TestUser }) => ReturnType<ApiHarness['request']>;
}

/** Starts it all before the file's tests and stops it after; its fields are there once they run. */
export function complianceBatchHarness(
  name: string,
  namePrefix: string,
  regulatorName: { firstName: string; lastName: string },
): ComplianceBatchHarness {
  const tag = `${namePrefix} ${Math.random().toString(36).slice(2, 7)}`;
  const taskQueue = `${name}-${process.pid}-${Date.now()}`;
  const h = { list: { requestType: ACTION_PLAN, state: 'OVERDUE' as const, search: tag } } as ComplianceBatchHarness;
  h.call = async (p, init = {}) =>
    h.api.request(`/api/v1.0/compliance${p}`, {
      method: init.method ?? 'GET',
      headers: { ...(await bearer(init.as ?? h.regulator)), 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `esos-${name}-`));
    const [started, bundle] = await Promise.all([startTestTemporal(), bundleWorkflows(dir)]);
    h.env = started;
    const base = loadConfig();
    h.api = await startApi({
      config: {
        ...base,
        databaseUrl: process.env.ESOS_TEST_DATABASE_URL!,
        temporal: { ...base.temporal, taskQueue },
        reporting: { ...base.reporting, now: testClock },
      },
      temporal: () => Promise.resolve(h.env.client as Client),
      verifyToken: verifyTestToken,
    });
    h.regulator = await createUser(h.api.deps.db, regulatorName);
    await grantRegulator(h.api.deps.db, h.regulator, 'WALES');
    h.mix = await seedComplianceMix(h.api.deps.db, { ca: 'WALES', count: 40, namePrefix: tag, now: testClock() });
    h.worker = new WorkerProcess(
      {
        DATABASE_URL: process.env.ESOS_TEST_DATABASE_URL!,
        TEMPORAL_ADDRESS: h.env.address,
        TEMPORAL_TASK_QUEUE: taskQueue,
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        WORKFLOW_BUNDLE_PATH: bundle,
        NODE_ENV: 'test',
        METRICS_PORT: '',
      },
      path.join(dir, 'worker.log'),
    );
  });

  afterAll(async () => {
    await h.worker?.stop();
    await h.api?.close();
    await h.env?.teardown();
  });
  return h;
}

/** Polls `probe` every 250 ms until it gives something, for at most `ms`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 180_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
