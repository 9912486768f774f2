// Core tables of the service. Append-only: later changes go in new migration files.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');

  await knex.schema.createTable('competent_authorities', (t) => {
    t.string('code', 20).primary(); // ENGLAND, WALES, SCOTLAND, NORTHERN_IRELAND, OPRED
    t.string('name', 255).notNullable();
    t.string('email', 255).notNullable();
  });
  await knex('competent_authorities').insert([
    { code: 'ENGLAND', name: 'Environment Agency', email: 'esos@environment-agency.gov.uk' },
    { code: 'WALES', name: 'Natural Resources Wales', email: 'esos@naturalresourceswales.gov.uk' },
    { code: 'SCOTLAND', name: 'Scottish Environment Protection Agency', email: 'esos@sepa.org.uk' },
    { code: 'NORTHERN_IRELAND', name: 'Northern Ireland Environment Agency', email: 'esos@daera-ni.gov.uk' },
    {
      code: 'OPRED',
      name: 'Secretary of State for Energy Security and Net Zero',
      email: 'opred@energysecurity.gov.uk',
    },
  ]);

  // A person. The id is the subject of their sign-in token.
  await knex.schema.createTable('users', (t) => {
    t.string('id', 255).primary();
    t.string('email', 255).notNullable();
    t.string('first_name', 255).notNullable().defaultTo('');
    t.string('last_name', 255).notNullable().defaultTo('');
    t.string('job_title', 255);
    t.string('phone_number', 255);
    t.integer('terms_version');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index users_email_lower on users (lower(email))');

  await knex.schema.createTable('terms', (t) => {
    t.integer('version').primary();
    t.string('url', 1000).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex('terms').insert({ version: 1, url: '/terms-and-conditions' });

  await knex.schema.createTable('verification_bodies', (t) => {
    t.increments('id').primary();
    t.string('name', 255).notNullable();
    t.string('status', 20).notNullable().defaultTo('ACTIVE');
  });

  await knex.schema.createTable('accounts', (t) => {
    t.increments('id').primary();
    t.string('organisation_id', 9).notNullable().unique(); // ORG + 6 digits
    t.string('name', 255).notNullable();
    t.string('registration_number', 20);
    t.string('status', 30).notNullable(); // AWAITING_APPROVAL, LIVE, DENIED, CLOSED
    t.string('competent_authority', 20).notNullable().references('code').inTable('competent_authorities');
    t.string('address_line1', 255).notNullable();
    t.string('address_line2', 255);
    t.string('city', 255).notNullable();
    t.string('county', 255);
    t.string('postcode', 20);
    t.jsonb('classification_codes').notNullable().defaultTo('[]');
    t.integer('verification_body_id').references('id').inTable('verification_bodies');
    t.timestamp('accepted_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // One LIVE account per registration number, enforced by the database.
  await knex.raw(`create unique index accounts_live_registration_number on accounts (registration_number)
    where status = 'LIVE' and registration_number is not null`);
  await knex.raw('create index accounts_ca_org on accounts (competent_authority, organisation_id)');
  for (const column of ['name', 'registration_number', 'organisation_id']) {
    await knex.raw(`create index accounts_${column}_trgm on accounts using gin (${column} gin_trgm_ops)`);
  }

  await knex.schema.createTable('account_contacts', (t) => {
    t.integer('account_id').notNullable().references('id').inTable('accounts');
    t.string('contact_type', 20).notNullable(); // PRIMARY, SECONDARY, SERVICE, FINANCIAL, CA_SITE
    t.string('user_id', 255).notNullable().references('id').inTable('users');
    t.primary(['account_id', 'contact_type']);
  });

  // What a user may do, and where: one row per user and account (operators), competent authority
  // (regulators) or verification body (verifiers). Permissions are copied from the role on creation.
  await knex.schema.createTable('authorities', (t) => {
    t.bigIncrements('id').primary();
    t.string('user_id', 255).references('id').inTable('users');
    t.string('code', 50); // operator_admin, operator, verifier_admin, ...; null for regulators
    t.string('status', 30).notNullable(); // PENDING, ACCEPTED, ACTIVE, DISABLED
    t.integer('account_id').references('id').inTable('accounts');
    t.string('competent_authority', 20).references('code').inTable('competent_authorities');
    t.integer('verification_body_id').references('id').inTable('verification_bodies');
    t.specificType('permissions', 'text[]').notNullable().defaultTo('{}');
    t.string('invitation_token_hash', 128); // set while PENDING
    t.string('invited_email', 255);
    t.string('created_by', 255);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index authorities_user on authorities (user_id)');
  await knex.raw(
    'create unique index authorities_user_account on authorities (user_id, account_id) where account_id is not null',
  );
  await knex.raw(
    'create unique index authorities_user_ca on authorities (user_id) where competent_authority is not null',
  );
  await knex.raw('create index authorities_account on authorities (account_id) where account_id is not null');
  await knex.raw(
    'create index authorities_ca on authorities (competent_authority) where competent_authority is not null',
  );

  // One run of one process for one account; its id is also the Temporal workflow id.
  await knex.schema.createTable('requests', (t) => {
    t.string('id', 30).primary();
    t.string('type', 60).notNullable();
    t.string('status', 30).notNullable(); // IN_PROGRESS, COMPLETED, CANCELLED, APPROVED, REJECTED, TERMINATED
    t.integer('account_id').references('id').inTable('accounts');
    t.string('competent_authority', 20).references('code').inTable('competent_authorities');
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('submitted_at', { useTz: true });
    t.timestamp('ended_at', { useTz: true });
  });
  await knex.raw('create index requests_account on requests (account_id, created_at desc)');

  // Open human tasks: the projection the work-item lists read. Written only by workflow activities.
  await knex.schema.createTable('request_tasks', (t) => {
    t.bigIncrements('id').primary();
    t.string('request_id', 30).notNullable().references('id').inTable('requests');
    t.string('type', 80).notNullable();
    t.string('assignee', 255).references('id').inTable('users');
    t.integer('account_id').references('id').inTable('accounts');
    t.string('competent_authority', 20);
    t.timestamp('start_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.date('due_date');
    t.date('pause_date');
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.integer('version').notNullable().defaultTo(0);
  });
  await knex.raw('create index request_tasks_assignee on request_tasks (assignee, start_date desc)');
  await knex.raw('create index request_tasks_ca on request_tasks (competent_authority, start_date desc)');
  await knex.raw('create index request_tasks_account on request_tasks (account_id, start_date desc)');
  await knex.raw('create index request_tasks_request on request_tasks (request_id)');

  await knex.schema.createTable('request_task_history', (t) => {
    t.bigInteger('id').primary();
    t.string('request_id', 30).notNullable().references('id').inTable('requests');
    t.string('type', 80).notNullable();
    t.string('assignee', 255);
    t.timestamp('start_date', { useTz: true }).notNullable();
    t.date('due_date');
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('end_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index request_task_history_request on request_task_history (request_id)');

  await knex.schema.createTable('request_task_visits', (t) => {
    t.bigInteger('task_id').notNullable();
    t.string('user_id', 255).notNullable();
    t.primary(['task_id', 'user_id']);
  });

  // The timeline of a request.
  await knex.schema.createTable('request_actions', (t) => {
    t.bigIncrements('id').primary();
    t.string('request_id', 30).notNullable().references('id').inTable('requests');
    t.string('type', 80).notNullable();
    t.jsonb('payload');
    t.string('submitter_id', 255);
    t.string('submitter', 512);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index request_actions_request on request_actions (request_id, created_at)');

  // Uploaded and generated files, kept in the database.
  await knex.schema.createTable('files', (t) => {
    t.uuid('uuid').primary();
    t.string('kind', 30).notNullable(); // ATTACHMENT, DOCUMENT, NOTE, SIGNATURE
    t.string('file_name', 255).notNullable();
    t.string('content_type', 255).notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
    t.string('status', 20).notNullable().defaultTo('PENDING'); // PENDING, SUBMITTED
    t.integer('account_id');
    t.string('request_id', 30);
    t.string('created_by', 255);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Transactional outbox: written in the same transaction as the change that causes the e-mail.
  await knex.schema.createTable('email_outbox', (t) => {
    t.bigIncrements('id').primary();
    t.string('to_address', 320).notNullable();
    t.string('subject', 998).notNullable();
    t.text('body_text').notNullable();
    t.text('body_html');
    t.string('template', 100);
    t.string('status', 20).notNullable().defaultTo('PENDING'); // PENDING, SENT, FAILED
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('last_error');
    t.string('message_id', 255); // stable Message-ID, so a resend after a crash can be recognised
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
  });
  await knex.raw(`create index email_outbox_due on email_outbox (next_attempt_at) where status = 'PENDING'`);

  await knex.schema.createTable('user_feedback', (t) => {
    t.bigIncrements('id').primary();
    t.string('user_id', 255);
    t.jsonb('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
