// Sign-in throttling after NCSC guidance and sessions that end when access is taken away (issue 15).
// - identity_rate_limits.owner: the account (a digest of its e-mail) a counter concerns, so an
//   administrator's unlock clears all of them; next_attempt_at: when an account-wide throttle lets
//   the next attempt through.
// - users.sessions_revoked_at: access tokens issued up to this moment are refused by the API.
// - an index to find a person's sessions, grants and refresh tokens among the provider's rows.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('identity_rate_limits', (t) => {
    t.string('owner', 64);
    t.timestamp('next_attempt_at', { useTz: true });
    t.index(['owner'], 'identity_rate_limits_owner');
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('sessions_revoked_at', { useTz: true });
  });
  await knex.raw(
    `create index identity_oidc_payloads_account on identity_oidc_payloads ((payload->>'accountId')) where (payload->>'accountId') is not null`,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
