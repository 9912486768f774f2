// Published data reviewed before it goes out, and withdrawals explained (issue 40, issue 39 item 8;
// docs/published-data.md): a built version waits as READY with a count of free-text cells per
// column until its regulator publishes it (who, kept in `published_by`); a withdrawal keeps its
// reason, which the public page shows with the date. Forward-only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('published_datasets', (t) => {
    // [{ column, cells }]: the free-text columns of the files and how many cells each fills.
    t.jsonb('free_text');
    t.string('published_by', 255).references('id').inTable('users');
    t.string('withdrawal_reason', 500);
  });
  // One version of a dataset is built or waits for review at a time.
  await knex.raw('drop index published_datasets_one_building');
  await knex.raw(
    `create unique index published_datasets_one_building on published_datasets (competent_authority, report_type, phase) where status in ('BUILDING', 'READY')`,
  );
  // The public list: what is published and what was withdrawn after it was.
  await knex.raw('drop index published_datasets_public');
  await knex.raw(
    `create index published_datasets_public on published_datasets (published_at desc, id desc) where published_at is not null`,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
