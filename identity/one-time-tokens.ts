// Tokens sent in e-mailed links. The link carries 32 random bytes; the database keeps only their
// SHA-256, with a purpose, an expiry and a used mark, so each link works once and only in time.
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export type TokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD' | 'RESET_2FA' | 'CHANGE_2FA';

export const tokenLifetimeMinutes: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 60 * 24,
  RESET_PASSWORD: 20,
  RESET_2FA: 20,
  // Asked for with a code from the app (reference platform §2.9: change_2fa, 5 minutes).
  CHANGE_2FA: 5,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a token for subject, inside the caller's transaction; returns the clear token for the link. */
export async function issueToken(
  db: Knex | Knex.Transaction,
  purpose: TokenPurpose,
  subject: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('identity_tokens').insert({
    token_hash: hashToken(token),
    purpose,
    subject,
    expires_at: new Date(now.getTime() + tokenLifetimeMinutes[purpose] * 60_000),
  });
  return token;
}

/** Marks the token used and returns its subject; null when unknown, of another purpose, expired or used. */
export async function consumeToken(
  db: Knex | Knex.Transaction,
  purpose: TokenPurpose,
  token: string,
  now = new Date(),
): Promise<string | null> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
  const rows = await db('identity_tokens')
    .where({ token_hash: hashToken(token), purpose })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning('subject');
  return rows.length === 1 ? (rows[0] as { subject: string }).subject : null;
}

/** Is the token still usable? (for showing a form before consuming it on submit) */
export async function peekToken(
  db: Knex | Knex.Transaction,
  purpose: TokenPurpose,
  token: string,
  now = new Date(),
): Promise<string | null> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
  const row = await db('identity_tokens')
    .where({ token_hash: hashToken(token), purpose })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .first();
  return row ? (row.subject as string) : null;
}
