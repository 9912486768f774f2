// Shared set-up of the engine's tests: a real Temporal dev server, a worker running the test
// workflows with the real activities, and the real API pointed at both.
import fs from 'node:fs';
import path from 'node:path';
import {
  bundleWorkflowCode,
  DefaultLogger,
  Runtime,
  Worker,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { temporal } from '@temporalio/proto';
import type { Client } from '@temporalio/client';
// The product's processes, defined in the registry the activities read.
import '../../processes';
import { createRequestActivities } from '../../activities/requests';
import { createAccountActivities } from '../../activities/accounts';
import { createReportActivities } from '../../activities/reports';
import { createDocumentActivities } from '../../activities/documents';
import { loadConfig } from '../../infra/config';
import type { Db } from '../../infra/db';
import { startApi, type ApiHarness } from '../api-harness';
import { startTestTemporal } from '../temporal';
import { testClock } from '../clock';
import { bearer, verifyTestToken, type TokenUser } from '../tokens';
import { createRetentionActivities, type RetentionOptions } from '../../activities/retention';
import { withAuditContext } from '../../activities/audit-context';

export const historiesDir = path.resolve(__dirname, '..', '..', 'test', 'histories');

export function bundleTestWorkflows(): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: require.resolve('./index'), logger: new DefaultLogger('WARN') });
}

export interface EngineHarness {
  env: TestWorkflowEnvironment;
  api: ApiHarness;
  db: Db;
  taskQueue: string;
  /** Data retention's settings and clock, read by the activity at each run: tests move `now`. */
  retention: RetentionOptions;
  /** Starts a worker; `stop()` shuts it down the way a deploy or crash-restart would. */
  startWorker: () => Promise<{ stop: () => Promise<void> }>;
  close: () => Promise<void>;
}

export async function startEngineHarness(): Promise<EngineHarness> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const [env, bundle] = await Promise.all([startTestTemporal(), bundleTestWorkflows()]);
  const taskQueue = `engine-${process.pid}-${Date.now()}`;
  const base = loadConfig();
  const api = await startApi({
    config: {
      ...base,
      databaseUrl: process.env.ESOS_TEST_DATABASE_URL!,
      temporal: { ...base.temporal, taskQueue },
      reporting: { ...base.reporting, now: testClock },
    },
    temporal: () => Promise.resolve(env.client as Client),
    verifyToken: verifyTestToken,
  });
  const db = api.deps.db;
  // Data retention's settings and clock, which a test may change (the activity reads them per run).
  const retention = { ...base.retention, now: testClock };
  const workers = new Set<Worker>();
  const startWorker = async () => {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: bundle,
      // Each run in its audit context, as the real worker's are (activities/index.ts).
      activities: withAuditContext({
        ...createRequestActivities({ db, homeUrl: 'http://esos.test' }),
        ...createAccountActivities({ db, homeUrl: 'http://esos.test' }),
        ...createReportActivities({ db }),
        ...createRetentionActivities({ db, retention }),
        ...createDocumentActivities({ db }),
      }),
    });
    workers.add(worker);
    const running = worker.run();
    return {
      stop: async () => {
        worker.shutdown();
        await running;
        workers.delete(worker);
      },
    };
  };
  return {
    env,
    api,
    db,
    taskQueue,
    retention,
    startWorker,
    close: async () => {
      for (const w of workers) w.shutdown();
      await api.close();
      await env.teardown();
    },
  };
}

/**
 * With RECORD_HISTORIES=1, saves a workflow's history for the replay test. The JSON is protobufjs's
 * object form (enum names, base64 bytes, string longs): the SDK's historyToJSON/historyFromJSON
 * fail in this install (two protobufjs majors), and this form round-trips with fromObject.
 */
export async function maybeRecordHistory(client: Client, workflowId: string, name: string): Promise<void> {
  if (!process.env.RECORD_HISTORIES) return;
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const json = temporal.api.history.v1.History.toObject(history as temporal.api.history.v1.History, {
    longs: String,
    enums: String,
    bytes: String,
  });
  fs.mkdirSync(historiesDir, { recursive: true });
  // RECORD_HISTORIES=1 writes name.json; any other value is a suffix (name-<value>.json), to keep
  // the histories of an earlier code path beside the new ones.
  const suffix = process.env.RECORD_HISTORIES === '1' ? '' : `-${process.env.RECORD_HISTORIES}`;
  fs.writeFileSync(path.join(historiesDir, `${name}${suffix}.json`), `${JSON.stringify(json, null, 1)}\n`);
}

/** A saved history, ready for Worker.runReplayHistories. */
export function loadHistory(file: string): temporal.api.history.v1.IHistory {
  return temporal.api.history.v1.History.fromObject(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Calls the API under /api/v1.0 as the user, with a JSON body. */
export async function callAs(
  api: ApiHarness,
  user: TokenUser,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return api.request(`/api/v1.0${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(await bearer(user)), 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/**
 * A test file's harness with a running worker: started before its tests, closed after them, the
 * reporting clock put back after each test. `onStart` receives the harness; the answer stops and
 * starts the worker, as a deploy or a crash-restart would.
 */
export function useEngineHarness(onStart: (h: EngineHarness) => void) {
  let h: EngineHarness | undefined;
  let worker: { stop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    h = await startEngineHarness();
    worker = await h.startWorker();
    onStart(h);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await h?.close();
  });
  afterEach(() => {
    if (h) h.api.deps.config.reporting.now = testClock;
  });
  return {
    stop: async () => {
      await worker?.stop();
      worker = undefined;
    },
    start: async () => {
      worker = await h!.startWorker();
    },
  };
}

/** `callAs` bound to a harness that a test file starts later. */
export const callerOf =
  (harness: () => EngineHarness) => (user: TokenUser, path: string, init?: Parameters<typeof callAs>[3]) =>
    callAs(harness().api, user, path, init);
