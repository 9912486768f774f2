// Why a browser's sign-in ended, for its next page load (issue 39, "a reason shown to a disabled user
// on any page load"; identity/sessions.ts): when a user's sign-ins end because their user account was
// disabled, each of their provider sessions is remembered here by a SHA-256 of its id (the value of
// the browser's session cookie) until the session would have expired, so the SPA's silent sign-in
// check from that browser is told why, once. Pruned with the provider's expired rows. Forward-only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('identity_ended_sessions', (t) => {
    t.string('session_hash', 64).primary();
    t.string('reason', 32).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.raw('create index identity_ended_sessions_expiry on identity_ended_sessions (expires_at)');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
