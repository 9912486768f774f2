// A queued e-mail wakes the dispatcher at once: every insert into the outbox notifies the channel
// `email_outbox` when its transaction commits (PostgreSQL delivers NOTIFY only on commit, so an
// e-mail of a change rolled back never wakes anyone). The worker listens (infra/outbox-wake.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function email_outbox_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('email_outbox', '');
      return null;
    end $$;
    create trigger email_outbox_notify after insert on email_outbox for each statement execute function email_outbox_notify();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop trigger if exists email_outbox_notify on email_outbox; drop function if exists email_outbox_notify();',
  );
}
