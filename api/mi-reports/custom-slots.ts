// How many custom queries one person has running (project issue 27): each running query holds one
// of the person's slots, a row of table mi_report_runs (migrations/…_mi_report_runs.ts). The rows
// live in PostgreSQL, so the limit holds across every API process; claiming one is a single
// INSERT … ON CONFLICT, so two requests never take the same slot.
//
// A slot is taken back when its query ends. Should its API process die first, the slot frees
// itself: a slot counts only while the reader session it recorded (pid and role) is still in
// pg_stat_activity, or for a few seconds after the claim while that session is being opened.
// (Not advisory locks: a session lock needs a connection held open for each running query, and the
// readers themselves may not take advisory locks — migrations/…_mi_reader_privileges.ts.)
import { randomUUID } from 'node:crypto';
import type { Db } from '../../infra/db';

export interface CustomSlot {
  userId: string;
  slot: number;
  token: string;
}

/** A slot claimed this long ago whose reader session was never recorded counts as free. */
const OPENING = '30 seconds';

/** One of the person's `limit` slots, or null when every one is held by a running query. */
export async function claimCustomSlot(db: Db, userId: string, limit: number): Promise<CustomSlot | null> {
  const token = randomUUID();
  for (let slot = 0; slot < limit; slot++) {
    const { rows } = await db.raw(
      `insert into mi_report_runs (user_id, slot, token) values (?, ?, ?)
       on conflict (user_id, slot) do update set token = excluded.token, pid = null, role_name = null, claimed_at = now()
       where case when mi_report_runs.pid is null then mi_report_runs.claimed_at < now() - interval '${OPENING}'
                  else not exists (select 1 from pg_stat_activity a where a.pid = mi_report_runs.pid and a.usename = mi_report_runs.role_name) end
       returning slot`,
      [userId, slot, token],
    );
    if (rows.length > 0) return { userId, slot, token };
  }
  return null;
}

/** The reader session that runs the slot's query: while it is there, the slot is held. */
export async function recordCustomSlotSession(db: Db, slot: CustomSlot, pid: number, roleName: string): Promise<void> {
  await db('mi_report_runs')
    .where({ user_id: slot.userId, slot: slot.slot, token: slot.token })
    .update({ pid, role_name: roleName });
}

export async function releaseCustomSlot(db: Db, slot: CustomSlot): Promise<void> {
  await db('mi_report_runs').where({ user_id: slot.userId, slot: slot.slot, token: slot.token }).delete();
}
