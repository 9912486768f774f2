// Submission documents (issue 14): the PDF of what a request action submitted, stored in `files`
// (kind DOCUMENT) and tied to that action, one per action; and e-mail attachments by reference to
// stored files, so the outbox row carries the file's uuid, not its bytes.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('request_action_file_documents', (t) => {
    // One document per request action: a retried activity finds it instead of making another.
    t.bigInteger('request_action_id').primary().references('id').inTable('request_actions');
    t.uuid('file_uuid').notNullable().unique().references('uuid').inTable('files');
    t.string('request_id', 30).notNullable().references('id').inTable('requests');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index request_action_file_documents_request on request_action_file_documents (request_id)');
  await knex.schema.alterTable('email_outbox', (t) => {
    // File uuids sent as attachments.
    t.specificType('attachments', 'uuid[]');
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
