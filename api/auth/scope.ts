// Resource-scope checks for handlers: may this caller see this account / this competent authority's
// users? Someone with no authority over a resource gets 404, as if it did not exist, so no caller
// learns about other organisations; someone who can see it but lacks the permission gets 403.
import type { Db } from '../../infra/db';
import type { CompetentAuthority, Permission } from '../../domain/authorities';
import type { AccountStatus } from '../../domain/accounts';
import { forbidden, notFound } from '../errors';
import { INTEGER_COLUMN_MAX, parseIdText } from '../../domain/validation';
import type { CurrentUser } from './current-user';

export interface AccountRef {
  id: number;
  name: string;
  status: AccountStatus;
  competentAuthority: CompetentAuthority;
  verificationBodyId: number | null;
}

/** The caller's ACTIVE authorities that cover the account. */
function authoritiesOver(user: CurrentUser, account: AccountRef) {
  return user.active.filter((a) => {
    if (user.roleType === 'OPERATOR') return a.accountId === account.id;
    if (user.roleType === 'REGULATOR') return a.competentAuthority === account.competentAuthority;
    return account.verificationBodyId !== null && a.verificationBodyId === account.verificationBodyId;
  });
}

/** Loads the account if the caller may see it (404 otherwise) and holds the permission there (403 otherwise). */
export async function assertAccountAccess(
  db: Db,
  user: CurrentUser,
  accountId: number | string,
  permission?: Permission,
): Promise<AccountRef> {
  // Text from a path or query string must be the id exactly (' 1' is not account 1).
  const id =
    typeof accountId === 'number'
      ? Number.isInteger(accountId) && accountId > 0 && accountId <= INTEGER_COLUMN_MAX
        ? accountId
        : null
      : parseIdText(accountId);
  if (id === null) throw notFound('Account not found');
  const row = await db('accounts')
    .where({ id })
    .first('id', 'name', 'status', 'competent_authority', 'verification_body_id');
  if (!row) throw notFound('Account not found');
  const account: AccountRef = {
    id: row.id,
    name: row.name,
    status: row.status,
    competentAuthority: row.competent_authority,
    verificationBodyId: row.verification_body_id,
  };
  const covering = authoritiesOver(user, account);
  if (covering.length === 0) throw notFound('Account not found');
  if (permission && !covering.some((a) => a.permissions.includes(permission))) throw forbidden();
  return account;
}

/** Does the caller hold the permission on this account (no throw)? */
export function canOnAccount(user: CurrentUser, account: AccountRef, permission: Permission): boolean {
  return authoritiesOver(user, account).some((a) => a.permissions.includes(permission));
}

/** The regulator's own competent authority, with the permission there (403 otherwise). */
export function assertCaAccess(user: CurrentUser, permission?: Permission): CompetentAuthority {
  const authority = user.roleType === 'REGULATOR' ? user.active.find((a) => a.competentAuthority) : undefined;
  if (!authority?.competentAuthority) throw forbidden();
  if (permission && !authority.permissions.includes(permission)) throw forbidden();
  return authority.competentAuthority;
}

/** The authority row of a regulator user of this competent authority (404 for anyone else). */
export async function loadRegulatorAuthority(db: Db, competentAuthority: CompetentAuthority, userId: string) {
  const row = await db('authorities').where({ user_id: userId, competent_authority: competentAuthority }).first();
  if (!row) throw notFound('User not found');
  return row as {
    id: string;
    user_id: string;
    status: string;
    permissions: string[];
    created_at: Date;
    created_by: string | null;
  };
}
