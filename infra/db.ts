import fs from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import pg from 'pg';
import { miReaderRoles } from './mi-readers';
import { AuditedPgClient } from './audit';

export type Db = Knex;

/** How long a query waits for a connection, and a new connection for PostgreSQL, before failing. */
export const DB_CONNECT_TIMEOUT_MS = 3000;
export const DB_ACQUIRE_TIMEOUT_MS = 5000;

/**
 * A pool that fails fast while PostgreSQL is away (the API answers 503 within seconds rather than
 * hanging; api/middleware/unavailable.ts) and recovers by itself: a broken connection is dropped
 * from the pool on its error and the next query opens a new one.
 */
export function createDb(databaseUrl: string, pool = { min: 0, max: 10 }): Db {
  // The audited client tells the audit triggers who acts (infra/audit.ts).
  return knex({
    client: AuditedPgClient as unknown as string,
    connection: { connectionString: databaseUrl, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS, keepAlive: true },
    pool: { ...pool, createTimeoutMillis: DB_CONNECT_TIMEOUT_MS + 1000, idleTimeoutMillis: 30_000 },
    acquireConnectionTimeout: DB_ACQUIRE_TIMEOUT_MS,
    log: knexLog,
  });
}

/**
 * knex's own warnings ("Connection Error", "Acquire connection error") as JSON lines on stderr, like
 * the rest of the logs; quiet under tests, where an outage is made on purpose and its 503 is asserted.
 */
const knexLog = Object.fromEntries(
  (['warn', 'error', 'deprecate', 'debug'] as const).map((level) => [
    level,
    (message: unknown) => {
      if (process.env.NODE_ENV === 'test' || level === 'debug') return;
      // knex hands its errors over as text with the stack appended: the first line says it all.
      const text = (message instanceof Error ? message.message : String(message)).split('\n')[0];
      process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg: `knex: ${text}` })}\n`);
    },
  ]),
);

export const migrationsDirectory = path.resolve(__dirname, '..', 'migrations');

// Migrations are TypeScript files run in-process (tsx or jest transform them).
export async function migrate(db: Db): Promise<void> {
  await db.migrate.latest({ directory: migrationsDirectory, loadExtensions: ['.ts'] });
}

/**
 * Migrations not yet run on the database: all of them while it or its migrations table does not
 * exist. Reads only, so a process that is not the one migrating can ask while the other migrates.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const files = fs.readdirSync(migrationsDirectory).filter((f) => f.endsWith('.ts'));
  const { rows } = await db.raw<{ rows: { ready: boolean }[] }>(
    `select to_regclass('knex_migrations') is not null as ready`,
  );
  if (!rows[0]?.ready) return files;
  const done = new Set((await db('knex_migrations').select('name')).map((r: { name: string }) => r.name));
  return files.filter((f) => !done.has(f));
}

/**
 * Waits until the web process (which migrates at start) has brought the database up to date, so a
 * worker started beside it, or deployed before it, runs no activity on a missing or older schema.
 */
export async function waitForSchema(db: Db, onWait: (reason: string) => void, pollMs = 1000): Promise<void> {
  const { connectionString } = db.client.config.connection as { connectionString: string };
  let said = false;
  for (;;) {
    let reason: string;
    try {
      await connectOnce(connectionString);
      const pending = await pendingMigrations(db);
      if (pending.length === 0) return;
      reason = `${pending.length} migration(s) not run yet`;
    } catch (err) {
      reason = (err as Error).message;
    }
    if (!said) onWait(reason);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Connects and disconnects with a client of its own, throwing PostgreSQL's refusal (e.g. the
 * database does not exist yet): the pool would log each failed try as a warning, once a second.
 */
async function connectOnce(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the database when missing and brings its schema up to date, with a connection of its own. */
export async function prepareDatabase(databaseUrl: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, { min: 0, max: 1 });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
}

/** Runs `work` on the server's maintenance database (needs rights on `postgres`), with the name of the database `databaseUrl` names. */
async function onMaintenanceDatabase(
  databaseUrl: string,
  work: (admin: Knex, name: string) => Promise<void>,
): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  url.pathname = '/postgres';
  const admin = createDb(url.toString(), { min: 0, max: 1 });
  try {
    await work(admin, name);
  } finally {
    await admin.destroy();
  }
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  await onMaintenanceDatabase(databaseUrl, async (admin, name) => {
    const found = await admin.raw('select 1 from pg_database where datname = ?', [name]);
    if (found.rows.length === 0) await admin.raw(`create database "${name}"`);
  });
}

/** Drops the database named in the URL, and its MI report readers. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  await onMaintenanceDatabase(databaseUrl, async (admin, name) => {
    await admin.raw(`drop database if exists "${name}" with (force)`);
    // Its MI report readers (infra/mi-readers.ts) belong to it alone: roles outlive databases.
    for (const { role } of miReaderRoles(name)) await admin.raw(`drop role if exists "${role}"`);
  });
}
