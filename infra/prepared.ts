// The hot statements as named prepared statements with generic plans. The dashboard lists, the
// task page (and its visit) and the caller lookup run on every call; planning their joins cost more
// than running them (about 2 ms against 0.1–2 ms, EXPLAIN in the README), and PostgreSQL never picks
// the generic plan by itself for the lists, because it cannot cost their totals without parameters.
//
// They run on a small pool of their own whose sessions are set to generic plans: a statement is
// parsed and planned once per connection, and each call after that is one Bind/Execute. The
// setting stays off the main pool, where the other queries keep their custom plans. Nothing here
// takes part in a transaction of the main pool or carries the audit context (infra/audit.ts): reads,
// and writes to tables the audit does not cover.
import type { Knex } from 'knex';
import pg from 'pg';

/** Per SQL text (with ? placeholders): its statement name and native text, worked out once. */
const statements = new Map<string, { name: string; text: string }>();
/** Per knex client (one per knex handle). */
const pools = new WeakMap<object, pg.Pool>();

function statementFor(db: Knex, sql: string, bindingCount: number) {
  let found = statements.get(sql);
  if (!found) {
    // knex numbers the placeholders (and leaves ?? and \? alone) as it does for every query.
    const text = db
      .raw(
        sql,
        Array.from({ length: bindingCount }, () => null),
      )
      .toSQL()
      .toNative().sql;
    found = { name: `p_${statements.size + 1}`, text };
    statements.set(sql, found);
  }
  return found;
}

/** The generic-plan pool beside a knex handle: its connection settings, at most as many connections. */
function poolFor(db: Knex): pg.Pool {
  let pool = pools.get(db.client);
  if (!pool) {
    const { connection, pool: sizes } = db.client.config as {
      connection: string | pg.PoolConfig;
      pool?: { max?: number };
    };
    pool = new pg.Pool({
      ...(typeof connection === 'string' ? { connectionString: connection } : connection),
      max: sizes?.max ?? 10,
      idleTimeoutMillis: 30_000,
      // An idle pool does not keep a process (a script, a test) alive.
      allowExitOnIdle: true,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // A connection lost while idle (PostgreSQL restarted) is dropped; the next call opens another.
    pool.on('error', () => undefined);
    pools.set(db.client, pool);
  }
  return pool;
}

/** Closes the generic-plan pool of a knex client, if it opened one (the audited client does on destroy). */
export async function closePreparedPool(client: object): Promise<void> {
  const pool = pools.get(client);
  pools.delete(client);
  await pool?.end();
}

/** Runs `sql` (? placeholders) as a named prepared statement with a generic plan: one round trip. */
export async function queryPrepared<Row = Record<string, unknown>>(
  db: Knex,
  sql: string,
  bindings: readonly unknown[],
): Promise<Row[]> {
  const { name, text } = statementFor(db, sql, bindings.length);
  const { rows } = await poolFor(db).query({ name, text, values: bindings as unknown[] });
  return rows as Row[];
}
