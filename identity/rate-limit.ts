// Attempts at something guessable (a password, a one-time code) and e-mails sent on request, counted
// in PostgreSQL so that every web replica sees the same counts. An attempt is reserved — counted —
// before it is checked, with the counters' rows locked, so a burst of concurrent attempts is limited
// exactly as the same attempts one after another; a success gives its reservation back.
//
// Sign-in throttling follows the NCSC's password guidance: the tight limit is on the account from one
// address (a stranger elsewhere cannot lock the owner out by failing on purpose), a limit per address
// stops one address trying many accounts, and the account-wide rule only slows attempts from
// everywhere together, never locks. An administrator can clear an account's counters (unlock).
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Knex } from 'knex';

/** At most `max` attempts in a fixed window, then refused until the window ends. */
export interface Limit {
  kind: 'limit';
  max: number;
  windowSeconds: number;
}

/** After `free` attempts in the window, each further one waits `delaySeconds`, doubling up to `maxDelaySeconds`. */
export interface Throttle {
  kind: 'throttle';
  free: number;
  windowSeconds: number;
  delaySeconds: number;
  maxDelaySeconds: number;
}

export type Rule = Limit | Throttle;

export interface Counter {
  key: string;
  rule: Rule;
  /** The account the counter concerns (ownerOf its e-mail), for an administrator's unlock. */
  owner?: string;
  /** What a successful attempt does to the counter: clear it, take its own attempt back, or nothing. */
  onSuccess: 'clear' | 'uncount' | 'keep';
}

export type Refusal = { allowed: false; rule: Rule; retryAfterSeconds: number };
export type Reservation = { allowed: true } | Refusal;

export const TOO_MANY = 'There have been too many attempts to sign in. Wait 15 minutes and try again.';
/** The account-wide throttle: slowed, not locked. */
export const slowedDown = (seconds: number) =>
  `There have been many attempts to sign in to this account. Wait ${seconds} seconds and try again.`;
export const refusalMessage = (refusal: Refusal) =>
  refusal.rule.kind === 'throttle' ? slowedDown(refusal.retryAfterSeconds) : TOO_MANY;

const MINUTES_15 = 15 * 60;

export const signInRules = {
  /** One account from one address: 5 wrong passwords in 15 minutes. */
  accountFromAddress: { kind: 'limit', max: 5, windowSeconds: MINUTES_15 } as Limit,
  /** One address, any accounts: 20 wrong passwords in 15 minutes. */
  address: { kind: 'limit', max: 20, windowSeconds: MINUTES_15 } as Limit,
  /** One account, all addresses together: after 10 in 15 minutes, 2 s between attempts, doubling to a minute. */
  account: { kind: 'throttle', free: 10, windowSeconds: MINUTES_15, delaySeconds: 2, maxDelaySeconds: 60 } as Throttle,
  /** One-time codes of one account from one address: 5 wrong codes in 15 minutes. */
  code: { kind: 'limit', max: 5, windowSeconds: MINUTES_15 } as Limit,
  /**
   * One-time codes of one account, all addresses together: after 10 in an hour, 2 s between attempts,
   * doubling to 5 minutes. Only someone who knows the password gets here; slowed, never locked.
   */
  codeAccount: {
    kind: 'throttle',
    free: 10,
    windowSeconds: 60 * 60,
    delaySeconds: 2,
    maxDelaySeconds: 300,
  } as Throttle,
};

/** The owner of an account's counters: a digest of its e-mail, so a typed address of any length makes a short key. */
export const ownerOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');

/** An IPv6 address as its eight 16-bit groups (a trailing dotted IPv4 part and '::' expanded). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const last = text.lastIndexOf(':');
  if (text.slice(last + 1).includes('.')) {
    const [a, b, c, d] = text
      .slice(last + 1)
      .split('.')
      .map(Number);
    text = `${text.slice(0, last + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const start = head ? head.split(':') : [];
  const end = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - start.length - end.length).fill('0');
  return [...start, ...zeros, ...end].map((g) => parseInt(g, 16));
}

/**
 * The address a counter is kept for: an IPv4 address as it is, an IPv4-mapped IPv6 one as its IPv4
 * address, any other IPv6 one as its /64 — the block one household or office gets, which its owner
 * can fill with as many addresses as they like.
 */
export function addressKey(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64);
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** The counters a password attempt for this e-mail from this address is reserved on. */
export function passwordCounters(email: string, ip: string): Counter[] {
  const owner = ownerOf(email);
  const from = addressKey(ip);
  return [
    { key: `password:${owner}:${from}`, rule: signInRules.accountFromAddress, owner, onSuccess: 'clear' },
    { key: `address:${from}`, rule: signInRules.address, onSuccess: 'uncount' },
    { key: `account:${owner}`, rule: signInRules.account, owner, onSuccess: 'uncount' },
  ];
}

