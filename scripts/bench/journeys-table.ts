// The journeys on both Temporal set-ups, one after the other in the same run, printed side by side
// with the Temporal floor and the ratios to it.
import os from 'node:os';
import type { Knex } from 'knex';
import { journeysOn, type JourneyFigures } from './journey-runs';
import { loadAverage, options } from './options';
import { runFolder } from './run-folder';
import { startClusterServer, startDevServer, type TemporalSetup } from './temporal-setups';

export interface SetupFigures {
  name: string;
  r: JourneyFigures;
}

const sum = (cpu: Record<string, number>) => Object.values(cpu).reduce((a, b) => a + b, 0);

export async function benchJourneys(env: NodeJS.ProcessEnv, statsDb: Knex): Promise<SetupFigures[]> {
  const setups: { tag: string; start: () => Promise<TemporalSetup> }[] = [
    { tag: 'dev-server', start: startDevServer },
    ...(options.skipCluster ? [] : [{ tag: 'cluster', start: startClusterServer }]),
  ];
  const results: SetupFigures[] = [];
  const { bundleWorkflows } = await import('../../test/workflow-bundle');
  const bundle = await bundleWorkflows(runFolder(), require.resolve('../../test/workflows/index'));
  const workerEnv = { ...env, WORKFLOW_BUNDLE_PATH: bundle };
  for (const { tag, start } of setups) {
    const setup = await start();
    try {
      results.push({ name: setup.name, r: await journeysOn(setup, workerEnv, statsDb, tag) });
    } finally {
      await setup.stop();
    }
  }
  printJourneys(results);
  return results;
}

function printJourneys(results: SetupFigures[]): void {
  const row = (label: string, f: (r: JourneyFigures) => string) =>
    console.log(`${label.padEnd(44)}${results.map(({ r }) => f(r).padStart(30)).join('')}`);
  const { workflows, concurrency } = options;
  console.log(
    `\njourneys start → submit → assign → decide through the API (${options.apiProcesses} API processes, 1 worker process); ${os.cpus().length} cores, load average ${loadAverage()}`,
  );
  console.log(`${''.padEnd(44)}${results.map(({ name }) => name.padStart(30)).join('')}`);
  row('1 user: submit → next task visible p50/p95', (r) => `${r.one.p50.toFixed(0)} / ${r.one.p95.toFixed(0)} ms`);
  row('10 users: submit → next task visible p50/p95', (r) => `${r.ten.p50.toFixed(0)} / ${r.ten.p95.toFixed(0)} ms`);
  row('10 users: completed/s', (r) => r.ten.perSecond.toFixed(1));
  row(
    `${workflows} journeys by ${concurrency} users: completed/s`,
    (r) => `${r.full.perSecond.toFixed(1)} (${r.full.completed} ok, ${r.full.errors} errors)`,
  );
  row(
    `${workflows} journeys: next task visible p50/p95`,
    (r) => `${r.full.p50.toFixed(0)} / ${r.full.p95.toFixed(0)} ms`,
  );
  row(
    '10 users: start → first task open p50/p95/max',
    (r) => `${r.ten.start.p50.toFixed(0)} / ${r.ten.start.p95.toFixed(0)} / ${r.ten.start.max.toFixed(0)} ms`,
  );
  row(
    `${workflows} journeys: start → first task open p50/p95/max`,
    (r) => `${r.full.start.p50.toFixed(0)} / ${r.full.start.p95.toFixed(0)} / ${r.full.start.max.toFixed(0)} ms`,
  );
  row('CPU ms per journey: Temporal server', (r) => r.cpuPerJourney.temporal.toFixed(1));
  row('CPU ms per journey: worker', (r) => r.cpuPerJourney.worker.toFixed(1));
  row('CPU ms per journey: API (all processes)', (r) => r.cpuPerJourney.api.toFixed(1));
  row('CPU ms per journey: PostgreSQL', (r) => r.cpuPerJourney.postgres.toFixed(1));
  row('CPU ms per journey: all', (r) => sum(r.cpuPerJourney).toFixed(1));
  row('history events per journey', (r) => r.events.toFixed(0));
  row(
    'peak RSS MB: Temporal / worker / API',
    (r) =>
      `${r.rss.temporal.toFixed(0)} / ${r.rss.worker.toFixed(0)} / ${r.rss.api.map((m) => m.toFixed(0)).join('+')}`,
  );
  console.log(
    '\nthe Temporal floor: the same start and three updates of a bare workflow (no activity, database or API), through the client, on the same server and worker',
  );
  row('1 user: update p50/p95', (r) => `${r.bare.one.p50.toFixed(0)} / ${r.bare.one.p95.toFixed(0)} ms`);
  row('10 users: update p50/p95', (r) => `${r.bare.ten.p50.toFixed(0)} / ${r.bare.ten.p95.toFixed(0)} ms`);
  row('10 users: completed/s', (r) => r.bare.ten.perSecond.toFixed(1));
  row(
    `${workflows} journeys by ${concurrency} users: completed/s`,
    (r) => `${r.bare.full.perSecond.toFixed(1)} (${r.bare.full.completed} ok, ${r.bare.full.errors} errors)`,
  );
  row(
    'CPU ms per journey: Temporal / worker / PG',
    (r) =>
      `${r.bare.cpuPerJourney.temporal.toFixed(1)} / ${r.bare.cpuPerJourney.worker.toFixed(1)} / ${r.bare.cpuPerJourney.postgres.toFixed(1)}`,
  );
  row('CPU ms per journey: all', (r) => sum(r.bare.cpuPerJourney).toFixed(1));
  console.log('\nours against the floor');
  row('CPU per journey, ours / floor', (r) => `${journeyCpuRatio(r).toFixed(2)}`);
  row(
    'CPU of Temporal + worker, ours / floor',
    (r) =>
      `${((r.cpuPerJourney.temporal + r.cpuPerJourney.worker) / (r.bare.cpuPerJourney.temporal + r.bare.cpuPerJourney.worker)).toFixed(2)}`,
  );
  row('CPU of the worker, ours / floor', (r) => `${workerCpuRatio(r).toFixed(2)}`);
  row('10 users: step p95, ours / floor', (r) => `${(r.ten.p95 / r.bare.ten.p95).toFixed(2)}`);
  row('full load: completed/s, floor / ours', (r) => `${(r.bare.full.perSecond / r.full.perSecond).toFixed(2)}`);
}

/** All CPU of a journey (Temporal, worker, API, PostgreSQL) over all of the floor's. */
export const journeyCpuRatio = (r: JourneyFigures) => sum(r.cpuPerJourney) / sum(r.bare.cpuPerJourney);

/** The worker's CPU per journey over the floor's worker's. */
export const workerCpuRatio = (r: JourneyFigures) => r.cpuPerJourney.worker / r.bare.cpuPerJourney.worker;
