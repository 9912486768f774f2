// The Temporal worker process: runs every workflow in workflows/ and activity in activities/ on the
// task queue `esos`, and makes sure the long-running system workflows are started.
import { DefaultLogger, Runtime, Worker, type LogLevel } from '@temporalio/worker';
import { WorkflowIdConflictPolicy } from '@temporalio/client';
// Defines every process in the registry that the activities read (domain/process-registry.ts).
import './processes';
import { createActivities } from './activities';
import { loadConfig } from './infra/config';
import { createDb, waitForSchema } from './infra/db';
import { createLogger } from './infra/logger';
import { createMailer } from './infra/mailer';
import { connectClient, connectWorker, ensureSearchAttributes, workerPolling } from './infra/temporal';
import { listenForQueuedEmails } from './infra/outbox-wake';
import { EMAIL_DISPATCHER_ID, emailQueuedSignal } from './workflows/email-outbox';
import { ensureRetentionSchedule } from './infra/retention-schedule';

export const workflowsPath = require.resolve('./workflows');

export async function startSystemWorkflows(client: Awaited<ReturnType<typeof connectClient>>, taskQueue: string) {
  await client.workflow.start('emailOutboxDispatcher', {
    workflowId: EMAIL_DISPATCHER_ID,
    taskQueue,
    args: [{}],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
  });
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const sdkLevels: Record<string, LogLevel> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', fatal: 'ERROR', silent: 'ERROR' };
  Runtime.install({ logger: new DefaultLogger(sdkLevels[config.logLevel] ?? 'INFO') });
  const db = createDb(config.databaseUrl);
  await waitForSchema(db, (reason) => logger.info({ reason }, 'waiting for the web process to migrate the database'));
  const client = await connectClient(config);
  await ensureSearchAttributes(client, config.temporal.namespace);
  const worker = await Worker.create({
    connection: await connectWorker(config),
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    // WORKFLOW_BUNDLE_PATH: workflows bundled beforehand (bundleWorkflowCode), so a restart skips bundling.
    ...(process.env.WORKFLOW_BUNDLE_PATH ? { workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH } } : { workflowsPath }),
    activities: createActivities({ db, mailer: createMailer(config.smtpUrl, config.mailFrom), mailDomain: new URL(config.publicUrl).hostname }),
    ...workerPolling,
  });
  await startSystemWorkflows(client, config.temporal.taskQueue);
  await ensureRetentionSchedule(client, { taskQueue: config.temporal.taskQueue, schedule: config.retention.schedule, dryRun: config.retention.dryRun });
  // A queued e-mail is sent at once, not at the dispatcher's next poll.
  const outboxWake = listenForQueuedEmails(config.databaseUrl, () => client.workflow.getHandle(EMAIL_DISPATCHER_ID).signal(emailQueuedSignal), {
    onError: (err) => logger.warn({ err: err.message }, 'e-mail outbox wake-up'),
  });
  logger.info({ taskQueue: config.temporal.taskQueue, address: config.temporal.address }, 'worker started');
  await worker.run();
  await outboxWake.stop();
  await db.destroy();
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
