// What the batches over a compliance list share (a chase, a request for information batch): the
// batch's row kept only once its workflow started, and its progress read of the outcomes its
// workflow wrote, one row an organisation (a chase's compliance_reminders, an RFI batch's
// rfi_batch_requests): the counts by outcome, those not yet decided PENDING, and the first
// organisations by name with their row, if any.
import type { AppDeps } from '../deps';

/** Keeps the batch's row and starts its workflow (`workflow` of the new id); its id. Not started, nothing was sent, so the row is not kept. */
export async function startBatch(
  deps: AppDeps,
  table: 'compliance_chases' | 'rfi_batches',
  row: Record<string, unknown>,
  workflow: (id: number) => { type: string; workflowId: string; args: unknown[] },
): Promise<number> {
  const [inserted] = await deps.db(table).insert(row).returning('id');
  const id = Number(inserted.id);
  try {
    const client = await deps.temporal();
    const { type, workflowId, args } = workflow(id);
    await client.workflow.start(type, { workflowId, taskQueue: deps.config.temporal.taskQueue, args });
  } catch (err) {
    await deps.db(table).where({ id }).delete();
    throw err;
  }
  return id;
}

/** The most organisations the progress page lists by name. */
const PROGRESS_LISTED = 1000;

interface OutcomeTable {
  table: 'compliance_reminders' | 'rfi_batch_requests';
  /** Its column naming the batch. */
  batch: 'chase_id' | 'batch_id';
  /** Statuses still being decided, counted as PENDING. */
  undecided?: string;
}

export async function batchOutcomes<K extends string, Row>(
  db: AppDeps['db'],
  t: OutcomeTable,
  id: number,
  accountIds: number[],
  outcomes: readonly K[],
  columns: string,
) {
  const total = accountIds.length;
  const { rows: counted } = await db.raw<{ rows: { status: K; n: number }[] }>(
    `select status, count(*)::int as n from ${t.table} where ${t.batch} = ?${t.undecided ? ` and status <> '${t.undecided}'` : ''} group by status`,
    [id],
  );
  const counts = Object.fromEntries([...outcomes.map((k) => [k, 0]), ['PENDING', total]]) as Record<
    K | 'PENDING',
    number
  >;
  for (const c of counted) {
    counts[c.status] = c.n;
    counts.PENDING -= c.n;
  }
  const { rows } = await db.raw<{ rows: ({ id: number; name: string; status: string | null } & Row)[] }>(
    `select a.id, a.name, o.status, ${columns}
       from unnest(?::int[]) as x(id) join accounts a on a.id = x.id
       left join ${t.table} o on o.${t.batch} = ? and o.account_id = a.id
      order by a.name, a.id limit ?`,
    [accountIds, id, PROGRESS_LISTED],
  );
  return { total, counts, rows };
}
