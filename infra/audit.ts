// Who is acting, for the audit trail (migrations/20261127200000_audit_log.ts). The database writes
// an audit entry for every change of a state table from a trigger, in the transaction of the change;
// this module tells it who made the change. The caller's context lives in an AsyncLocalStorage set
// once per HTTP request (api/app.ts), per activity run (activities/index.ts) or per script, and the
// knex client below copies it into the connection's `esos.audit` setting before each query whose
// context differs from the one the connection last carried. So no route or activity writes audit
// entries itself, and none can forget to.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import { closePreparedPool } from './prepared';
// knex's PostgreSQL dialect, extended below (knex accepts a client class as `client`).
const PgClient: new (config: Knex.Config) => any = require('knex/lib/dialects/postgres');

export interface AuditContext {
  /** The acting user (users.id); none for the system. */
  userId?: string;
  name?: string;
  /** The caller's role type; the database refines it to the authority they hold on the account. */
  roleType?: string;
  /** The caller's network address (behind a proxy: the one TRUST_PROXY says to believe). */
  address?: string;
  /** api, workflow, system. */
  source: 'api' | 'workflow' | 'system';
  /** The route (`POST /api/v1.0/account-notes`) or the workflow and activity that made the change. */
  via?: string;
}

const storage = new AsyncLocalStorage<AuditContext>();

export function runWithAuditContext<T>(context: AuditContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current context (mutable: the API fills in the user once it has loaded them). */
export function currentAuditContext(): AuditContext | undefined {
  return storage.getStore();
}

/** The acting user as carried into a workflow (Actor.audit): the caller's address and role type. */
export function auditOrigin(): { address?: string; roleType?: string } | undefined {
  const ctx = storage.getStore();
  if (!ctx || ctx.source !== 'api') return undefined;
  return { ...(ctx.address ? { address: ctx.address } : {}), ...(ctx.roleType ? { roleType: ctx.roleType } : {}) };
}

const SET_CONTEXT = "select set_config('esos.audit', $1, false)";
const carried = Symbol('esosAuditContext');
const READ = /^\s*select\b/i;
const BEGIN = /^\s*begin\b/i;

/**
 * knex's PostgreSQL client, setting the connection's `esos.audit` to the current context first.
 * A session setting made inside a transaction is undone by its rollback, so after any ROLLBACK the
 * connection's setting is taken as unknown and written again before the next query.
 */
export class AuditedPgClient extends PgClient {
  // The hot reads' pool of generic-plan sessions (infra/prepared.ts) closes with the knex handle.
  async destroy(callback?: (err?: unknown) => void) {
    await closePreparedPool(this);
    return super.destroy(callback);
  }

  async _query(connection: any, obj: { sql: string; bindings?: unknown[] }) {
    const ctx = storage.getStore();
    const value = ctx ? JSON.stringify(ctx) : '';
    // A plain SELECT changes nothing the triggers see (audit_write gets its context as an argument),
    // so reads cost no extra round trip; anything else (BEGIN, INSERT, UPDATE, DELETE, WITH …) carries it.
    if (connection[carried] !== value && !READ.test(obj.sql)) {
      if (BEGIN.test(obj.sql) && !obj.bindings?.length) {
        // A transaction's BEGIN takes the setting along in the same round trip: one simple query of
        // two statements, BEGIN first (its isolation level must precede any query), so the setting
        // is part of the transaction and a ROLLBACK undoes it, as below.
        connection[carried] = undefined;
        const result = await super._query(connection, {
          ...obj,
          sql: `${obj.sql.replace(/;\s*$/, '')}; select set_config('esos.audit', ${connection.escapeLiteral(value)}, false)`,
        });
        connection[carried] = value;
        return result;
      }
      await new Promise<void>((resolve, reject) =>
        connection.query({ text: SET_CONTEXT, values: [value] }, (err: Error | null) =>
          err ? reject(err) : resolve(),
        ),
      );
      connection[carried] = value;
    }
    try {
      return await super._query(connection, obj);
    } finally {
      if (/^\s*rollback/i.test(obj.sql)) connection[carried] = undefined;
    }
  }
}

export interface AuditEntry {
  entity: string;
  operation: string;
  key?: string | null;
  accountId?: number | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

/** An entry that is not a row change (e.g. a retention run), in the caller's transaction. */
export async function writeAuditEntry(db: Knex | Knex.Transaction, entry: AuditEntry): Promise<void> {
  const ctx = storage.getStore() ?? { source: 'system' };
  await db.raw('select audit_write(?::jsonb, ?, ?, ?, ?, ?, ?::jsonb)', [
    JSON.stringify(ctx),
    entry.entity,
    entry.operation,
    entry.key ?? null,
    entry.accountId ?? null,
    entry.requestId ?? null,
    JSON.stringify(entry.details ?? {}),
  ]);
}
