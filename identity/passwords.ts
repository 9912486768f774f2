// Password hashing with scrypt (memory-hard, in node:crypto). The parameters are stored with the
// hash, so they can be raised later without breaking existing sign-ins.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

// 128 * N * r bytes = 32 MiB at N=2^15; Node's default maxmem is exactly that, so leave headroom.
const maxmem = 256 * N * r;

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const cost = { N: Number(n), r: Number(rr), p: Number(pp) };
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    ...cost,
    maxmem: 256 * cost.N * cost.r,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anybody knows: compared against when no sign-in exists, so timing tells nothing. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
