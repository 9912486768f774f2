// The signed-in caller as the API sees them: their user row and their authorities. Loaded once per
// request by the access middleware; handlers read it from ctx.state.user.
import type { Db } from '../../infra/db';
import { queryPrepared } from '../../infra/prepared';
import type { AuthorityStatus, CompetentAuthority, Permission, RoleType } from '../../domain/authorities';
import type { Principal } from './principal';
import { ApiError, conflict } from '../errors';
import { ACCOUNT_DISABLED, accountDisabled } from '../../domain/users';
import { ensureUserRow } from './user-row';
import { sessionEndedFor } from '../../identity/sessions';

/**
 * A token from before the user's sign-ins were ended: 401 SESSION_ENDED, saying why when it is
 * because their user account was disabled (no authority ACTIVE, one DISABLED), so the signed-out
 * page can tell them.
 */
export const sessionEnded = (authorities: { status: AuthorityStatus }[] = []) =>
  new ApiError(
    401,
    'SESSION_ENDED',
    accountDisabled(authorities) ? ACCOUNT_DISABLED : 'Your sign-in has ended. Sign in again',
  );

// How many times the user's sign-ins of the embedded provider were ended (identity/sessions.ts).
const GENERATION_SQL =
  '(select c.session_generation from identity_credentials c where c.subject = u.id) as session_generation';

/** A bearer token's principal on a public route, unless the user's sign-ins were ended since it was issued (401). */
export async function currentPrincipal(db: Db, principal: Principal | undefined): Promise<Principal | undefined> {
  if (!principal) return undefined;
  const row = await db('users as u')
    .where('u.id', principal.subject)
    .first('u.sessions_revoked_at', db.raw(GENERATION_SQL));
  if (row && sessionEndedFor(principal, row)) throw sessionEnded();
  return principal;
}

export interface Authority {
  id: number;
  code: string | null;
  status: AuthorityStatus;
  accountId: number | null;
  competentAuthority: CompetentAuthority | null;
  verificationBodyId: number | null;
  permissions: Permission[];
}

export interface CurrentUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** From the authorities; a user with none is an operator (reference §1.2). */
  roleType: RoleType;
  /** Every authority, whatever its status. */
  authorities: Authority[];
  /** ACTIVE authorities only: the ones that grant anything. */
  active: Authority[];
  /** Has accepted the latest terms and conditions (or none are published). */
  termsAccepted: boolean;
}

export function roleTypeOf(authorities: Authority[]): RoleType {
  if (authorities.some((a) => a.competentAuthority)) return 'REGULATOR';
  if (authorities.some((a) => a.verificationBodyId)) return 'VERIFIER';
  return 'OPERATOR';
}

interface CallerRow {
  id: string;
  sessions_revoked_at: Date | null;
  session_generation: number | null;
  email: string;
  first_name: string;
  last_name: string;
  terms_accepted: boolean;
  authorities: {
    id: number;
    code: string | null;
    status: AuthorityStatus;
    account_id: number | null;
    competent_authority: CompetentAuthority | null;
    verification_body_id: number | null;
    permissions: Permission[] | null;
  }[];
}

// The user and their authorities in one round trip: every authenticated request runs this.
export const CALLER_SQL = `
  select u.id, u.email, u.first_name, u.last_name, u.sessions_revoked_at,
         ${GENERATION_SQL},
         coalesce(u.terms_version, 0) >= coalesce((select max(t.version) from terms t), 0) as terms_accepted,
         coalesce(json_agg(json_build_object(
           'id', a.id, 'code', a.code, 'status', a.status, 'account_id', a.account_id,
           'competent_authority', a.competent_authority, 'verification_body_id', a.verification_body_id,
           'permissions', a.permissions) order by a.id) filter (where a.id is not null), '[]') as authorities
  from users u left join authorities a on a.user_id = u.id
  where u.id = ?
  group by u.id`;

/**
 * Loads the caller; the first call of a new subject creates their user row from the token's claims.
 * A token from before the user's sign-ins were ended (identity/sessions.ts) is refused: 401.
 */
export async function loadCurrentUser(db: Db, principal: Principal): Promise<CurrentUser> {
  let [row]: (CallerRow | undefined)[] = await queryPrepared<CallerRow>(db, CALLER_SQL, [principal.subject]);
  if (!row) {
    await ensureUserRow(db, {
      id: principal.subject,
      email: principal.email,
      firstName: principal.firstName,
      lastName: principal.lastName,
    });
    [row] = await queryPrepared<CallerRow>(db, CALLER_SQL, [principal.subject]);
    if (!row)
      throw conflict('USER_EMAIL_IN_USE', 'Your email address is used by another sign-in. Contact the service desk');
  }
  if (sessionEndedFor(principal, row)) throw sessionEnded(row.authorities);
  const authorities: Authority[] = row.authorities.map((r) => ({
    id: Number(r.id),
    code: r.code,
    status: r.status,
    accountId: r.account_id,
    competentAuthority: r.competent_authority,
    verificationBodyId: r.verification_body_id,
    permissions: r.permissions ?? [],
  }));
  return {
    userId: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    roleType: roleTypeOf(authorities),
    authorities,
    active: authorities.filter((a) => a.status === 'ACTIVE'),
    termsAccepted: row.terms_accepted,
  };
}

/** The competent authority a regulator works for (regulators have exactly one). */
export function regulatorCompetentAuthority(user: CurrentUser): CompetentAuthority | null {
  return user.roleType === 'REGULATOR'
    ? (user.active.find((a) => a.competentAuthority)?.competentAuthority ?? null)
    : null;
}

/** Does the caller hold this permission on this account (operators) or for its CA (regulators)? */
export function hasPermissionOnAccount(
  user: CurrentUser,
  account: { id: number; competentAuthority: string },
  permission?: Permission,
): boolean {
  return user.active.some(
    (a) =>
      ((user.roleType === 'OPERATOR' && a.accountId === account.id) ||
        (user.roleType === 'REGULATOR' && a.competentAuthority === account.competentAuthority)) &&
      (!permission || a.permissions.includes(permission)),
  );
}

export function hasPermission(user: CurrentUser, permission: Permission): boolean {
  return user.active.some((a) => a.permissions.includes(permission));
}

/** The caller of a route whose access rule is not public. */
export function currentUser(ctx: { state: { user?: CurrentUser } }): CurrentUser {
  if (!ctx.state.user) throw new Error('currentUser() called on a public route');
  return ctx.state.user;
}
