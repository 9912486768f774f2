// The custom SQL queries each person has running (project issue 27; api/mi-reports/custom-slots.ts):
// one row per slot in use, at most MI_CUSTOM_CONCURRENT_PER_USER a person. pid and role_name name
// the reader session running the query, so a slot whose API process died frees itself once that
// session is gone. Not readable by the readers (schema public). Forward-only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mi_report_runs', (t) => {
    t.string('user_id', 255).notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.smallint('slot').notNullable();
    t.uuid('token').notNullable();
    t.integer('pid');
    t.string('role_name', 63);
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'slot']);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
