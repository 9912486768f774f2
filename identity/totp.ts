// Time-based one-time codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), with otpauth.
// A code is accepted once: the last accepted time step is kept per sign-in, and a code of that
// step or an earlier one is refused, so a code seen over someone's shoulder cannot be replayed.
import { Secret, TOTP } from 'otpauth';
import type { Knex } from 'knex';

const ISSUER = 'ESOS Reporting';
const totp = (secret: string, label?: string) =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

export const base32Encode = (buf: Buffer): string => new Secret({ buffer: new Uint8Array(buf).buffer }).base32;
export const base32Decode = (text: string): Buffer =>
  Buffer.from(Secret.fromBase32(text.replace(/[\s=]/g, '').toUpperCase()).bytes);

/** A new secret of 20 random bytes, in base32. */
export const generateSecret = (): string => new Secret({ size: 20 }).base32;

export const stepAt = (timeMs: number) => TOTP.counter({ period: 30, timestamp: timeMs });

export const totpAt = (secret: string, timeMs: number): string => totp(secret).generate({ timestamp: timeMs });

/** The time step whose code this is: this step or the one either side (clock drift on phones); null for none. */
export function matchTotpStep(secret: string, code: string, timeMs = Date.now()): number | null {
  const given = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(given)) return null;
  const delta = totp(secret).validate({ token: given, timestamp: timeMs, window: 1 });
  return delta === null ? null : stepAt(timeMs) + delta;
}

/** Is this a code of the secret, now? (Says nothing about replay: see redeemTotpCode.) */
export function verifyTotp(secret: string, code: string, timeMs = Date.now()): boolean {
  return matchTotpStep(secret, code, timeMs) !== null;
}

export type TotpOutcome = 'accepted' | 'wrong' | 'replayed';
export const CODE_WRONG = 'The code is not correct';
export const CODE_USED = 'This code has already been used. Wait for the next code from your app and enter it';

/**
 * Checks a code for the sign-in `subject` and, when right, records its time step in the same
 * statement that checks the step is newer than the last one accepted (so two requests racing with
 * one code cannot both pass). With `setUp`, secret is a new one being set up: it is saved with the
 * step, starting a new sequence.
 */
export async function redeemTotpCode(
  db: Knex | Knex.Transaction,
  subject: string,
  secret: string,
  code: string,
  options: { setUp?: boolean; now?: number } = {},
): Promise<TotpOutcome> {
  const step = matchTotpStep(secret, code, options.now ?? Date.now());
  if (step === null) return 'wrong';
  const changed = options.setUp
    ? await db('identity_credentials')
        .where({ subject })
        .update({ totp_secret: secret, totp_last_step: step, updated_at: new Date() })
    : await db('identity_credentials')
        .where({ subject, totp_secret: secret })
        .where((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
        .update({ totp_last_step: step });
  if (changed === 1) return 'accepted';
  // Nothing changed: the step was used already, or the secret was reset meanwhile.
  const row = await db('identity_credentials').where({ subject }).first('totp_secret');
  return row?.totp_secret === secret ? 'replayed' : 'wrong';
}

export function otpauthUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}
