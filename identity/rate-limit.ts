// Failed sign-in attempts, counted in fixed windows per account and per address. Only failures
// count; a success clears the account's counter.
import type { Knex } from 'knex';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export const signInLimits = {
  account: { max: 5, windowSeconds: 15 * 60 } as Limit,
  address: { max: 20, windowSeconds: 15 * 60 } as Limit,
};

/** Is the key under its limit? */
export async function underLimit(db: Knex, key: string, limit: Limit, now = new Date()): Promise<boolean> {
  const row = await db('identity_rate_limits').where({ key }).where('window_ends_at', '>', now).first();
  return !row || Number(row.count) < limit.max;
}

/** Counts one failure against the key (a new window starts when the old one has ended). */
export async function recordFailure(db: Knex, key: string, limit: Limit, now = new Date()): Promise<void> {
  const windowEnds = new Date(now.getTime() + limit.windowSeconds * 1000);
  await db.raw(
    `insert into identity_rate_limits (key, count, window_ends_at) values (?, 1, ?)
     on conflict (key) do update set
       count = case when identity_rate_limits.window_ends_at > ? then identity_rate_limits.count + 1 else 1 end,
       window_ends_at = case when identity_rate_limits.window_ends_at > ? then identity_rate_limits.window_ends_at else excluded.window_ends_at end`,
    [key, windowEnds, now, now],
  );
}

export async function clearFailures(db: Knex, key: string): Promise<void> {
  await db('identity_rate_limits').where({ key }).delete();
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;
