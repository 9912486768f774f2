// Time-based one-time codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), with node:crypto.
// A code is accepted once: the last accepted time step is kept per sign-in, and a code of that
// step or an earlier one is refused, so a code seen over someone's shoulder cannot be replayed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';

const STEP_MS = 30_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('not base32');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function generateSecret(): string {
  return base32Encode(randomBytes(20));
}

export const stepAt = (timeMs: number) => Math.floor(timeMs / STEP_MS);

export function totpAt(secret: string, timeMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(stepAt(timeMs)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

/** The time step whose code this is: this step or the one either side (clock drift on phones); null for none. */
export function matchTotpStep(secret: string, code: string, timeMs = Date.now()): number | null {
  const given = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(given)) return null;
  // Every candidate is compared, so the time taken does not say which one matched.
  let matched: number | null = null;
  for (const offset of [-1, 0, 1]) {
    const at = timeMs + offset * STEP_MS;
    if (timingSafeEqual(Buffer.from(totpAt(secret, at)), Buffer.from(given))) matched = stepAt(at);
  }
  return matched;
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
    ? await db('identity_credentials').where({ subject }).update({ totp_secret: secret, totp_last_step: step, updated_at: new Date() })
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
  const label = encodeURIComponent(`ESOS Reporting:${email}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent('ESOS Reporting')}&algorithm=SHA1&digits=6&period=30`;
}
