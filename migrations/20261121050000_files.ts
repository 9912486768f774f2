// Request notes, and what the files table needs for note files and task attachments. Files are
// scanned before they are stored, so a stored file is always a clean one: no scan status column.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Request notes take the account notes' shape (reference platform §3.5): { note, files: { uuid:
  // name } } in a payload, and the role type of the writer, which decides who sees and edits them.
  // Rows written before keep their text and files; their writers' role type is read from authorities.
  await knex.schema.alterTable('request_notes', (t) => {
    t.jsonb('payload');
    t.string('role_type', 20); // OPERATOR, REGULATOR
  });
  await knex.raw(`
    update request_notes n set
      payload = jsonb_build_object('note', n.note, 'files', coalesce(
        (select jsonb_object_agg(f.uuid::text, f.file_name) from files f where f.uuid = any(n.files)), '{}'::jsonb)),
      role_type = case when exists (select 1 from authorities a where a.user_id = n.submitter_id and a.competent_authority is not null)
        then 'REGULATOR' else 'OPERATOR' end`);
  await knex.raw('alter table request_notes alter column payload set not null, alter column role_type set not null');
  await knex.schema.alterTable('request_notes', (t) => {
    t.dropColumn('note');
    t.dropColumn('files');
  });
  await knex.raw('drop index request_notes_request');
  await knex.raw('create index request_notes_request on request_notes (request_id, updated_at desc, id desc)');
  await knex.raw(
    `create index request_notes_request_operator on request_notes (request_id, updated_at desc, id desc) where role_type = 'OPERATOR'`,
  );

  // The task an attachment was uploaded to, so finishing the task can settle its files.
  await knex.schema.alterTable('files', (t) => {
    t.bigInteger('request_task_id');
  });
  await knex.raw(`alter table files add constraint files_status check (status in ('PENDING', 'SUBMITTED'))`);
  await knex.raw('create index files_request_task on files (request_task_id) where request_task_id is not null');
  // Note uploads never saved are purged after a day: this finds them without reading the table.
  await knex.raw(`create index files_pending_notes on files (created_at) where status = 'PENDING' and kind = 'NOTE'`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
