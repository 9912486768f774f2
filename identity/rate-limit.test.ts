// The attempt counters of identity/rate-limit.ts against the test run's real PostgreSQL database:
// fixed windows, the account-wide throttle, what a success gives back, an administrator's unlock, and
// bursts of concurrent reservations limited exactly as sequences are.
import { randomUUID } from 'node:crypto';
import { createDb, migrate, type Db } from '../infra/db';
import {
  addressKey,
  attemptSucceeded,
  codeCounters,
  ownerOf,
  passwordCounters,
  reserveAttempt,
  signInRules,
  unlockSignIn,
  type Counter,
  type Limit,
  type Rule,
} from './rate-limit';

let db: Db;
beforeAll(async () => {
  db = createDb(process.env.ESOS_TEST_DATABASE_URL!, { min: 0, max: 10 });
  await migrate(db);
});
afterAll(() => db.destroy());

const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 10, 21, 10, minutes, seconds));
const limit: Limit = { kind: 'limit', max: 5, windowSeconds: 900 };
const counter = (rule: Rule = limit, onSuccess: Counter['onSuccess'] = 'clear'): Counter => ({
  key: `test:${randomUUID()}`,
  rule,
  onSuccess,
});

describe('a limit', () => {
  it('allows max attempts in a window, refuses until it ends (saying how long), then starts again', async () => {
    const c = counter();
    for (let i = 0; i < 5; i++) await expect(reserveAttempt(db, [c], at(0))).resolves.toEqual({ allowed: true });
    await expect(reserveAttempt(db, [c], at(14))).resolves.toEqual({
      allowed: false,
      rule: limit,
      retryAfterSeconds: 60,
    });
    await expect(reserveAttempt(db, [c], at(15, 1))).resolves.toEqual({ allowed: true });
    expect((await db('identity_rate_limits').where({ key: c.key }).first()).count).toBe(1);
  });

  it('counts nothing when one of the counters refuses', async () => {
    const full = counter();
    const other = counter();
    for (let i = 0; i < 5; i++) await reserveAttempt(db, [full], at(0));
    await expect(reserveAttempt(db, [other, full], at(1))).resolves.toMatchObject({ allowed: false });
    expect((await db('identity_rate_limits').where({ key: other.key }).first()).count).toBe(0);
  });

  it('gives an attempt back on success, or clears, as the counter says', async () => {
    const cleared = counter(limit, 'clear');
    const uncounted = counter(limit, 'uncount');
    for (let i = 0; i < 3; i++) await reserveAttempt(db, [cleared, uncounted]);
    await attemptSucceeded(db, [cleared, uncounted]);
    expect(await db('identity_rate_limits').where({ key: cleared.key }).first()).toBeUndefined();
    expect((await db('identity_rate_limits').where({ key: uncounted.key }).first()).count).toBe(2);
  });
});

describe('the account-wide throttle', () => {
  it('lets `free` attempts through, then makes each wait longer — slowed, never locked for long', async () => {
    const rule = signInRules.account;
    const c = counter(rule, 'uncount');
    for (let i = 0; i < rule.free; i++)
      await expect(reserveAttempt(db, [c], at(0, i))).resolves.toEqual({ allowed: true });
    // The tenth set a wait of 2 s from 10:00:09.
    await expect(reserveAttempt(db, [c], at(0, 10))).resolves.toEqual({ allowed: false, rule, retryAfterSeconds: 1 });
    await expect(reserveAttempt(db, [c], at(0, 11))).resolves.toEqual({ allowed: true });
    await expect(reserveAttempt(db, [c], at(0, 14))).resolves.toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await expect(reserveAttempt(db, [c], at(0, 15))).resolves.toEqual({ allowed: true });
    // The waits double up to a minute, never more.
    let now = at(0, 15).getTime();
    for (let i = 0; i < 8; i++) {
      const refused = await reserveAttempt(db, [c], new Date(now));
      expect(refused.allowed).toBe(false);
      if (refused.allowed) return;
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(rule.maxDelaySeconds);
      now += refused.retryAfterSeconds * 1000;
      await expect(reserveAttempt(db, [c], new Date(now))).resolves.toEqual({ allowed: true });
    }
  });
});

