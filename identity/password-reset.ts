// Forgotten passwords, one set of rules for both ways in: the provider's own pages
// (account-pages.ts) and the API's forgot-password calls (api/routes/forgot-password.ts).
// Asking never says whether the e-mail has a sign-in; the e-mailed token works once and expires.
import type { Knex } from 'knex';
import type { Config } from '../infra/config';
import { queueEmails } from '../infra/outbox';
import { findByEmail, findBySubject, markEmailVerified, setPassword } from './credentials';
import { sendPasswordResetEmail } from './emails';
import { consumeToken, hashToken, peekToken } from './one-time-tokens';
import { addressKey, ownerOf, reserveAttempt, type Counter, type Limit, type Reservation } from './rate-limit';
import { endSessions } from './sessions';

// E-mails sent on request (sign-up confirmations, password links): per asking address, enough for
// honest retries by an office behind one address; per recipient from one asking address, too few to
// flood anyone's inbox — and per address, so that a stranger's requests use up only the stranger's
// share and never silence the owner's own (issue 40). Both are counted whether or not the e-mail has
// a sign-in (and whether or not an e-mail is sent), so a refusal says nothing about the address.
export const mailLimit: Limit = { kind: 'limit', max: 10, windowSeconds: 60 * 60 };
export const recipientLimit: Limit = { kind: 'limit', max: 5, windowSeconds: 60 * 60 };

const recipientCounter = (to: string, ip: string): Counter => ({
  key: `mail-to:${ownerOf(to)}:${addressKey(ip)}`,
  rule: recipientLimit,
  onSuccess: 'keep',
});

/** May this address have another e-mail sent to this recipient? Counted on both, or on neither when one refuses. */
export function reserveMail(db: Knex, ip: string, to: string): Promise<Reservation> {
  return reserveAttempt(db, [
    { key: `mail:${addressKey(ip)}`, rule: mailLimit, onSuccess: 'keep' },
    recipientCounter(to, ip),
  ]);
}

/** May this recipient be sent another e-mail asked for from this address (by someone who knows the password)? */
export async function mayMailRecipient(db: Knex, to: string, ip: string): Promise<boolean> {
  return (await reserveAttempt(db, [recipientCounter(to, ip)])).allowed;
}

/** What a refused request for an e-mail is told: that a limit was reached, and when to try again. */
export function tooManyEmails(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many emails have been asked for. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * Sends a reset link when the e-mail has a sign-in and both limits allow; silent about the sign-in.
 * The reservation says whether the limits allowed it (the caller tells the asker when they did not).
 */
export async function requestPasswordReset(db: Knex, config: Config, email: string, ip: string): Promise<Reservation> {
  const reservation = await reserveMail(db, ip, email);
  if (!reservation.allowed) return reservation;
  await db.transaction(async (trx) => {
    const credential = await findByEmail(trx, email);
    if (credential) await sendPasswordResetEmail(trx, config, credential);
  });
  return reservation;
}

export type ResetTokenState =
  { state: 'valid'; subject: string; email: string } | { state: 'expired' } | { state: 'invalid' };

/** What a reset link's token is, without using it: valid (with its sign-in), expired, or invalid (unknown or used). */
export async function inspectResetToken(db: Knex, token: string): Promise<ResetTokenState> {
  const subject = await peekToken(db, 'RESET_PASSWORD', token);
  if (subject) {
    const credential = await findBySubject(db, subject);
    return credential ? { state: 'valid', subject, email: credential.email } : { state: 'invalid' };
  }
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return { state: 'invalid' };
  const row = await db('identity_tokens')
    .where({ token_hash: hashToken(token), purpose: 'RESET_PASSWORD' })
    .whereNull('used_at')
    .first('expires_at');
  return row ? { state: 'expired' } : { state: 'invalid' };
}

/**
 * Uses the token and sets the password (checked by the caller with passwordErrors). The link
 * proved the mailbox, so the e-mail counts as confirmed; sessions and refresh tokens of the old
 * password end; the owner is told by e-mail. The sign-in's subject, or null when the token is not
 * (or no longer) usable.
 */
export async function resetPassword(db: Knex, config: Config, token: string, password: string): Promise<string | null> {
  return db.transaction(async (trx) => {
    const subject = await consumeToken(trx, 'RESET_PASSWORD', token);
    const credential = subject ? await findBySubject(trx, subject) : null;
    if (!subject || !credential) return null;
    await setPassword(trx, subject, password);
    await markEmailVerified(trx, subject);
    await endSessions(trx, subject);
    await queueEmails(trx, [
      {
        to: credential.email,
        subject: 'Your password has been changed',
        template: 'ResetPasswordConfirmation',
        text: `The password of your sign-in for Manage your ESOS reporting has been changed, and you have been signed out everywhere.\n\nIf you did not change it, reset your password now at ${config.publicUrl}/forgot-password and contact your regulator.`,
      },
    ]);
    return subject;
  });
}
