import path from 'node:path';
import knex, { type Knex } from 'knex';
import { miReaderRoles } from './mi-readers';
import { AuditedPgClient } from './audit';

export type Db = Knex;

export function createDb(databaseUrl: string, pool = { min: 0, max: 10 }): Db {
  // The audited client tells the audit triggers who acts (infra/audit.ts).
  return knex({ client: AuditedPgClient as unknown as string, connection: databaseUrl, pool });
}

export const migrationsDirectory = path.resolve(__dirname, '..', 'migrations');

// Migrations are TypeScript files run in-process (tsx or jest transform them).
export async function migrate(db: Db): Promise<void> {
  await db.migrate.latest({ directory: migrationsDirectory, loadExtensions: ['.ts'] });
}

/** Creates the database named in the URL when it does not exist yet (needs rights on `postgres`). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  url.pathname = '/postgres';
  const admin = createDb(url.toString(), { min: 0, max: 1 });
  try {
    const found = await admin.raw('select 1 from pg_database where datname = ?', [name]);
    if (found.rows.length === 0) await admin.raw(`create database "${name}"`);
  } finally {
    await admin.destroy();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  url.pathname = '/postgres';
  const admin = createDb(url.toString(), { min: 0, max: 1 });
  try {
    await admin.raw(`drop database if exists "${name}" with (force)`);
    // Its MI report readers (infra/mi-readers.ts) belong to it alone: roles outlive databases.
    for (const { role } of miReaderRoles(name)) await admin.raw(`drop role if exists "${role}"`);
  } finally {
    await admin.destroy();
  }
}
