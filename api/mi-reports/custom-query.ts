// The custom SQL report (reference platform §5): the SQL a regulator types runs on a connection of
// its own as the reader role of their competent authority (infra/mi-readers.ts), which can read
// only the views of schema mi_report — that authority's rows — and nothing else. The query runs in a
// read-only transaction, as a cursor (so only a SELECT or VALUES can run, and only one statement:
// it is sent with the extended protocol), under a statement timeout, and never gives more than the
// row limit. Whatever the database refuses is a 400 REPORT1001 with the database's own message.
import pg from 'pg';
import { ApiError } from '../errors';
import type { AppDeps } from '../deps';
import type { CompetentAuthority } from '../../domain/authorities';
import { CUSTOM_QUERY_FAILED } from '../../domain/mi-reports';
import { miReaderConnection } from '../../infra/mi-readers';

export interface CustomQueryOptions {
  /** Rows a query may give at most. */
  rowLimit: number;
  /** How long one statement may run, in milliseconds. */
  timeoutMs: number;
}

export interface CustomCursor {
  columnNames: () => string[];
  /** Skips rows; how many there were. */
  move: (count: number) => Promise<number>;
  fetch: (count: number) => Promise<string[][]>;
}

const CURSOR = 'mi_custom';

/** A cell as text: dates as ISO, JSON as JSON, bytes as hex. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The query as typed, without the semicolons a person ends it with. */
export function statementOf(sql: string): string {
  return sql.trim().replace(/(;\s*)+$/, '');
}

function failure(err: unknown, options: CustomQueryOptions): ApiError {
  const e = err as { code?: string; message?: string };
  const reason = e.code === '57014' ? `the query ran for longer than ${Math.round(options.timeoutMs / 100) / 10} seconds` : (e.message ?? 'the database refused it');
  return new ApiError(400, 'REPORT1001', `${CUSTOM_QUERY_FAILED}: ${reason}`, 'sqlQuery');
}

/**
 * Runs `sql` for the competent authority and hands its cursor to `use`; everything ends (rolled
 * back, disconnected) when `use` does. Database errors, in the query or while reading it, are REPORT1001.
 */
export async function withCustomQuery<T>(deps: Pick<AppDeps, 'config' | 'logger'>, ca: CompetentAuthority, sql: string, options: CustomQueryOptions, use: (cursor: CustomCursor) => Promise<T>): Promise<T> {
  const connectionString = miReaderConnection(deps.config.databaseUrl, ca, deps.config.miReports.readerPassword);
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined); // a cancelled or dropped connection is handled where it is used
  try {
    await client.connect();
  } catch (err) {
    deps.logger.error({ err }, 'the MI report reader could not connect');
    throw new ApiError(503, 'REPORT1002', 'Custom reports are not available at the moment. Try again later.');
  }
  // The statement timeout stops a query in the database; should it not, the connection is cancelled.
  let running: NodeJS.Timeout | null = null;
  const guard = async <R>(work: Promise<R>): Promise<R> => {
    running = setTimeout(() => void cancel(connectionString, (client as unknown as { processID: number | null }).processID), options.timeoutMs + 2000);
    try {
      return await work;
    } finally {
      clearTimeout(running);
    }
  };
  let columns: string[] = [];
  let started = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(options.timeoutMs))}`);
    await client.query('set local search_path = mi_report');
    try {
      await guard(client.query({ text: `declare ${CURSOR} no scroll cursor for ${statementOf(sql)}`, queryMode: 'extended' } as pg.QueryConfig));
    } catch (err) {
      throw failure(err, options);
    }
    const cursor: CustomCursor = {
      columnNames: () => columns,
      move: async (count) => {
        if (count <= 0) return 0;
        started = true;
        try {
          return (await guard(client.query(`move forward ${Math.floor(count)} in ${CURSOR}`))).rowCount ?? 0;
        } catch (err) {
          throw failure(err, options);
        }
      },
      fetch: async (count) => {
        // FORWARD 0 fetches the current row again: only ever asked before the first row (for the columns).
        if (count <= 0 && started) return [];
        started = true;
        try {
          const result = await guard(client.query({ text: `fetch forward ${Math.max(0, Math.floor(count))} from ${CURSOR}`, rowMode: 'array' }));
          columns = result.fields.map((f) => f.name);
          return (result.rows as unknown[][]).map((row) => row.map(cellText));
        } catch (err) {
          throw failure(err, options);
        }
      },
    };
    await cursor.fetch(0); // the column names, and any error of planning the query, before anything else
    return await use(cursor);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Cancels the reader's running statement from a second connection of the same role. */
async function cancel(connectionString: string, pid: number | null): Promise<void> {
  if (!pid) return;
  const other = new pg.Client({ connectionString });
  other.on('error', () => undefined);
  try {
    await other.connect();
    await other.query('select pg_cancel_backend($1)', [pid]);
  } catch {
    // the statement ended by itself meanwhile
  } finally {
    await other.end().catch(() => undefined);
  }
}

/** One page of the query's rows, and how many it gave up to the row limit. */
export async function customQueryPage(cursor: CustomCursor, options: CustomQueryOptions, page: number, size: number) {
  const offset = Math.min(page * size, options.rowLimit);
  const skipped = await cursor.move(offset);
  const results = await cursor.fetch(Math.min(size, options.rowLimit - offset));
  // Count on to one beyond the limit: that one says the query gave more than may be shown.
  const after = await cursor.move(options.rowLimit - offset - results.length + 1);
  const seen = skipped + results.length + after;
  return { columnNames: cursor.columnNames(), results, total: Math.min(seen, options.rowLimit), truncated: seen > options.rowLimit };
}
