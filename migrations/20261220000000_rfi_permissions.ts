// The request for information's permissions (processes/request-for-information) for the authorities
// that exist: operator administrators ('Advanced user') answer requests, regulators send them. New
// authorities get them from their role (domain/authorities.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    update authorities set permissions = permissions || array['PERM_RFI_RESPONSE_VIEW_TASK', 'PERM_RFI_RESPONSE_EXECUTE_TASK']
    where code = 'operator_admin' and not ('PERM_RFI_RESPONSE_EXECUTE_TASK' = any(permissions))`);
  await knex.raw(`
    update authorities set permissions = permissions || array['PERM_RFI_SUBMIT']
    where competent_authority is not null and account_id is null and verification_body_id is null and not ('PERM_RFI_SUBMIT' = any(permissions))`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
