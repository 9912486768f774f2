// What the API's metrics read on a scrape (api/metrics.ts): open tasks by type with their due
// moments, and the e-mails waiting or given up on, each from an index alone, so a scrape stays
// cheap however large request_tasks and the sent e-mails grow.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index request_tasks_type_due on request_tasks (type) include (due_at)');
  await knex.raw(`create index email_outbox_failed on email_outbox (id) where status = 'FAILED'`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
