// The audit trail of an account (issue 15): every change to the account, its users' authorities,
// its requests, tasks, notes and files, newest first, paged in the database. Regulators of the
// account's competent authority only: operators and verifiers are refused (403), regulators of
// another authority do not see the account (404).
import type { Context } from 'koa';
import type { RouteDef } from '../routing';
import { role } from '../routing';
import type { AppDeps } from '../deps';
import { currentUser } from '../auth/current-user';
import { assertAccountAccess } from '../auth/scope';
import { pageParams, pageQuery } from '../params';
import { auditEntriesPageSchema, readableAddress, type AuditEntriesPage, type AuditEntryDto } from '../../domain/audit';
import { actingAs, auditNames, describeAuditEntry } from '../audit-description';

async function list(ctx: Context, { db }: AppDeps) {
  const user = currentUser(ctx);
  const account = await assertAccountAccess(db, user, ctx.params.id);
  const { page, size } = pageParams(ctx.query);
  const [rows, [{ count }]] = await Promise.all([
    db('audit_log')
      .where({ account_id: account.id })
      .orderBy('id', 'desc')
      .offset(page * size)
      .limit(size)
      .select('*'),
    db('audit_log').where({ account_id: account.id }).count<{ count: string }[]>({ count: '*' }),
  ]);
  // The names the entries refer to by id, for the whole page at once.
  const names = await auditNames(db, rows);
  const body: AuditEntriesPage = {
    totalItems: Number(count),
    auditEntries: rows.map((r): AuditEntryDto => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      actor: r.actor_user_id
        ? {
            userId: r.actor_user_id,
            name: r.actor_name,
            roleType: r.actor_role_type,
            authority: r.actor_authority,
            actingAs: actingAs(r.actor_authority, r.actor_role_type),
          }
        : null,
      address: readableAddress(r.address),
      source: r.source,
      via: r.via,
      entity: r.entity,
      operation: r.operation,
      entityKey: r.entity_key,
      requestId: r.request_id,
      details: r.details,
      description: describeAuditEntry(r, names),
    })),
  };
  ctx.body = body;
}

export const auditRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/accounts/:id/audit-entries',
    access: role(['REGULATOR']),
    query: pageQuery,
    response: auditEntriesPageSchema,
    handler: list,
  },
];