describe('sign-in counters', () => {
  it('are keyed on the account from one address, the address, and the account; unlock clears the account’s, not the address’s', async () => {
    const email = `Owner.${randomUUID()}@Example.org`;
    const counters = passwordCounters(email, '192.0.2.7');
    expect(counters.map((c) => c.key)).toEqual([
      `password:${ownerOf(email)}:192.0.2.7`,
      'address:192.0.2.7',
      `account:${ownerOf(email)}`,
    ]);
    expect(ownerOf(email)).toBe(ownerOf(`  ${email.toLowerCase()} `));
    for (let i = 0; i < 5; i++) await reserveAttempt(db, counters);
    await expect(reserveAttempt(db, counters)).resolves.toMatchObject({
      allowed: false,
      rule: signInRules.accountFromAddress,
    });
    // Another address is not locked out by these failures.
    await expect(reserveAttempt(db, passwordCounters(email, '198.51.100.1'))).resolves.toEqual({ allowed: true });
    await reserveAttempt(db, codeCounters(randomUUID(), email, '192.0.2.7'));
    expect(await unlockSignIn(db, email)).toBe(5);
    await expect(reserveAttempt(db, counters)).resolves.toEqual({ allowed: true });
    await db('identity_rate_limits').where({ key: 'address:192.0.2.7' }).delete();
  });

  it('count one-time codes per account from one address, and per account from everywhere', () => {
    const subject = randomUUID();
    expect(codeCounters(subject, 'a@example.org', '192.0.2.9').map((c) => [c.key, c.rule])).toEqual([
      [`code:${subject}:192.0.2.9`, signInRules.code],
      [`code-account:${subject}`, signInRules.codeAccount],
    ]);
  });

  it('keep long typed e-mails to a short key', async () => {
    await expect(reserveAttempt(db, passwordCounters('x'.repeat(20_000), '192.0.2.8'))).resolves.toEqual({
      allowed: true,
    });
  });
});

describe('the address counted', () => {
  it('is an IPv6 address’s /64, an IPv4-mapped IPv6 address’s IPv4 address, an IPv4 address itself', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:c000:207')).toBe('192.0.2.7');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    const email = 'six@example.org';
    expect(passwordCounters(email, '2001:db8:1:2::1').map((c) => c.key)).toEqual(
      passwordCounters(email, '2001:db8:1:2:9::9').map((c) => c.key),
    );
    expect(passwordCounters(email, '::ffff:192.0.2.7').map((c) => c.key)).toEqual(
      passwordCounters(email, '192.0.2.7').map((c) => c.key),
    );
  });
});

describe('a burst of concurrent attempts', () => {
  it('is limited exactly as a sequence is', async () => {
    const c = counter(limit, 'uncount');
    const results = await Promise.all(Array.from({ length: 40 }, () => reserveAttempt(db, [c])));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect((await db('identity_rate_limits').where({ key: c.key }).first()).count).toBe(5);
  });

  it('over several counters at once, never deadlocks and never over-counts', async () => {
    const email = `burst.${randomUUID()}@example.org`;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => reserveAttempt(db, passwordCounters(email, `203.0.113.${i % 3}`))),
    );
    // Three addresses, five each, but the account-wide throttle lets only ten through at once.
    expect(results.filter((r) => r.allowed)).toHaveLength(signInRules.account.free);
    await unlockSignIn(db, email);
    await db('identity_rate_limits')
      .whereIn('key', ['address:203.0.113.0', 'address:203.0.113.1', 'address:203.0.113.2'])
      .delete();
  });
});