/**
 * The counters a one-time code attempt for this sign-in from this address is reserved on (the sign-in
 * page and the API's request-change share them): the tight limit on the account from one address, so
 * someone who knows the password cannot lock the owner's code step from elsewhere, and the
 * account-wide throttle that only slows.
 */
export function codeCounters(subject: string, email: string, ip: string): Counter[] {
  const owner = ownerOf(email);
  return [
    { key: `code:${subject}:${addressKey(ip)}`, rule: signInRules.code, owner, onSuccess: 'clear' },
    { key: `code-account:${subject}`, rule: signInRules.codeAccount, owner, onSuccess: 'uncount' },
  ];
}

interface Row {
  key: string;
  count: number;
  window_ends_at: Date;
  next_attempt_at: Date | null;
}

const delayAfter = (rule: Throttle, count: number) =>
  Math.min(rule.delaySeconds * 2 ** (count - rule.free), rule.maxDelaySeconds);

/**
 * Reserves one attempt on every counter, or on none when any of them refuses (a refused attempt is
 * not counted). The rows are locked in key order, so concurrent reservations queue and never deadlock.
 */
export async function reserveAttempt(db: Knex, counters: Counter[], now = new Date()): Promise<Reservation> {
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
  return db.transaction(async (trx) => {
    await trx('identity_rate_limits')
      .insert(sorted.map((c) => ({ key: c.key, count: 0, window_ends_at: now, owner: c.owner ?? null })))
      .onConflict('key')
      .ignore();
    const rows: Row[] = await trx('identity_rate_limits')
      .whereIn(
        'key',
        sorted.map((c) => c.key),
      )
      .orderBy('key')
      .forUpdate()
      .select('key', 'count', 'window_ends_at', 'next_attempt_at');
    const states = sorted.map((counter) => {
      const row = rows.find((r) => r.key === counter.key)!;
      const live = new Date(row.window_ends_at) > now;
      return {
        counter,
        count: live ? Number(row.count) : 0,
        windowEnds: live ? new Date(row.window_ends_at) : new Date(now.getTime() + counter.rule.windowSeconds * 1000),
        next: live && row.next_attempt_at ? new Date(row.next_attempt_at) : null,
      };
    });
    let refusal: Reservation | null = null;
    for (const { counter, count, windowEnds, next } of states) {
      const { rule } = counter;
      const until =
        rule.kind === 'limit'
          ? count >= rule.max
            ? windowEnds
            : null
          : count >= rule.free && next && next > now
            ? next
            : null;
      if (!until) continue;
      const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
      if (!refusal || refusal.allowed || retryAfterSeconds > refusal.retryAfterSeconds)
        refusal = { allowed: false, rule, retryAfterSeconds };
    }
    if (refusal) return refusal;
    for (const { counter, count, windowEnds } of states) {
      const { rule } = counter;
      const n = count + 1;
      const next =
        rule.kind === 'throttle' && n >= rule.free ? new Date(now.getTime() + delayAfter(rule, n) * 1000) : null;
      await trx('identity_rate_limits')
        .where({ key: counter.key })
        .update({ count: n, window_ends_at: windowEnds, next_attempt_at: next });
    }
    return { allowed: true };
  });
}

/** A reserved attempt succeeded: each counter is cleared, given its attempt back, or kept, as it says. */
export async function attemptSucceeded(db: Knex, counters: Counter[]): Promise<void> {
  const clear = counters.filter((c) => c.onSuccess === 'clear').map((c) => c.key);
  const uncount = counters.filter((c) => c.onSuccess === 'uncount').map((c) => c.key);
  if (clear.length) await db('identity_rate_limits').whereIn('key', clear).delete();
  if (uncount.length)
    await db('identity_rate_limits')
      .whereIn('key', uncount)
      .update({ count: db.raw('greatest(count - 1, 0)') });
}

/** An administrator's unlock: every counter of the account (passwords from any address, its codes) starts again. */
export async function unlockSignIn(db: Knex | Knex.Transaction, email: string): Promise<number> {
  return db('identity_rate_limits')
    .where({ owner: ownerOf(email) })
    .delete();
}

/** Counters whose window ended an hour ago are useless; removed now and then with the provider's expired rows. */
export async function purgeEndedWindows(db: Knex): Promise<number> {
  return db('identity_rate_limits')
    .where('window_ends_at', '<', new Date(Date.now() - 3600_000))
    .delete();
}
