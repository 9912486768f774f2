// The journeys' worker, in a bench child process: the engine's workflows (with the test processes
// and the bare journey of the Temporal floor) and the request activities, as the production worker
// runs them.
import { answerStats } from './process-stats';

export async function serveJourneyWorker(): Promise<void> {
  const { Worker, NativeConnection, DefaultLogger, Runtime } = await import('@temporalio/worker');
  // The activities read the process registry (a task's assignment e-mail, its access), as the
  // production worker's do: the processes and the test processes the journeys run.
  await import('../../processes');
  await import('../../test/processes/two-step');
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const { createDb } = await import('../../infra/db');
  const { createRequestActivities } = await import('../../activities/requests');
  const { withAuditContext } = await import('../../activities/audit-context');
  const { workerTuning } = await import('../../infra/temporal');
  const { loadConfig } = await import('../../infra/config');
  const db = createDb(process.env.DATABASE_URL!, { min: 0, max: 10 });
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  const worker = await Worker.create({
    connection,
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    // Bundled beforehand (the bench does it once), as a production worker started with
    // WORKFLOW_BUNDLE_PATH is: bundling in the worker leaves ~130 MB more of its memory taken.
    workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH! },
    // In their audit context, as the production worker runs them (activities/index.ts).
    activities: withAuditContext(createRequestActivities({ db, homeUrl: 'http://bench.test' })),
    maxConcurrentActivityTaskExecutions: 50,
    ...workerTuning(loadConfig().temporal),
  });
  const running = worker.run();
  answerStats();
  const stop = () => worker.getState() === 'RUNNING' && worker.shutdown();
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.send!({ port: 0 }); // ready
  await running;
  await connection.close();
  await db.destroy();
  process.exit(0);
}
