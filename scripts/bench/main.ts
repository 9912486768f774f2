// `npm run bench`: the submission PDF's render time, the work-item lists under load against a bare
// floor, and the workflow journeys on both Temporal set-ups against the Temporal floor; then issue
// 31's goals with ✓ or ✗. Options and what each table means: docs/performance.md.
//
// Seeds its own database (esos_bench) with 10,000 accounts and 100,000 open tasks, runs the API, the
// floor and the journeys' worker in child processes (so their peak RSS is their own and the load
// generator does not share their event loop). Bearer tokens are ES256 JWTs checked by the production
// verifier. The servers' logs go to the run's folder (.data/bench/<time>/), named at the end.
import { firstLoadKb } from './first-load';
import { benchLighthouse } from './lighthouse';
import { benchDeadlineDay } from './deadline-day';
import { benchLargeGroup } from './large-group';
import { printGoals, type RunFigures } from './goals';
import { benchJourneys } from './journeys-table';
import { benchLists } from './lists';
import { agent } from './load';
import { benchDatabaseUrl, options } from './options';
import { benchSubmissionPdf } from './pdf';
import { runFolderForHumans } from './run-folder';
import { seed } from './seed';
import { ensureClusterServer } from './temporal-setups';
import { createSigningKey } from './tokens';

async function main(): Promise<void> {
  if (options.lighthouse) return benchLighthouse();
  if (options.deadlineDay) return benchDeadlineDay();
  if (options.largeGroup) return benchLargeGroup().finally(() => agent.destroy());
  await benchSubmissionPdf();
  if (options.pdfOnly) return;
  if (!options.skipLargeGroup) await benchLargeGroup();
  // Before anything is measured: a cluster that cannot be built fails the run now, not in an hour.
  if (!options.skipWorkflows && !options.skipCluster) await ensureClusterServer();
  const figures: RunFigures = { firstLoadKb: await firstLoadKb() };
  await seed();
  const { DefaultLogger, Runtime } = await import('@temporalio/worker');
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const env = await childEnv();
  const { createDb } = await import('../../infra/db');
  const statsDb = createDb(benchDatabaseUrl, { min: 0, max: 1 });
  try {
    if (!options.skipLists) figures.lists = await benchLists(env, statsDb);
    if (!options.skipWorkflows) figures.journeys = await benchJourneys(env, statsDb);
  } finally {
    agent.destroy();
    await statsDb.destroy();
  }
  printGoals(figures);
}

/** The environment of the API and worker processes. */
async function childEnv(): Promise<NodeJS.ProcessEnv> {
  const jwk = await createSigningKey();
  return {
    ...process.env,
    DATABASE_URL: benchDatabaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    // The lists need no workflow engine; the journeys start API processes of their own.
    TEMPORAL_ADDRESS: '127.0.0.1:1',
    SEED_DEMO_DATA: 'false',
    BENCH_JWK: JSON.stringify(jwk),
    BENCH_TOKEN_CACHE: String(options.tokenCache),
    BENCH_API_PROCESSES: String(options.apiProcesses),
    BENCH_LOG_LEVEL: options.logLevel ?? 'silent',
  };
}

const nameTheRunFolder = () => {
  const folder = runFolderForHumans();
  if (folder) console.log(`\nthe servers' logs${options.cpuProfile ? ' and CPU profiles' : ''}: ${folder}/`);
};

main()
  .then(nameTheRunFolder)
  .catch((err) => {
    console.error(err);
    nameTheRunFolder();
    process.exit(1);
  });
