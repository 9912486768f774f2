// The custom SQL report (reference platform §5): the SQL a regulator types runs on a connection of
// its own as the reader role of their competent authority (infra/mi-readers.ts), which can read
// only the views of schema mi_report — that authority's rows — and nothing else. The query runs in a
// read-only transaction, as a cursor (so only a SELECT or VALUES can run, and only one statement:
// it is sent with the extended protocol), under a statement timeout, and never gives more than the
// row limit. Whatever the database refuses is a 400 REPORT1001: in plain words when it is a write,
// two statements or a table outside the views (./custom-query-errors.ts), else the database's own message.
//
// Bytes are bounded as well as rows (project issue 27): the query is wrapped so that PostgreSQL
// measures each row (the length of each value as text) and sends no values of a row past the cell
// or row limit, only its sizes, which are refused with REPORT1003; rows are fetched a few at a time
// (never more than FETCH_BYTES at once), and a page and a download are refused past their own limits.
// A person may have MI_CUSTOM_CONCURRENT_PER_USER queries running at once (./custom-slots.ts).
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ApiError } from '../errors';
import type { AppDeps } from '../deps';
import type { CompetentAuthority } from '../../domain/authorities';
import {
  CUSTOM_QUERY_FAILED,
  customExportTooSlow,
  customQueriesBusy,
  customResultTooLarge,
} from '../../domain/mi-reports';
import { miReaderConnection, miReaderRole, databaseNameOf } from '../../infra/mi-readers';
import { claimCustomSlot, releaseCustomSlot, recordCustomSlotSession } from './custom-slots';
import { plainRefusal } from './custom-query-errors';

export interface CustomQueryOptions {
  /** Rows a query may give at most. */
  rowLimit: number;
  /** How long one statement may run, in milliseconds. */
  timeoutMs: number;
  /** Bytes of one value, one row, one page on screen, one download (domain/mi-reports.ts). */
  cellMaxBytes: number;
  rowMaxBytes: number;
  pageMaxBytes: number;
  exportMaxBytes: number;
  /** How long one download may take, from the start to its last byte written. */
  exportMaxMs: number;
  /** Queries one person may have running at once. */
  concurrentPerUser: number;
}

export interface CustomRows {
  /** The rows, as text cells. */
  rows: string[][];
  /** Their size: the bytes of their values as text. */
  bytes: number;
}

export interface CustomCursor {
  columnNames: () => string[];
  /** Skips rows; how many there were. */
  move: (count: number) => Promise<number>;
  /** Up to `count` rows, each within the cell and row limits (else REPORT1003). */
  fetch: (count: number) => Promise<CustomRows>;
}

/** Who runs the query: their competent authority's reader role, and their own share of the running queries. */
export interface CustomQueryCaller {
  ca: CompetentAuthority;
  userId: string;
}

const PROBE = 'mi_probe';
const CURSOR = 'mi_custom';
/** Bytes of rows held at once while reading: rows are fetched this many bytes' worth of rows at most at a time. */
const FETCH_BYTES = 4 * 1024 * 1024;

/** Rows fetched at a time: as many as fit in FETCH_BYTES at the row limit. */
export const fetchRows = (options: Pick<CustomQueryOptions, 'rowMaxBytes'>) =>
  Math.max(1, Math.floor(FETCH_BYTES / options.rowMaxBytes));

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

/**
 * The query wrapped so that PostgreSQL measures every row before sending it: its `n` columns
 * renamed c1…cn (so repeated or missing names do not matter), the length of each value as text, the
 * largest and which column it is, and the row's total; a row past a limit comes without its values.
 * The query has been declared on its own first, so it is one balanced statement: it cannot close
 * the parenthesis it is put in. The newline after it ends a trailing `--` comment.
 */
export function measuredQuery(sql: string, n: number, limits: { cellMaxBytes: number; rowMaxBytes: number }): string {
  if (n === 0) return `select 0 as max_cell, 0 as max_cell_at, 0 as row_bytes from (\n${sql}\n) as q`;
  const cols = Array.from({ length: n }, (_, i) => i + 1);
  return [
    `select ${cols.map((i) => `case when k.fits then q.c${i} end as c${i}`).join(', ')}, l.max_cell, l.max_cell_at, l.row_bytes`,
    `from (\n${sql}\n) as q (${cols.map((i) => `c${i}`).join(', ')})`,
    // offset 0 keeps the lengths from being worked out again wherever they are used.
    `cross join lateral (select ${cols.map((i) => `octet_length(q.c${i}::text) as l${i}`).join(', ')} offset 0) as x`,
    `cross join lateral (select max(v) as max_cell, (array_agg(i order by v desc nulls last))[1] as max_cell_at, coalesce(sum(v), 0) as row_bytes from (values ${cols.map((i) => `(x.l${i}, ${i})`).join(', ')}) as t (v, i)) as l`,
    `cross join lateral (select coalesce(l.max_cell, 0) <= ${Math.floor(limits.cellMaxBytes)} and l.row_bytes <= ${Math.floor(limits.rowMaxBytes)} as fits) as k`,
  ].join('\n');
}

