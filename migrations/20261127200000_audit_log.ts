// The audit trail (issue 15): one append-only table, written by triggers on the tables that hold
// state, so every change is recorded in the transaction that makes it, whichever code path makes it
// (API routes, workflow activities, the identity provider, scripts). Who made it comes from the
// connection's `esos.audit` setting, which infra/audit.ts sets from the caller's context before each
// query. The table refuses UPDATE, DELETE and TRUNCATE for everybody, its owner included. Forward-only.
import type { Knex } from 'knex';

/** The tables whose changes are audited, and how a row names itself. */
const AUDITED = [
  'accounts',
  'account_contacts',
  'account_notes',
  'account_onboarding_registry',
  'authorities',
  'files',
  'identity_credentials',
  'reports',
  'request_action_file_documents',
  'request_actions',
  'request_notes',
  'request_tasks',
  'requests',
  'users',
  'verification_bodies',
];

// Columns whose values an entry shows (before → after); other columns are named only, so no note
// text, report data, file content, password hash or one-time-code secret is copied into the trail.
const SHOWN = [
  'status',
  'type',
  'code',
  'kind',
  'permissions',
  'assignee',
  'contact_type',
  'user_id',
  'competent_authority',
  'verification_body_id',
  'registration_number',
  'registration_status',
  'role_type',
  'file_name',
  'due_date',
  'terms_version',
  'submitter_id',
  'submitted_by',
];

/**
 * The trigger function of every audited table. `tg_table_name` is of type `name`, whose collation is
 * "C": passed as it is, it made "C" the collation of all of audit_write's text arguments, so its
 * lookups of the actor (`authorities.user_id = v_user`, `users.id`, `requests.id`) could not use their
 * indexes and read whole tables on every audited write (4.5 ms a row with 10,000 authorities).
 * Passed as text in the default collation, they are index lookups. Also run by
 * 20261129000000_audit_actor_lookup.ts on databases made before.
 */
