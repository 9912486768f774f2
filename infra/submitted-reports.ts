// The submitted reports of one process in a competent authority, with their accounts' facts and the
// related report (an action plan's notification), oldest submission first: the rows of the MI
// submitted-data report (api/mi-reports/standard.ts) and of published data (activities/published-data.ts),
// read in batches through a cursor so a large authority's rows are never all in memory.
import type { Knex } from 'knex';
import type { CompetentAuthority } from '../domain/authorities';

export function submittedReportsQuery(
  db: Knex,
  ca: CompetentAuthority,
  report: { requestType: string; related?: string },
  phase?: string,
): Knex.QueryBuilder {
  return db('reports as p')
    .join('accounts as a', 'a.id', 'p.account_id')
    .where({ 'a.competent_authority': ca, 'p.type': report.requestType })
    .modify((q) => {
      if (phase) q.where('p.phase', phase);
      if (report.related)
        q.leftJoin('reports as rel', (j) =>
          j.on('rel.account_id', 'p.account_id').andOnVal('rel.type', report.related!),
        ).select('rel.request_id as related_id', 'rel.submitted_at as related_submitted_at');
    })
    .orderBy([{ column: 'p.submitted_at' }, { column: 'p.request_id' }])
    .select('p.request_id', 'p.data', 'p.submitted_at', 'a.name', 'a.registration_number', 'a.status');
}

const BATCH = 500;

/** Rows of a query in batches, through a cursor of the transaction. */
export async function* cursorBatches(
  trx: Knex.Transaction,
  cursor: string,
  query: Knex.QueryBuilder,
): AsyncGenerator<Record<string, unknown>[]> {
  const { sql, bindings } = query.toSQL();
  await trx.raw(`declare ${cursor} no scroll cursor for ${sql}`, bindings);
  for (;;) {
    const { rows } = await trx.raw(`fetch forward ${BATCH} from ${cursor}`);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) break;
  }
  await trx.raw(`close ${cursor}`);
}
