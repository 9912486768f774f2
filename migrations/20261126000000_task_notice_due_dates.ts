// A task's reminders and overdue notice are sent once per due date: when a regulator moves the due
// date, they are sent again for the new one. Notices before this migration keep the epoch.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table request_task_notices add column due_at timestamptz not null default 'epoch'`);
  await knex.raw('alter table request_task_notices drop constraint request_task_notices_pkey');
  await knex.raw('alter table request_task_notices add primary key (task_id, kind, due_at)');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
