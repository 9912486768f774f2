// Deleting a compliance period's data once its retention has passed (domain/retention.ts), run by
// the `dataRetention` workflow on a Temporal schedule (workflows/retention.ts). Each request goes in
// its own transaction with its tasks, timeline, notes, submitted report, submission documents and files,
// and an audit entry saying why; a dry run only lists what would go. Running it again deletes
// nothing more: what was deleted is no longer found.
import type { Knex } from 'knex';
import type { Db } from '../infra/db';
import { loadConfig } from '../infra/config';
import { writeAuditEntry } from '../infra/audit';
import {
  deletableFrom,
  periodRequestTypePattern,
  type RetentionPeriodResult,
  type RetentionRequest,
  type RetentionResult,
} from '../domain/retention';

export interface RetentionOptions {
  years: number;
  periodEnds: Record<string, string>;
  now: () => Date;
}

type Counts = RetentionPeriodResult['counts'];
const zero = (): Counts => ({ requests: 0, tasks: 0, timeline: 0, notes: 0, reports: 0, documents: 0, files: 0 });

/** The files of a request: its note files and uploads, and the attachments of its tasks. */
const requestFiles = (db: Knex | Knex.Transaction, requestId: string) =>
  db('files').where((q) =>
    q
      .where({ request_id: requestId })
      .orWhereIn('request_task_id', db('request_task_history').where({ request_id: requestId }).select('id'))
      .orWhereIn('request_task_id', db('request_tasks').where({ request_id: requestId }).select('id')),
  );

async function countOf(q: Knex.QueryBuilder): Promise<number> {
  const row = await q.clone().clearSelect().count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

async function measure(db: Knex | Knex.Transaction, requestId: string): Promise<Counts> {
  return {
    requests: 1,
    tasks:
      (await countOf(db('request_tasks').where({ request_id: requestId }))) +
      (await countOf(db('request_task_history').where({ request_id: requestId }))),
    timeline: await countOf(db('request_actions').where({ request_id: requestId })),
    notes: await countOf(db('request_notes').where({ request_id: requestId })),
    reports: await countOf(db('reports').where({ request_id: requestId })),
    documents: await countOf(db('request_action_file_documents').where({ request_id: requestId })),
    files: await countOf(requestFiles(db, requestId)),
  };
}

async function deleteRequest(trx: Knex.Transaction, requestId: string): Promise<void> {
  const tasks = trx('request_task_history')
    .where({ request_id: requestId })
    .select('id')
    .union(trx('request_tasks').where({ request_id: requestId }).select('id'));
  // The submission documents' links first: they point at the files and timeline entries.
  await trx('request_action_file_documents').where({ request_id: requestId }).delete();
  await requestFiles(trx, requestId).delete();
  await trx('request_task_notices').whereIn('task_id', tasks.clone()).delete();
  await trx('request_task_visits').whereIn('task_id', tasks.clone()).delete();
  await trx('request_tasks').where({ request_id: requestId }).delete();
  await trx('request_task_history').where({ request_id: requestId }).delete();
  await trx('request_actions').where({ request_id: requestId }).delete();
  await trx('request_notes').where({ request_id: requestId }).delete();
  await trx('reports').where({ request_id: requestId }).delete();
  await trx('requests').where({ id: requestId }).delete();
}

const add = (a: Counts, b: Counts) => {
  for (const k of Object.keys(a) as (keyof Counts)[]) a[k] += b[k];
};

export async function applyRetention(
  db: Db,
  options: RetentionOptions,
  args: { dryRun: boolean },
): Promise<RetentionResult> {
  const now = options.now();
  const periods: RetentionPeriodResult[] = [];
  for (const [phase, periodEnd] of Object.entries(options.periodEnds).sort()) {
    const from = deletableFrom(periodEnd, options.years);
    const due = now.getTime() >= from.getTime();
    const result: RetentionPeriodResult = {
      phase,
      periodEnd,
      deletableFrom: from.toISOString(),
      due,
      requests: [],
      skipped: [],
      counts: zero(),
    };
    periods.push(result);
    if (!due) continue;
    const rows = await db('requests')
      .whereLike('type', periodRequestTypePattern(phase))
      .orderBy('id')
      .select('id', 'type', 'account_id', 'status');
    for (const row of rows) {
      const request: RetentionRequest = {
        requestId: row.id,
        type: row.type,
        accountId: row.account_id,
        status: row.status,
      };
      if (row.status === 'IN_PROGRESS') {
        result.skipped.push(request);
        continue;
      }
      if (args.dryRun) {
        add(result.counts, await measure(db, row.id));
        result.requests.push(request);
        continue;
      }
      const deleted = await db.transaction(async (trx) => {
        // Locked and checked again: a request re-initiated since the listing stays.
        const current = await trx('requests').where({ id: row.id }).forUpdate().first('status');
        if (!current || current.status === 'IN_PROGRESS') return null;
        const counts = await measure(trx, row.id);
        await writeAuditEntry(trx, {
          entity: 'retention',
          operation: 'DELETE',
          key: row.id,
          accountId: row.account_id,
          requestId: row.id,
          details: {
            phase,
            periodEnd,
            deletableFrom: from.toISOString(),
            retentionYears: options.years,
            type: row.type,
            deleted: counts,
          },
        });
        await deleteRequest(trx, row.id);
        return counts;
      });
      if (!deleted) continue;
      add(result.counts, deleted);
      result.requests.push(request);
    }
  }
  return { dryRun: args.dryRun, at: now.toISOString(), periods };
}

export function createRetentionActivities(options: { db: Db; retention?: RetentionOptions }) {
  const { db } = options;
  const retention = options.retention ?? loadConfig().retention;
  return {
    /** Deletes (or, dry, lists) the data of every compliance period whose retention has passed. */
    async applyDataRetention(args: { dryRun: boolean }): Promise<RetentionResult> {
      return applyRetention(db, retention, args);
    },
  };
}

export type RetentionActivities = ReturnType<typeof createRetentionActivities>;
