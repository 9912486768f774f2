// Journeys on one Temporal set-up, with an API (node:cluster) and a worker of their own so every
// process's CPU is its own: 1 user, 10 users, then the full load; then the Temporal floor on the
// same server and worker process, right after. Figures per journey and per process.
import type { Knex } from 'knex';
import { startChild, stopChild, type BenchChild } from './children';
import { driveBareJourneys, driveJourneys } from './journeys';
import { options } from './options';
import { cpuSince, postgresCpu, processCpuMs, processPeakRssMb } from './process-stats';
import type { TemporalSetup } from './temporal-setups';

export type JourneyFigures = Awaited<ReturnType<typeof journeysOn>>;

export async function journeysOn(setup: TemporalSetup, env: NodeJS.ProcessEnv, statsDb: Knex, logTag: string) {
  const { Connection, Client } = await import('@temporalio/client');
  const taskQueue = `bench-${process.pid}-${setup.pid}`;
  const childEnv = { ...env, TEMPORAL_ADDRESS: setup.address, TEMPORAL_TASK_QUEUE: taskQueue };
  const api = await startChild('api', childEnv, `api-journeys-${logTag}.log`);
  const worker = await startChild('journey-worker', childEnv, `worker-${logTag}.log`);
  const connection = await Connection.connect({ address: setup.address });
  const client = new Client({ connection });
  const databases = ['esos_bench', ...setup.pgDatabases];
  try {
    await driveJourneys(api.port, client, taskQueue, 5, 5); // warm-up: connections, bundles, JIT
    const one = await driveJourneys(api.port, client, taskQueue, options.journeysOne, 1);
    const ten = await driveJourneys(api.port, client, taskQueue, options.journeysTen, 10);
    const before = {
      temporal: processCpuMs(setup.pid),
      worker: (await worker.stats()).cpuMs,
      api: await api.stats(),
      pg: await postgresCpu(statsDb, databases),
    };
    const full = await driveJourneys(api.port, client, taskQueue, options.workflows, options.concurrency);
    const after = {
      temporal: processCpuMs(setup.pid),
      worker: (await worker.stats()).cpuMs,
      api: await api.stats(),
      pg: await postgresCpu(statsDb, databases),
    };
    const n = Math.max(1, full.completed);
    const history = await Promise.all(
      full.requestIds
        .slice(0, 5)
        .map(async (id) => (await client.workflow.getHandle(id).fetchHistory()).events?.length ?? 0),
    );
    const bare = await theTemporalFloor(setup, worker, client, taskQueue, statsDb);
    return {
      one,
      ten,
      full,
      cpuPerJourney: {
        temporal: (after.temporal - before.temporal) / n,
        worker: (after.worker - before.worker) / n,
        api: (after.api.cpuMs - before.api.cpuMs) / n,
        postgres: cpuSince(before.pg, after.pg) / n,
      },
      events: history.length ? history.reduce((a, b) => a + b, 0) / history.length : 0,
      bare,
      rss: {
        temporal: processPeakRssMb(setup.pid),
        worker: (await worker.stats()).maxRssMb,
        api: (await api.stats()).each ?? [(await api.stats()).maxRssMb],
      },
    };
  } finally {
    await connection.close();
    for (const child of [worker, api]) await stopChild(child);
  }
}

/** The bare journeys on the same server and worker: 1 user, 10 users, the full load; CPU per journey. */
async function theTemporalFloor(
  setup: TemporalSetup,
  worker: BenchChild,
  client: import('@temporalio/client').Client,
  taskQueue: string,
  statsDb: Knex,
) {
  await driveBareJourneys(client, taskQueue, 5, 5);
  const one = await driveBareJourneys(client, taskQueue, options.journeysOne, 1);
  const ten = await driveBareJourneys(client, taskQueue, options.journeysTen, 10);
  const before = {
    temporal: processCpuMs(setup.pid),
    worker: (await worker.stats()).cpuMs,
    pg: await postgresCpu(statsDb, setup.pgDatabases),
  };
  const full = await driveBareJourneys(client, taskQueue, options.workflows, options.concurrency);
  const after = {
    temporal: processCpuMs(setup.pid),
    worker: (await worker.stats()).cpuMs,
    pg: await postgresCpu(statsDb, setup.pgDatabases),
  };
  const n = Math.max(1, full.completed);
  return {
    one,
    ten,
    full,
    cpuPerJourney: {
      temporal: (after.temporal - before.temporal) / n,
      worker: (after.worker - before.worker) / n,
      postgres: cpuSince(before.pg, after.pg) / n,
    },
  };
}
