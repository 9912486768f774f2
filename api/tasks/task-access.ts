// Who may see and act on a task or request, from the caller's ACTIVE authorities: operators on
// the task's account, regulators in its competent authority (reference: platform §4.2, §4.3).
import type { Knex } from 'knex';
import { BIGINT_ID_MAX, idText } from '../../domain/validation';
import type { CurrentUser } from '../auth/current-user';
import { forbidden, notFound } from '../errors';
import { accessFor, knownTaskTypes } from '../../processes';
import type { ActingUser } from '../../domain/request-messages';
import { fullName } from '../../domain/work-items';
import { auditOrigin } from '../../infra/audit';

export interface TaskRow {
  id: number;
  request_id: string;
  type: string;
  assignee: string | null;
  account_id: number | null;
  competent_authority: string | null;
  start_date: Date;
  due_date: string | null;
  due_at: Date | null;
  payload: Record<string, unknown>;
  version: number;
}

/** The caller's permissions that apply to a resource of this account / CA. */
export function permissionsOn(
  user: CurrentUser,
  where: { accountId: number | null; competentAuthority: string | null },
): string[] {
  return user.active
    .filter((a) =>
      user.roleType === 'OPERATOR'
        ? a.accountId !== null && a.accountId === where.accountId
        : user.roleType === 'REGULATOR' &&
          a.competentAuthority !== null &&
          a.competentAuthority === where.competentAuthority,
    )
    .flatMap((a) => a.permissions);
}

/** Does the caller hold any active authority on this account (or its CA)? */
export function hasAuthorityOn(
  user: CurrentUser,
  where: { accountId: number | null; competentAuthority: string | null },
): boolean {
  return user.active.some((a) =>
    user.roleType === 'OPERATOR'
      ? a.accountId !== null && a.accountId === where.accountId
      : user.roleType === 'REGULATOR' && a.competentAuthority === where.competentAuthority,
  );
}

export function taskPlace(task: TaskRow) {
  return { accountId: task.account_id, competentAuthority: task.competent_authority };
}

export function canViewTask(user: CurrentUser, task: TaskRow): boolean {
  const access = accessFor(task.type);
  return !!access && access.roleType === user.roleType && permissionsOn(user, taskPlace(task)).includes(access.view);
}

export function canExecuteTask(user: CurrentUser, task: TaskRow): boolean {
  const access = accessFor(task.type);
  return !!access && access.roleType === user.roleType && permissionsOn(user, taskPlace(task)).includes(access.execute);
}

/**
 * Refuses a resource of an account (or CA) the caller holds no authority on as if it did not exist
 * (404), so sequential ids reveal nothing; callers who can see the place but lack a permission get 403.
 */
export function assertVisible(
  user: CurrentUser,
  where: { accountId: number | null; competentAuthority: string | null },
  what: string,
): void {
  if (!hasAuthorityOn(user, where)) throw notFound(`${what} not found`);
}

/** Loads a task the caller may view: 404 when it does not exist or is elsewhere, 403 when its type is not theirs to see. */
export async function viewableTask(db: Knex, user: CurrentUser, taskId: number): Promise<TaskRow> {
  const task: TaskRow | undefined = await db('request_tasks').where({ id: taskId }).first();
  if (!task) throw notFound('Request task not found');
  assertVisible(user, taskPlace(task), 'Request task');
  if (!canViewTask(user, task)) throw forbidden();
  return task;
}

export function actingUser(user: CurrentUser, task: TaskRow): ActingUser {
  return {
    userId: user.userId,
    fullName: fullName(user),
    audit: auditOrigin(),
    permissions: permissionsOn(user, taskPlace(task)),
  };
}

/**
 * The scope predicate of the lists: per account (operators) or CA (regulators), the task types the
 * caller may view there. Accounts with the same set of types share one clause.
 */
export function listScope(user: CurrentUser): { sql: string; bindings: Knex.Value[] } | null {
  const types = knownTaskTypes();
  const groups = new Map<string, { places: (number | string)[]; types: string[] }>();
  for (const a of user.active) {
    const place =
      user.roleType === 'OPERATOR' ? a.accountId : user.roleType === 'REGULATOR' ? a.competentAuthority : null;
    if (place === null) continue;
    const viewable = types.filter((t) => {
      const access = accessFor(t)!;
      return access.roleType === user.roleType && a.permissions.includes(access.view);
    });
    if (viewable.length === 0) continue;
    const k = viewable.join(',');
    const group = groups.get(k) ?? { places: [], types: viewable };
    group.places.push(place);
    groups.set(k, group);
  }
  if (groups.size === 0) return null;
  const column = user.roleType === 'OPERATOR' ? 'rt.account_id' : 'rt.competent_authority';
  const clauses: string[] = [];
  const bindings: Knex.Value[] = [];
  for (const g of groups.values()) {
    if (g.places.length === 1) {
      clauses.push(`(${column} = ? and rt.type = any(?))`);
      bindings.push(g.places[0], g.types);
    } else {
      clauses.push(`(${column} = any(?) and rt.type = any(?))`);
      bindings.push(g.places as Knex.Value, g.types);
    }
  }
  return { sql: `(${clauses.join(' or ')})`, bindings };
}

/** A task id in a path: digits only (' 1' is not 1). */
export const taskIdParam = idText('The task id must be a number', BIGINT_ID_MAX);
