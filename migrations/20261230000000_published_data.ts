// Published data (issue 30; docs/published-data.md): the versions of each competent authority's
// public datasets, one row a version, and their files (.xlsx and CSV) in PostgreSQL. A version's
// row is kept when it is withdrawn. Its changes are audited (the audit_change trigger of
// 20261127200000_audit_log.ts): who asked for it, its publication, its withdrawal. Forward-only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('published_datasets', (t) => {
    t.increments('id').primary();
    t.string('competent_authority', 30).notNullable();
    t.string('report_type', 60).notNullable();
    t.string('phase', 10).notNullable();
    t.integer('version').notNullable();
    t.string('status', 20).notNullable();
    t.string('progress', 20).notNullable().defaultTo('QUEUED');
    t.string('description', 500).notNullable();
    t.string('workflow_id', 100).notNullable();
    t.string('requested_by', 255).notNullable().references('id').inTable('users');
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('published_at', { useTz: true });
    t.string('withdrawn_by', 255).references('id').inTable('users');
    t.timestamp('withdrawn_at', { useTz: true });
    t.integer('row_count');
    // Each row's digest by request id: what the next version's change log compares with.
    t.jsonb('row_digests');
    t.jsonb('changes');
    t.unique(['competent_authority', 'report_type', 'phase', 'version']);
  });
  // One version of a dataset is built at a time.
  await knex.raw(
    `create unique index published_datasets_one_building on published_datasets (competent_authority, report_type, phase) where status = 'BUILDING'`,
  );
  // The public list (newest first) and each authority's list, paged in the database.
  await knex.raw(
    `create index published_datasets_public on published_datasets (published_at desc, id desc) where status = 'PUBLISHED'`,
  );
  await knex.raw('create index published_datasets_authority on published_datasets (competent_authority, id desc)');

  await knex.schema.createTable('published_dataset_files', (t) => {
    t.integer('dataset_id').notNullable().references('id').inTable('published_datasets');
    t.string('format', 10).notNullable();
    t.string('file_name', 255).notNullable();
    t.binary('content').notNullable();
    t.integer('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.primary(['dataset_id', 'format']);
  });

  await knex.raw(
    'create trigger published_datasets_audit after insert or update or delete on published_datasets for each row execute function audit_change()',
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
