// A request for information sent to a compliance overview list (issue 30): the batch (its list, the
// accounts fixed when it starts, the questions and deadline) and one row per account, written before
// that account's request is started, keyed by batch and account, holding the request id the batch
// reserved for it: a batch workflow that runs a step again finds the row and starts nothing twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rfi_batches', (t) => {
    t.bigIncrements('id').primary();
    t.string('competent_authority', 20).notNullable().references('code').inTable('competent_authorities');
    // The list it was sent from (report, state, filters), as the drill-down's query reads it.
    t.jsonb('list').notNullable();
    t.specificType('account_ids', 'integer[]').notNullable();
    t.text('questions').notNullable();
    t.date('deadline').notNullable();
    t.string('created_by', 255).notNullable().references('id').inTable('users');
    t.string('created_by_name', 512).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw('create index rfi_batches_ca on rfi_batches (competent_authority, id desc)');

  await knex.schema.createTable('rfi_batch_requests', (t) => {
    t.bigInteger('batch_id').notNullable().references('id').inTable('rfi_batches');
    t.integer('account_id').notNullable().references('id').inTable('accounts');
    // STARTING (id reserved), STARTED, NOT_LIVE, ALREADY_OPEN (an RFI of the account is in progress) or NOT_STARTED.
    t.string('status', 20).notNullable();
    t.string('request_id', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['batch_id', 'account_id']);
  });
  // The ids reserved for an account's requests, read when the next one is numbered.
  await knex.raw('create index rfi_batch_requests_account on rfi_batch_requests (account_id)');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
