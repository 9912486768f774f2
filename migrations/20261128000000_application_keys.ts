// An operator's client may send an account application again when it did not see the answer (a
// network fault, a 503 while the service restarts). With an Idempotency-Key, the same key from the
// same user names the same application: the account id is reserved once, with a digest of what was
// applied for, and a retry answers for that application instead of opening a second account.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table account_application_keys (
      user_id text not null,
      idempotency_key text not null,
      account_id integer not null,
      payload_digest text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, idempotency_key)
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists account_application_keys');
}
