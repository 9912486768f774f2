// The workflow engine's projection: idempotency keys for activity writes (retried at least once by
// Temporal), precise due times, notice bookkeeping, request notes, and indexes for the three
// work-item lists (each pages in the database with an index; see docs/performance.md, "Where the time goes").
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('request_tasks', (t) => {
    // `${runId}:${seq}` of the workflow step that opened the task: a retried open finds its row.
    t.string('open_key', 100).unique();
    // The exact deadline (tests use seconds); due_date keeps the calendar day the lists show.
    t.timestamp('due_at', { useTz: true });
  });
  await knex.schema.alterTable('request_task_history', (t) => {
    t.integer('account_id');
    t.string('competent_authority', 20);
  });
  await knex.schema.alterTable('request_actions', (t) => {
    t.string('idempotency_key', 100).unique();
  });

  // Lists: unassigned work of a competent authority, newest first.
  await knex.raw(`create index request_tasks_unassigned_ca on request_tasks (competent_authority, start_date desc, id desc)
    where assignee is null`);
  // Counting and filtering by CA and task type without visiting the table.
  await knex.raw('create index request_tasks_ca_type on request_tasks (competent_authority, type) include (assignee)');
  await knex.raw('create index request_tasks_account_type on request_tasks (account_id, type) include (assignee)');

  // Reminders and overdue notices sent for a task: one row each, so a retried activity sends once.
  await knex.schema.createTable('request_task_notices', (t) => {
    t.bigInteger('task_id').notNullable();
    t.string('kind', 40).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['task_id', 'kind']);
  });

  await knex.schema.createTable('request_notes', (t) => {
    t.bigIncrements('id').primary();
    t.string('request_id', 30).notNullable().references('id').inTable('requests');
    t.text('note').notNullable();
    t.specificType('files', 'uuid[]').notNullable().defaultTo('{}');
    t.string('submitter_id', 255).notNullable();
    t.string('submitter', 512).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index request_notes_request on request_notes (request_id, created_at desc)');
  await knex.raw('create index files_request on files (request_id) where request_id is not null');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
