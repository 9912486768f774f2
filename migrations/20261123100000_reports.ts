// Submitted reports (notification, action plan, progress updates): one row per request id,
// replaced when a re-initiated report is submitted again (reference workflows §1.4). Progress
// updates start from these; MI reports read them.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reports', (t) => {
    t.string('request_id', 30).primary().references('id').inTable('requests');
    t.integer('account_id').notNullable().references('id').inTable('accounts');
    t.string('type', 60).notNullable();
    t.string('phase', 10).notNullable().defaultTo('P3');
    t.jsonb('data').notNullable();
    t.string('submitted_by', 255).notNullable();
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index reports_account_type on reports (account_id, type)');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
