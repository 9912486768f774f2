// The Temporal worker process: runs every workflow in workflows/ and activity in activities/ on the
// task queue `esos`, and makes sure the long-running system workflows are started.
// First: with tracing on, it patches `pg` before anything loads it (infra/tracing.ts).
import { startTracing, type Tracing } from './infra/tracing';
import {
  DefaultLogger,
  Runtime,
  Worker,
  type LogLevel,
  type RuntimeOptions,
  type WorkerOptions,
} from '@temporalio/worker';
import { WorkflowIdConflictPolicy } from '@temporalio/client';
// Defines every process in the registry that the activities read (domain/process-registry.ts).
import './processes';
import { createActivities } from './activities';
import { loadConfig, mailServerProblem, type Config } from './infra/config';
import { createDb, waitForSchema } from './infra/db';
import { createLogger } from './infra/logger';
import { createMailer } from './infra/mailer';
import { connectClient, connectWorker, ensureSearchAttributes, workerTuning } from './infra/temporal';
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
  const mailProblem = mailServerProblem(config);
  if (mailProblem) throw new Error(mailProblem);
  const logger = createLogger(config.logLevel);
  const sdkLevels: Record<string, LogLevel> = {
    trace: 'TRACE',
    debug: 'DEBUG',
    info: 'INFO',
    warn: 'WARN',
    error: 'ERROR',
    fatal: 'ERROR',
    silent: 'ERROR',
  };
  Runtime.install({
    logger: new DefaultLogger(sdkLevels[config.logLevel] ?? 'INFO'),
    telemetryOptions: runtimeTelemetry(config.metrics),
  });
  const tracing = startTracing('esos-worker');
  const db = createDb(config.databaseUrl);
  await waitForSchema(db, (reason) => logger.info({ reason }, 'waiting for the web process to migrate the database'));
  const client = await connectClient(config);
  await ensureSearchAttributes(client, config.temporal.namespace);
  const worker = await Worker.create({
    connection: await connectWorker(config),
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    // WORKFLOW_BUNDLE_PATH: workflows bundled beforehand (bundleWorkflowCode), so a restart skips bundling.
    ...(process.env.WORKFLOW_BUNDLE_PATH
      ? { workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH } }
      : { workflowsPath }),
    activities: createActivities({
      db,
      mailer: createMailer(config.smtpUrl, config.mailFrom),
      mailDomain: new URL(config.publicUrl).hostname,
    }),
    ...workerTuning(config.temporal),
    ...(tracing ? tracingOptions(tracing) : {}),
  });
  await startSystemWorkflows(client, config.temporal.taskQueue);
  await ensureRetentionSchedule(client, {
    taskQueue: config.temporal.taskQueue,
    schedule: config.retention.schedule,
    dryRun: config.retention.dryRun,
  });
  // A queued e-mail is sent at once, not at the dispatcher's next poll.
  const outboxWake = listenForQueuedEmails(
    config.databaseUrl,
    () => client.workflow.getHandle(EMAIL_DISPATCHER_ID).signal(emailQueuedSignal),
    {
      onError: (err) => logger.warn({ err: err.message }, 'e-mail outbox wake-up'),
    },
  );
  logger.info({ taskQueue: config.temporal.taskQueue, address: config.temporal.address }, 'worker started');
  await worker.run();
  await outboxWake.stop();
  await db.destroy();
  await tracing?.shutdown();
}

/**
 * The SDK's own metrics (workflow task and activity latencies, pollers, slots, sticky cache) in
 * Prometheus format at http://METRICS_HOST:METRICS_PORT/metrics, durations in seconds with the unit
 * in their names (temporal_activity_execution_latency_seconds); counters keep the SDK's names
 * (temporal_workflow_completed), which Temporal's dashboards read.
 */
export function runtimeTelemetry(metrics: Config['metrics']): RuntimeOptions['telemetryOptions'] {
  if (metrics.port === null) return undefined;
  return {
    metrics: {
      prometheus: { bindAddress: `${metrics.host}:${metrics.port}`, useSecondsForDurations: true, unitSuffix: true },
    },
  };
}

/**
 * Traces through the worker: each workflow's run, updates and activity starts (interceptors in the
 * workflow bundle, their spans leaving through the `exporter` sink) and each activity's run, in
 * whose context its SQL is traced. A bundle made beforehand (WORKFLOW_BUNDLE_PATH) must have been
 * made with `workflowInterceptorModules: [otelWorkflowInterceptors]` for the workflows' spans.
 */
function tracingOptions(tracing: Tracing): Partial<WorkerOptions> {
  const otel: typeof import('@temporalio/interceptors-opentelemetry') = require('@temporalio/interceptors-opentelemetry');
  return {
    interceptors: {
      workflowModules: [otelWorkflowInterceptors],
      activity: [
        (ctx) => ({
          inbound: new otel.OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new otel.OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    sinks: { exporter: otel.makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
  };
}

export const otelWorkflowInterceptors =
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