const tooLarge = (message: string) => new ApiError(400, 'REPORT1003', message, 'sqlQuery');
export const exportTooSlow = (options: Pick<CustomQueryOptions, 'exportMaxMs'>) =>
  new ApiError(400, 'REPORT1004', customExportTooSlow(options.exportMaxMs), 'sqlQuery');

/**
 * Runs `sql` for the caller's competent authority and hands its cursor to `use`; everything ends
 * (rolled back, disconnected, the caller's slot given back) when `use` does. Database errors, in the
 * query or while reading it, are REPORT1001; a caller with all their slots taken gets 429 REPORT1005.
 * With `deadline` (a download), a statement still running then is cancelled and the answer is REPORT1004.
 */
export async function withCustomQuery<T>(
  deps: Pick<AppDeps, 'config' | 'logger' | 'db'>,
  caller: CustomQueryCaller,
  sql: string,
  options: CustomQueryOptions,
  use: (cursor: CustomCursor) => Promise<T>,
  { deadline }: { deadline?: number } = {},
): Promise<T> {
  const slot = await claimCustomSlot(deps.db, caller.userId, options.concurrentPerUser);
  if (!slot) throw new ApiError(429, 'REPORT1005', customQueriesBusy(options.concurrentPerUser), 'sqlQuery');
  try {
    return await runCustomQuery(deps, caller, sql, options, use, deadline, (pid, role) =>
      recordCustomSlotSession(deps.db, slot, pid, role),
    );
  } finally {
    await releaseCustomSlot(deps.db, slot).catch((err) =>
      deps.logger.warn(
        { err },
        'a custom query slot could not be given back; it frees itself when its session is gone',
      ),
    );
  }
}

