// One-time codes are single use (identity/totp.ts): the time step of the last code accepted per
// sign-in. Forward-only, like every migration.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('identity_credentials', (t) => {
    t.bigInteger('totp_last_step');
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