export const AUDIT_CHANGE_FUNCTION = `
    create or replace function audit_change() returns trigger language plpgsql as $$
    declare
      ctx jsonb := coalesce(nullif(current_setting('esos.audit', true), '')::jsonb, '{}'::jsonb);
      new_j jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
      old_j jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
      row_j jsonb := coalesce(new_j, old_j);
      shown text[] := array[${SHOWN.map((c) => `'${c}'`).join(', ')}];
      changed text[];
      details jsonb := '{}'::jsonb;
      v_key text;
      v_account integer;
      v_request text;
      fallback_user text;
      fallback_name text;
    begin
      if tg_op = 'UPDATE' then
        select array_agg(n.key order by n.key) into changed from jsonb_each(new_j) n where n.value is distinct from old_j->n.key;
        if changed is null then return null; end if;
        details := jsonb_build_object('changed', to_jsonb(changed),
          'values', coalesce((select jsonb_object_agg(c, jsonb_build_object('from', old_j->c, 'to', new_j->c)) from unnest(changed) c where c = any(shown)), '{}'::jsonb));
      else
        details := jsonb_build_object('values', coalesce((select jsonb_object_agg(n.key, n.value) from jsonb_each(row_j) n where n.key = any(shown) and n.value <> 'null'::jsonb), '{}'::jsonb));
      end if;
      v_key := case tg_table_name
        when 'account_contacts' then (row_j->>'account_id') || ':' || (row_j->>'contact_type')
        when 'identity_credentials' then row_j->>'subject'
        when 'reports' then row_j->>'request_id'
        when 'files' then row_j->>'uuid'
        when 'request_action_file_documents' then row_j->>'file_uuid'
        else row_j->>'id' end;
      v_account := case tg_table_name when 'accounts' then (row_j->>'id')::integer else (row_j->>'account_id')::integer end;
      v_request := case tg_table_name when 'requests' then row_j->>'id' else row_j->>'request_id' end;
      if tg_table_name in ('request_actions', 'request_notes', 'account_notes') then
        fallback_user := row_j->>'submitter_id';
        fallback_name := row_j->>'submitter';
        if tg_table_name = 'request_actions' then details := details || jsonb_build_object('type', row_j->>'type'); end if;
      elsif tg_table_name = 'identity_credentials' then
        fallback_user := row_j->>'subject';
      end if;
      perform audit_write(ctx, tg_table_name::text collate "default", tg_op, v_key, v_account, v_request, details, fallback_user, fallback_name);
      return null;
    end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor_user_id varchar(255),
      actor_name varchar(512),
      actor_role_type varchar(20),
      actor_authority varchar(255),
      address varchar(64),
      source varchar(20) not null,
      via varchar(300),
      entity varchar(60) not null,
      operation varchar(20) not null,
      entity_key varchar(255),
      account_id integer,
      request_id varchar(30),
      details jsonb not null default '{}'
    )`);
  // An account's entries newest first, paged in the database (the regulators' Audit tab).
  await knex.raw('create index audit_log_account on audit_log (account_id, id desc) where account_id is not null');
  await knex.raw('create index audit_log_request on audit_log (request_id, id desc) where request_id is not null');
  await knex.raw('create index audit_log_actor on audit_log (actor_user_id, id desc) where actor_user_id is not null');

  // Append-only, enforced by the database: the application's role may insert and read, nothing else.
  await knex.raw(`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % is not allowed', tg_op using errcode = 'insufficient_privilege';
    end $$`);
  await knex.raw(
    'create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_append_only()',
  );
  await knex.raw(
    'create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()',
  );
  await knex.raw('revoke update, delete, truncate on audit_log from public');

  // Writes an entry. `ctx` is the caller's context (infra/audit.ts): userId, name, roleType, address,
  // source, via. Also used by application code for entries that are not a row change (retention).
  await knex.raw(`
    create function audit_write(ctx jsonb, p_entity text, p_operation text, p_key text, p_account integer, p_request text, p_details jsonb,
                                fallback_user text default null, fallback_name text default null) returns void language plpgsql as $$
    declare
      v_user text := coalesce(ctx->>'userId', fallback_user);
      v_name text := coalesce(ctx->>'name', case when ctx->>'userId' is null then fallback_name end);
      v_role text := ctx->>'roleType';
      v_authority text;
      v_account integer := p_account;
    begin
      if v_account is null and p_request is not null then
        select r.account_id into v_account from requests r where r.id = p_request;
      end if;
      if v_user is not null then
        -- The authority the user acts with here: theirs on this account (operators), over its competent
        -- authority (regulators) or its verification body (verifiers); else their first active one.
        select coalesce(a.code, case when a.competent_authority is not null then 'regulator' when a.verification_body_id is not null then 'verifier' else 'operator' end) ||
               case when a.account_id is not null then ' on account ' || a.account_id
                    when a.competent_authority is not null then ' of ' || a.competent_authority
                    when a.verification_body_id is not null then ' of verification body ' || a.verification_body_id
                    else '' end,
               case when a.competent_authority is not null then 'REGULATOR' when a.verification_body_id is not null then 'VERIFIER' else 'OPERATOR' end
          into v_authority, v_role
          from authorities a left join accounts acc on acc.id = v_account
         where a.user_id = v_user and a.status = 'ACTIVE'
           and (v_account is null or a.account_id = v_account or a.competent_authority = acc.competent_authority
                or a.verification_body_id = acc.verification_body_id)
         order by (a.account_id is not distinct from v_account) desc, a.id
         limit 1;
        v_role := coalesce(v_role, ctx->>'roleType');
        if v_name is null then
          select nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') into v_name from users u where u.id = v_user;
        end if;
      end if;
      insert into audit_log (actor_user_id, actor_name, actor_role_type, actor_authority, address, source, via, entity, operation, entity_key, account_id, request_id, details)
      values (v_user, left(v_name, 512), v_role, left(v_authority, 255), left(ctx->>'address', 64), coalesce(ctx->>'source', 'system'), left(ctx->>'via', 300),
              p_entity, p_operation, left(p_key, 255), v_account, p_request, coalesce(p_details, '{}'::jsonb));
    end $$`);

  await knex.raw(AUDIT_CHANGE_FUNCTION);

  for (const table of AUDITED) {
    await knex.raw(
      `create trigger ${table}_audit after insert or update or delete on ${table} for each row execute function audit_change()`,
    );
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
