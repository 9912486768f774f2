// The Temporal schedule that runs data retention (workflows/retention.ts). Made when the worker (or
// `npm start`) starts: created when missing, otherwise brought in line with the configuration, so
// starting again, or several workers starting at once, leaves exactly one schedule.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import { RETENTION_SCHEDULE_ID } from '../domain/retention';

export interface RetentionScheduleSettings {
  taskQueue: string;
  /** Cron expression in UK time. */
  schedule: string;
  dryRun: boolean;
}

function options(settings: RetentionScheduleSettings): ScheduleOptions {
  return {
    scheduleId: RETENTION_SCHEDULE_ID,
    spec: { cronExpressions: [settings.schedule], timezone: 'Europe/London' },
    action: {
      type: 'startWorkflow',
      workflowType: 'dataRetention',
      taskQueue: settings.taskQueue,
      args: [{ dryRun: settings.dryRun }],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
  };
}

export async function ensureRetentionSchedule(
  client: Client,
  settings: RetentionScheduleSettings,
): Promise<'created' | 'updated'> {
  const wanted = options(settings);
  try {
    await client.schedule.create(wanted);
    return 'created';
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
  // Two processes updating at once: the second's conflict token is stale, and it tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      await client.schedule.getHandle(RETENTION_SCHEDULE_ID).update((previous) => ({
        ...previous,
        spec: wanted.spec,
        action: wanted.action as any,
        policies: { ...previous.policies, ...wanted.policies },
      }));
      return 'updated';
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}
