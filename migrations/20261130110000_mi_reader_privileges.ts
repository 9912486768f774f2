// What the custom SQL report's reader roles may do beyond reading their views (project issue 27).
// PostgreSQL grants every role, through PUBLIC, the system catalogs (pg_database, pg_roles,
// pg_stat_user_tables, pg_stat_activity …), information_schema, the statistics and size functions,
// advisory locks, cancelling or ending other sessions of the same role (a colleague's query) and
// set_config (work_mem for a single query as high as it likes). A reader needs none of it: it
// reads the views of schema mi_report (migrations/20261124010000_mi_report_views.ts).
//
// A role cannot be denied what PUBLIC has, so in this database PUBLIC loses those privileges and
// the role that runs the migrations — the service's own (DATABASE_URL), which uses some of them
// (set_config for the audit trail, an advisory lock when seeding, information_schema for knex) —
// gets each back by name. The catalogs PUBLIC could not read (pg_authid …) stay as they are.
// Privileges on the catalogs are per database: other databases of the cluster are not touched.
//
// Only a superuser may change the privileges of the catalogs' objects; run by another role this
// migration changes nothing and says so (README, "MI reports"). Forward-only.
import type { Knex } from 'knex';

/** Functions of pg_catalog that PUBLIC may no longer run: by pattern, and by name. (No '?' here: knex.raw reads it as a binding.) */
const FUNCTION_PATTERNS = ['^pg_advisory_', '^pg_try_advisory_', '^pg_stat_', '^has_.*_privilege$'];
const FUNCTIONS = [
  'pg_cancel_backend',
  'pg_terminate_backend',
  'set_config',
  'pg_has_role',
  'pg_get_userbyid',
  'pg_lock_status',
  'pg_blocking_pids',
  'pg_safe_snapshot_blocking_pids',
  'pg_show_all_settings',
  'pg_database_size',
  'pg_tablespace_size',
  'pg_tablespace_location',
  'pg_relation_size',
  'pg_total_relation_size',
  'pg_table_size',
  'pg_indexes_size',
  'pg_relation_filenode',
  'pg_relation_filepath',
  'pg_filenode_relation',
  'pg_postmaster_start_time',
  'pg_conf_load_time',
  'inet_server_addr',
  'inet_server_port',
  'inet_client_addr',
  'inet_client_port',
];

export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw(
    'select current_user as name, rolsuper as superuser from pg_roles where rolname = current_user',
  );
  if (!rows[0]?.superuser) {
    process.stderr.write(
      `[esos] ${rows[0]?.name ?? 'this role'} is not a superuser: the MI report readers keep what PUBLIC may do in this database (pg_catalog, advisory locks …). ` +
        'See README, "MI reports", for the statements a superuser runs.\n',
    );
    return;
  }
  const literal = (list: string[]) => `array[${list.map((s) => `'${s}'`).join(', ')}]`;
  await knex.raw(`do $$
    declare
      r record;
      me text := current_user;
    begin
      for r in
        select c.oid::regclass as rel from pg_class c
        where c.relnamespace = 'pg_catalog'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
          and exists (select 1 from aclexplode(c.relacl) a where a.grantee = 0 and a.privilege_type = 'SELECT')
      loop
        execute format('revoke select on %s from public', r.rel);
        execute format('grant select on %s to %I', r.rel, me);
      end loop;
      for r in
        select p.oid::regprocedure as fn from pg_proc p
        where p.pronamespace = 'pg_catalog'::regnamespace
          and (p.proname ~ any(${literal(FUNCTION_PATTERNS)}) or p.proname = any(${literal(FUNCTIONS)}))
          and (p.proacl is null or exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE'))
      loop
        execute format('revoke execute on function %s from public', r.fn);
        execute format('grant execute on function %s to %I', r.fn, me);
      end loop;
      revoke usage on schema information_schema from public;
      execute format('grant usage on schema information_schema to %I', me);
    end $$`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
