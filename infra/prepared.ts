// Hot read queries as statements PREPAREd once per pooled connection, run with a generic plan.
// The dashboard lists and the caller lookup run on every call; planning their joins cost more than
// running them (about 2 ms against 0.1–2 ms, EXPLAIN in the README), and PostgreSQL never picks the
// generic plan by itself for the lists, because it cannot cost their totals without the parameters.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { escapeLiteral, type Client as PgClient } from 'pg';

interface Statement {
  name: string;
  /** The SQL with $1…$n, as PREPARE takes it. */
  text: string;
}

/** Per SQL text (with ? placeholders): its statement name and native text, worked out once. */
const statements = new Map<string, Statement>();
/** Statements already PREPAREd, per pooled connection. */
const preparedOn = new WeakMap<object, Set<string>>();

function statementFor(db: Knex, sql: string, bindingCount: number): Statement {
  let found = statements.get(sql);
  if (!found) {
    // knex numbers the placeholders (and leaves ?? and \? alone) as it does for every query.
    const text = db.raw(sql, Array.from({ length: bindingCount }, () => null)).toSQL().toNative().sql;
    found = { name: `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
    statements.set(sql, found);
  }
  return found;
}

/** A value as an SQL literal for EXECUTE: whole numbers, strings quoted by the driver, arrays of them. */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string') return escapeLiteral(value);
  if (Array.isArray(value) && value.length > 0) return `array[${value.map(literal).join(', ')}]`;
  throw new Error(`a prepared-statement binding cannot be written as a literal: ${typeof value}`);
}

/**
 * Runs `sql` (? placeholders; bindings whole numbers, strings or non-empty arrays of them) as a
 * prepared statement with a generic plan. Each call is one round trip: SET plan_cache_mode,
 * EXECUTE, RESET (on an error the implicit transaction rolls the setting back, so it never outlives
 * the call or reaches other queries on the connection).
 */
export async function queryPrepared<Row = Record<string, unknown>>(db: Knex, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  const statement = statementFor(db, sql, bindings.length);
  const args = bindings.map(literal).join(', ');
  const connection = (await db.client.acquireConnection()) as PgClient;
  try {
    let names = preparedOn.get(connection);
    if (!names) preparedOn.set(connection, (names = new Set()));
    if (!names.has(statement.name)) {
      await connection.query(`prepare ${statement.name} as ${statement.text}`);
      names.add(statement.name);
    }
    const results = (await connection.query(`set plan_cache_mode = force_generic_plan; execute ${statement.name}(${args}); reset plan_cache_mode`)) as unknown as { rows: Row[] }[];
    return results[1].rows;
  } finally {
    await db.client.releaseConnection(connection);
  }
}
