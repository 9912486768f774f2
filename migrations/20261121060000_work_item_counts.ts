// The totals of the regulators' work-item lists. Each list page carries its total, so every call
// counts a competent authority's open tasks of the types the caller may view; with only
// (competent_authority, type) include (assignee) that read every task of the authority and filtered
// on the assignee (about 1 ms for 4,000 tasks on the project machine). Split by assignment, each
// count reads only its own entries: unassigned 0.9 → 0.2 ms, assigned to me 0.9 → 0.1 ms, assigned
// to others 0.9 → 0.45 ms (`npm run bench` database, EXPLAIN ANALYZE). Forward-only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index request_tasks_unassigned_ca_type on request_tasks (competent_authority, type) where assignee is null',
  );
  await knex.raw(
    'create index request_tasks_assigned_ca_type on request_tasks (competent_authority, type, assignee) where assignee is not null',
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