async function runCustomQuery<T>(
  deps: Pick<AppDeps, 'config' | 'logger'>,
  { ca }: CustomQueryCaller,
  sql: string,
  options: CustomQueryOptions,
  use: (cursor: CustomCursor) => Promise<T>,
  deadline: number | undefined,
  connected: (pid: number, role: string) => Promise<void>,
): Promise<T> {
  const connectionString = miReaderConnection(deps.config.databaseUrl, ca, deps.config.miReports.readerPassword);
  const client = new pg.Client({ connectionString, application_name: 'esos-mi-report' });
  client.on('error', () => undefined); // a cancelled or dropped connection is handled where it is used
  try {
    await client.connect();
  } catch (err) {
    deps.logger.error({ err }, 'the MI report reader could not connect');
    throw new ApiError(503, 'REPORT1002', 'Custom reports are not available at the moment. Try again later.');
  }
  const failure = (err: unknown): ApiError => {
    if (err instanceof ApiError) return err;
    const e = err as { code?: string; message?: string };
    if (e.code === '57014' && deadline !== undefined && Date.now() >= deadline) return exportTooSlow(options);
    // What is allowed and what was refused, in plain words, where the database's own words would puzzle.
    const plain = plainRefusal(sql, e);
    if (plain) return new ApiError(400, 'REPORT1001', plain, 'sqlQuery');
    const reason =
      e.code === '57014'
        ? `the query ran for longer than ${Math.round(options.timeoutMs / 100) / 10} seconds`
        : (e.message ?? 'the database refused it');
    return new ApiError(400, 'REPORT1001', `${CUSTOM_QUERY_FAILED}: ${reason}`, 'sqlQuery');
  };
  // The statement timeout stops a query in the database; should it not (or should a download's
  // deadline come first), the statement is cancelled with PostgreSQL's cancel request.
  const guard = async <R>(work: Promise<R>): Promise<R> => {
    const wait = Math.min(
      options.timeoutMs + 2000,
      deadline === undefined ? Infinity : Math.max(0, deadline - Date.now()),
    );
    const running = setTimeout(() => cancelRunning(client), wait);
    try {
      return await work;
    } catch (err) {
      throw failure(err);
    } finally {
      clearTimeout(running);
    }
  };
  try {
    await connected(
      (client as unknown as { processID: number }).processID,
      miReaderRole(databaseNameOf(deps.config.databaseUrl), ca),
    );
    await client.query('begin isolation level repeatable read read only');
    await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(options.timeoutMs))}`);
    await client.query('set local search_path = mi_report');
    const statement = statementOf(sql);
    // The query on its own first: its columns, and any error of planning it in the database's own words.
    await guard(
      client.query({
        text: `declare ${PROBE} no scroll cursor for ${statement}`,
        queryMode: 'extended',
      } as pg.QueryConfig),
    );
    const columns = (await guard(client.query({ text: `fetch forward 0 from ${PROBE}`, rowMode: 'array' }))).fields.map(
      (f) => f.name,
    );
    await guard(client.query(`close ${PROBE}`));
    const n = columns.length;
    await guard(
      client.query({
        text: `declare ${CURSOR} no scroll cursor for ${measuredQuery(statement, n, options)}`,
        queryMode: 'extended',
      } as pg.QueryConfig),
    );
    let position = 0;
    const cursor: CustomCursor = {
      columnNames: () => columns,
      move: async (count) => {
        if (count <= 0) return 0;
        const moved = (await guard(client.query(`move forward ${Math.floor(count)} in ${CURSOR}`))).rowCount ?? 0;
        position += moved;
        return moved;
      },
      fetch: async (count) => {
        if (count <= 0) return { rows: [], bytes: 0 };
        if (deadline !== undefined && Date.now() >= deadline) throw exportTooSlow(options);
        const result = await guard(
          client.query({ text: `fetch forward ${Math.floor(count)} from ${CURSOR}`, rowMode: 'array' }),
        );
        let bytes = 0;
        const rows = (result.rows as unknown[][]).map((row, i) => {
          const rowNumber = position + i + 1;
          const maxCell = Number(row[n] ?? 0);
          const rowBytes = Number(row[n + 2] ?? 0);
          if (maxCell > options.cellMaxBytes)
            throw tooLarge(
              customResultTooLarge.cell(
                rowNumber,
                columns[Number(row[n + 1]) - 1] ?? `column ${String(row[n + 1])}`,
                maxCell,
                options.cellMaxBytes,
              ),
            );
          if (rowBytes > options.rowMaxBytes)
            throw tooLarge(customResultTooLarge.row(rowNumber, rowBytes, options.rowMaxBytes));
          bytes += rowBytes;
          return row.slice(0, n).map(cellText);
        });
        position += rows.length;
        return { rows, bytes };
      },
    };
    return await use(cursor);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * Cancels the statement the reader's connection is running: PostgreSQL's cancel request (the
 * backend's pid and secret key on a connection of its own), which needs no SQL privilege, so the
 * readers need not be able to cancel their colleagues' queries with pg_cancel_backend.
 */
function cancelRunning(client: pg.Client): void {
  const { processID, secretKey, host, port } = client as unknown as {
    processID: number | null;
    secretKey: number | null;
    host: string;
    port: number;
  };
  if (!processID || secretKey === null || secretKey === undefined) return;
  const socket = host.startsWith('/') ? net.connect(path.join(host, `.s.PGSQL.${port}`)) : net.connect(port, host);
  socket.on('error', () => undefined); // the statement ended by itself meanwhile, or the server went away
  socket.setTimeout(5000, () => socket.destroy());
  const request = Buffer.alloc(16);
  request.writeInt32BE(16, 0);
  request.writeInt32BE(80877102, 4); // CancelRequest
  request.writeInt32BE(processID, 8);
  request.writeInt32BE(secretKey, 12);
  socket.once('connect', () => socket.end(request));
}

/** One page of the query's rows (at most the page's bytes), and how many rows it gave up to the row limit. */
export async function customQueryPage(cursor: CustomCursor, options: CustomQueryOptions, page: number, size: number) {
  const offset = Math.min(page * size, options.rowLimit);
  const skipped = await cursor.move(offset);
  const wanted = Math.min(size, options.rowLimit - offset);
  const results: string[][] = [];
  let bytes = 0;
  while (results.length < wanted) {
    const asked = Math.min(wanted - results.length, fetchRows(options));
    const batch = await cursor.fetch(asked);
    // The bytes sent, as JSON: escaping makes a control character six (`\u0001`), so the text's own
    // size (what the database measured) can be a sixth of it.
    bytes += Math.max(
      batch.bytes,
      batch.rows.reduce((n, row) => n + Buffer.byteLength(JSON.stringify(row)) + 1, 0),
    );
    if (bytes > options.pageMaxBytes) throw tooLarge(customResultTooLarge.page(options.pageMaxBytes));
    results.push(...batch.rows);
    if (batch.rows.length < asked) break;
  }
  // Count on to one beyond the limit: that one says the query gave more than may be shown.
  const after = await cursor.move(options.rowLimit - offset - results.length + 1);
  const seen = skipped + results.length + after;
  return {
    columnNames: cursor.columnNames(),
    results,
    total: Math.min(seen, options.rowLimit),
    truncated: seen > options.rowLimit,
  };
}

/** Every row up to the row limit, a few at a time, for a download: REPORT1003 past its bytes, REPORT1004 past its deadline. */
export async function* customQueryRows(
  cursor: CustomCursor,
  options: CustomQueryOptions,
  deadline: number,
): AsyncGenerator<string[][]> {
  let read = 0;
  let bytes = 0;
  while (read < options.rowLimit) {
    if (Date.now() >= deadline) throw exportTooSlow(options);
    const asked = Math.min(fetchRows(options), options.rowLimit - read);
    const batch = await cursor.fetch(asked);
    bytes += batch.bytes;
    if (bytes > options.exportMaxBytes) throw tooLarge(customResultTooLarge.export(options.exportMaxBytes));
    read += batch.rows.length;
    if (batch.rows.length > 0) yield batch.rows;
    if (batch.rows.length < asked) return;
  }
}

/** A download's check of the file as it is written: its size and the time. */
export function exportFileCheck(options: CustomQueryOptions, deadline: number): (fileBytes: number) => void {
  return (fileBytes) => {
    if (fileBytes > options.exportMaxBytes) throw tooLarge(customResultTooLarge.export(options.exportMaxBytes));
    if (Date.now() >= deadline) throw exportTooSlow(options);
  };
}
