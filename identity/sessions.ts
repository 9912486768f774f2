// Ending a person's sign-ins when access is taken away (their authority disabled or removed, their
// one-time code reset, their password changed): the embedded provider's sessions, grants and refresh
// tokens are deleted, and the API refuses every access token issued up to now
// (users.sessions_revoked_at, checked with each call's caller lookup in api/auth/current-user.ts).
// With another identity provider only the second half applies: its own sessions are its business.
import type { Knex } from 'knex';

export async function endSessions(db: Knex | Knex.Transaction, subject: string, now = new Date()): Promise<void> {
  await db('identity_oidc_payloads').whereRaw("payload->>'accountId' = ?", [subject]).delete();
  await db('users').where({ id: subject }).update({ sessions_revoked_at: now });
}

/** Was a token issued at `issuedAt` (seconds, the JWT's iat) before the sign-ins were ended? The same second counts as before. */
export function issuedBeforeRevocation(issuedAt: number | undefined, revokedAt: Date | string | null | undefined): boolean {
  if (!revokedAt) return false;
  return (issuedAt ?? 0) <= Math.floor(new Date(revokedAt).getTime() / 1000);
}
