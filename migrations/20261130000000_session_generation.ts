// A refresh racing a revocation (issue 27): identity_credentials.session_generation counts the times
// a person's sign-ins were ended. Every revocation adds one, with the row locked; every access token
// the embedded provider issues carries the generation it read with the row locked for share and its
// grant still there, and the API refuses a token of an older generation. Forward-only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('identity_credentials', (t) => {
    t.integer('session_generation').notNullable().defaultTo(0);
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
