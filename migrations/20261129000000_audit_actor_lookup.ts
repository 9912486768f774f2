// The audit trigger looked up the actor of each change with "C"-collated text, which no index
// serves: every audited write by a user read the whole authorities table. The trigger function is
// made again with its arguments in the default collation (see AUDIT_CHANGE_FUNCTION). Forward-only.
import type { Knex } from 'knex';
import { AUDIT_CHANGE_FUNCTION } from './20261127200000_audit_log';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(AUDIT_CHANGE_FUNCTION);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
