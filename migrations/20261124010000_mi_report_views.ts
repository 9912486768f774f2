// What a regulator's custom SQL report may read (reference platform §5): schema `mi_report` holds
// views of the service's tables, each showing only the rows of the competent authority of the role
// that reads it, and one login role per competent authority (per database: roles are cluster-wide,
// infra/mi-readers.ts names them) may read those views and nothing else. The API connects as the
// caller's competent authority's role, in a read-only transaction with a statement timeout.
//
// The views name their columns: a later migration that drops or retypes a column one of them reads
// must re-create that view. Needs a database user that may create roles (the superuser postgres on
// a development machine or CI; CREATEROLE elsewhere).
import type { Knex } from 'knex';
import { MI_REPORT_SCHEMA, miReaderRoles } from '../infra/mi-readers';

const S = MI_REPORT_SCHEMA;
/** The competent authority of the role running the query (current_user: the reader cannot change it). */
const CA = `(select rr.competent_authority from ${S}.reader_roles rr where rr.role_name = current_user)`;

// security_barrier: a reader's own conditions (or functions) never see rows before the view's filter.
const views: Record<string, string> = {
  accounts: `select a.id, a.organisation_id, a.name, a.registration_number, a.status, a.competent_authority,
      a.address_line1, a.address_line2, a.city, a.county, a.postcode, a.classification_codes, a.verification_body_id,
      a.accepted_at, a.closed_at, a.created_at
    from public.accounts a where a.competent_authority = ${CA}`,
  account_contacts: `select c.account_id, c.contact_type, c.user_id
    from public.account_contacts c join public.accounts a on a.id = c.account_id where a.competent_authority = ${CA}`,
  authorities: `select au.id, au.user_id, au.code, au.status, au.account_id, au.competent_authority, au.permissions, au.invited_email, au.created_at
    from public.authorities au left join public.accounts a on a.id = au.account_id
    where au.competent_authority = ${CA} or a.competent_authority = ${CA}`,
  users: `select u.id, u.email, u.first_name, u.last_name, u.job_title, u.phone_number, u.mobile_number, u.registration_status,
      u.last_sign_in_at, u.created_at
    from public.users u
    where exists (select 1 from public.authorities au left join public.accounts a on a.id = au.account_id
                  where au.user_id = u.id and (au.competent_authority = ${CA} or a.competent_authority = ${CA}))`,
  requests: `select r.id, r.type, r.status, r.account_id, r.competent_authority, r.payload, r.metadata, r.created_at, r.submitted_at, r.ended_at
    from public.requests r where r.competent_authority = ${CA}`,
  request_tasks: `select t.id, t.request_id, t.type, t.assignee, t.account_id, t.competent_authority, t.start_date, t.due_date, t.pause_date, t.payload, t.version
    from public.request_tasks t join public.requests r on r.id = t.request_id where r.competent_authority = ${CA}`,
  request_task_history: `select h.id, h.request_id, h.type, h.assignee, h.start_date, h.due_date, h.payload, h.end_date
    from public.request_task_history h join public.requests r on r.id = h.request_id where r.competent_authority = ${CA}`,
  request_actions: `select x.id, x.request_id, x.type, x.payload, x.submitter_id, x.submitter, x.created_at
    from public.request_actions x join public.requests r on r.id = x.request_id where r.competent_authority = ${CA}`,
  reports: `select p.request_id, p.account_id, p.type, p.phase, p.data, p.submitted_by, p.submitted_at
    from public.reports p join public.accounts a on a.id = p.account_id where a.competent_authority = ${CA}`,
  account_onboarding_registry: `select o.id, o.email, o.registration_number, o.status, o.submitter_id, o.competent_authority, o.created_at
    from public.account_onboarding_registry o where o.competent_authority = ${CA}`,
  competent_authorities: `select c.code, c.name, c.email from public.competent_authorities c`,
  verification_bodies: `select v.id, v.name, v.status from public.verification_bodies v`,
};

export async function up(knex: Knex): Promise<void> {
  const database = (await knex.raw('select current_database() as name')).rows[0].name as string;
  const readers = miReaderRoles(database);

  await knex.raw(`create schema ${S}`);
  // Which role reads for which competent authority. Not granted to the readers: the views read it.
  await knex.schema.withSchema(S).createTable('reader_roles', (t) => {
    t.string('role_name', 63).primary();
    t.string('competent_authority', 20)
      .notNullable()
      .unique()
      .references('code')
      .inTable('public.competent_authorities');
  });
  await knex
    .withSchema(S)
    .table('reader_roles')
    .insert(readers.map((r) => ({ role_name: r.role, competent_authority: r.ca })));

  for (const [name, body] of Object.entries(views))
    await knex.raw(`create view ${S}.${name} with (security_barrier) as ${body}`);

  for (const { role } of readers) {
    // A database dropped and made again under the same name finds its roles still there.
    await knex.raw(`do $$ begin
        create role "${role}" login;
      exception when duplicate_object then null;
      end $$`);
    await knex.raw(
      `alter role "${role}" with login nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls connection limit 20`,
    );
    await knex.raw(`alter role "${role}" set search_path = ${S}`);
    await knex.raw(`alter role "${role}" set default_transaction_read_only = on`);
    await knex.raw(`alter role "${role}" set statement_timeout = '60s'`);
    await knex.raw(`alter role "${role}" set idle_in_transaction_session_timeout = '60s'`);
    await knex.raw(`grant connect on database "${database}" to "${role}"`);
    await knex.raw(`grant usage on schema ${S} to "${role}"`);
    for (const name of Object.keys(views)) await knex.raw(`grant select on ${S}.${name} to "${role}"`);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
