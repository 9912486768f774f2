// The regulators' compliance overview (issue 29): indexes for its aggregates and lists, and the
// chases — a batch of reminders sent to the primary contacts of the accounts behind one number.
// A reminder's row is written in the transaction that queues its e-mail, once per chase and
// account (the unique key), so a chase's workflow may retry a send without a second e-mail; its
// audit trigger puts each send in the account's audit trail.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Each account's request of a report type, with what the counts read, without visiting the table.
  await knex.raw('create index requests_account_type on requests (account_id, type) include (status, submitted_at)');
  // Submissions over time: a competent authority's completed requests of a type by submission time.
  await knex.raw(
    `create index requests_ca_type_submitted on requests (competent_authority, type, submitted_at) include (account_id) where status = 'COMPLETED'`,
  );
  // The live accounts of a competent authority, in the lists' default order.
  await knex.raw(
    `create index accounts_live_ca_name on accounts (competent_authority, name, id) where status = 'LIVE'`,
  );

  await knex.schema.createTable('compliance_chases', (t) => {
    t.bigIncrements('id').primary();
    t.string('competent_authority', 20).notNullable().references('code').inTable('competent_authorities');
    t.string('request_type', 60).notNullable();
    // The list it was sent from (report, state, filters), as the drill-down's query reads it.
    t.jsonb('list').notNullable();
    // The accounts to remind, fixed when the chase starts.
    t.specificType('account_ids', 'integer[]').notNullable();
    t.string('created_by', 255).notNullable().references('id').inTable('users');
    t.string('created_by_name', 512).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw('create index compliance_chases_ca on compliance_chases (competent_authority, id desc)');

  await knex.schema.createTable('compliance_reminders', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('chase_id').notNullable().references('id').inTable('compliance_chases');
    t.integer('account_id').notNullable().references('id').inTable('accounts');
    // The report reminded of (a request type; named `type` so the audit trail shows it).
    t.string('type', 60).notNullable();
    // SENT, NO_CONTACT (no primary contact to write to) or ALREADY_REMINDED (reminded within the interval).
    t.string('status', 20).notNullable();
    t.string('to_address', 320);
    t.string('submitter_id', 255);
    t.string('submitter', 512);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['chase_id', 'account_id']);
  });
  await knex.raw(
    `create index compliance_reminders_last on compliance_reminders (account_id, type, created_at desc) where status = 'SENT'`,
  );
  await knex.raw(
    'create trigger compliance_reminders_audit after insert or update or delete on compliance_reminders for each row execute function audit_change()',
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
