// The publishDataset workflow when its worker dies half-way through writing the files (issue 40;
// the fault run kills it there): the attempt stops heartbeating, Temporal gives it up within the
// heartbeat timeout (30 s) and the retry builds the version — ready in about a minute, not after
// the attempt's 10-minute start-to-close timeout, while its regulator watches 'Reading'.
// Real Temporal dev server and worker; the dead worker is an attempt that never answers again.
import { DefaultLogger, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import '../processes';
import { createDb, type Db } from '../infra/db';
import { createPublishedDataActivities, type PublicationStep } from '../activities/published-data';
import { withAuditContext } from '../activities/audit-context';
import { startTestTemporal } from '../test/temporal';
import { createUser } from '../test/factories';
import { publishedDataWorkflowId } from '../domain/published-data';

let env: TestWorkflowEnvironment;
let db: Db;

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  env = await startTestTemporal();
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 3 });
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await env?.teardown();
});

it('builds the version again within the heartbeat timeout when the worker dies while it writes the files', async () => {
  const regulator = await createUser(db);
  const key = { competent_authority: 'SCOTLAND', report_type: 'NOC_SUBMITTED_DATA_P3', phase: 'P3' };
  const last = await db('published_datasets').where(key).max<{ max: number | null }[]>({ max: 'version' }).first();
  const [{ id }] = await db('published_datasets')
    .insert({
      ...key,
      version: (last?.max ?? 0) + 1,
      status: 'BUILDING',
      description: 'Killed half-way',
      requested_by: regulator.id,
      workflow_id: 'pending',
    })
    .returning(['id']);

  const real = createPublishedDataActivities({ db });
  let attempts = 0;
  let wakeTheDead = () => {};
  const activities = {
    ...real,
    // The first attempt reads, then its worker is gone: no heartbeat, no answer.
    async writePublishedFiles(step: PublicationStep) {
      attempts++;
      if (attempts > 1) return real.writePublishedFiles(step);
      await db('published_datasets').where({ id: step.datasetId }).update({ progress: 'READING' });
      await new Promise<void>((resolve) => (wakeTheDead = resolve));
      return { rows: -1 };
    },
  };
  const taskQueue = `published-data-heartbeat-${process.pid}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await bundleWorkflowCode({
      workflowsPath: require.resolve('./published-data'),
      logger: new DefaultLogger('WARN'),
    }),
    activities: withAuditContext(activities),
  });
  const running = worker.run();
  try {
    const asked = Date.now();
    const result = await env.client.workflow.execute('publishDataset', {
      workflowId: publishedDataWorkflowId(id),
      taskQueue,
      args: [{ datasetId: id, by: { userId: regulator.id, fullName: 'Pat Publisher' } }],
    });
    const took = Date.now() - asked;
    expect(attempts).toBe(2);
    // 30 s of heartbeat timeout, 2 s before the retry, the build: minutes less than 10 even on a loaded machine.
    expect(took).toBeLessThan(3 * 60_000);
    const version = await db('published_datasets').where({ id }).first('status', 'progress', 'row_count');
    expect(version).toEqual({ status: 'READY', progress: 'DONE', row_count: result.rows });
    const files = await db('published_dataset_files').where({ dataset_id: id }).orderBy('format').pluck('format');
    expect(files).toEqual(['csv', 'xlsx']);
  } finally {
    wakeTheDead();
    worker.shutdown();
    await running;
  }
}, 150_000);
