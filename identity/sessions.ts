// Ending a person's sign-ins when access is taken away (their authority disabled or removed, their
// one-time code reset, their password changed): the embedded provider's sessions, grants and refresh
// tokens are deleted, the sign-in's session generation goes up by one, and the API refuses every
// access token of an older generation (or, for a token without one — another identity provider's —
// every token issued up to now: users.sessions_revoked_at). Both are checked with each call's caller
// lookup in api/auth/current-user.ts.
//
// A refresh (or a code exchange) that read its refresh token before the rows were deleted must not
// issue a token that outlives the revocation, whatever second it lands in. The two exclude each other
// on the credential's row: a revocation takes it for update before deleting anything and holds it to
// its commit; the provider, issuing an access token, takes it for share, checks that the token's grant
// is still there and puts the generation it read in the token (issueGeneration). Either the
// revocation committed first — the grant is gone and the refresh is refused — or the refresh read the
// old generation, which the API refuses once the revocation is done.
//
// A browser that reloads after its sign-in ended has no tokens left to be refused: its session cookie
// names a session that is gone, and the SPA's silent check (prompt=none) would land it on the ordinary
// signed-out page. So when sign-ins end because the user account was disabled (the rule of the API's
// 401, domain/users.ts accountDisabled), the ended sessions are remembered, by a hash of their id,
// until they would have expired; the provider's silent check from the browser holding one is answered
// login_required with the reason (identity/provider.ts), once. Nothing is remembered for a password or
// one-time code reset, nor a removal: those browsers see the usual signed-out page.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { accountDisabled } from '../domain/users';

/** The access-token claim carrying the session generation the token was issued in. */
export const GENERATION_CLAIM = 'sgen';

export async function endSessions(db: Knex | Knex.Transaction, subject: string, now = new Date()): Promise<void> {
  // Outside a transaction the new generation could be seen before the rows are gone: always one.
  if (!db.isTransaction) return db.transaction((trx) => endSessions(trx, subject, now));
  await db('identity_credentials').where({ subject }).increment('session_generation', 1);
  const authorities = await db('authorities').where({ user_id: subject }).select('status');
  if (accountDisabled(authorities)) await rememberEndedSessions(db, subject, 'ACCOUNT_DISABLED', now);
  await db('identity_oidc_payloads').whereRaw("payload->>'accountId' = ?", [subject]).delete();
  await db('users').where({ id: subject }).update({ sessions_revoked_at: now });
}

/** Why a browser's sign-in ended, as its next silent check is told. */
export type EndedReason = 'ACCOUNT_DISABLED';

const sessionHash = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

async function rememberEndedSessions(db: Knex | Knex.Transaction, subject: string, reason: EndedReason, now: Date) {
  const sessions: { id: string; expires_at: Date }[] = await db('identity_oidc_payloads')
    .where({ model: 'Session' })
    .whereRaw("payload->>'accountId' = ?", [subject])
    .where('expires_at', '>', now)
    .select('id', 'expires_at');
  if (sessions.length === 0) return;
  await db('identity_ended_sessions')
    .insert(sessions.map((s) => ({ session_hash: sessionHash(s.id), reason, expires_at: s.expires_at })))
    .onConflict('session_hash')
    .merge();
}

/**
 * Why the session a browser's cookie names was ended, once: the row is taken, so the next page load
 * is the usual signed-out one. Undefined for a session that was not ended for a reason to tell.
 */
export async function takeEndedReason(db: Knex, sessionId: string): Promise<EndedReason | undefined> {
  const [row] = await db('identity_ended_sessions')
    .where({ session_hash: sessionHash(sessionId) })
    .where('expires_at', '>', new Date())
    .delete()
    .returning('reason');
  return row?.reason as EndedReason | undefined;
}

/** Ended sessions past the time their cookie could be sent; removed now and then by the web process. */
export async function purgeEndedSessions(db: Knex): Promise<number> {
  return db('identity_ended_sessions').where('expires_at', '<', new Date()).delete();
}

/**
 * The session generation an access token for `subject` on `grantId` is issued in, or null when it must
 * not be issued: no such sign-in, or its grant was deleted (sign-ins ended, signed out) meanwhile.
 */
export async function issueGeneration(db: Knex, subject: string, grantId: string | undefined): Promise<number | null> {
  return db.transaction(async (trx) => {
    const row = await trx('identity_credentials').where({ subject }).forShare().first('session_generation');
    if (!row) return null;
    if (grantId) {
      const grant = await trx('identity_oidc_payloads').where({ model: 'Grant', id: grantId }).first('id');
      if (!grant) return null;
    }
    return Number(row.session_generation);
  });
}

/** Was a token issued at `issuedAt` (seconds, the JWT's iat) before the sign-ins were ended? The same second counts as before. */
export function issuedBeforeRevocation(
  issuedAt: number | undefined,
  revokedAt: Date | string | null | undefined,
): boolean {
  if (!revokedAt) return false;
  return (issuedAt ?? 0) <= Math.floor(new Date(revokedAt).getTime() / 1000);
}

/**
 * Have the sign-ins a token belongs to been ended? A token carrying a session generation is judged by
 * it when the sign-in is ours (the credential's generation is known); any other token by its iat.
 */
export function sessionEndedFor(
  token: { issuedAt?: number; sessionGeneration?: number },
  state: { sessions_revoked_at?: Date | string | null; session_generation?: number | string | null },
): boolean {
  if (typeof token.sessionGeneration === 'number' && state.session_generation != null)
    return token.sessionGeneration < Number(state.session_generation);
  return issuedBeforeRevocation(token.issuedAt, state.sessions_revoked_at);
}
