// Tables of the embedded identity provider (identity/). Append-only: later changes go in new files.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A sign-in: e-mail and password (scrypt), and the optional one-time-code secret. The subject is
  // the id the API's users table uses, so the two meet without sharing a foreign key (an external
  // provider would have no rows here at all).
  await knex.schema.createTable('identity_credentials', (t) => {
    t.string('subject', 255).primary();
    t.string('email', 320).notNullable();
    t.string('first_name', 255).notNullable().defaultTo('');
    t.string('last_name', 255).notNullable().defaultTo('');
    t.string('password_hash', 512).notNullable();
    t.timestamp('email_verified_at', { useTz: true });
    t.string('totp_secret', 64); // base32; set once the user has proved a code from it
    t.timestamp('totp_offered_at', { useTz: true }); // optional set-up offered (and declined) once
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index identity_credentials_email on identity_credentials (lower(email))');

  // Links sent by e-mail (confirm e-mail, reset password, remove one-time code). Only the SHA-256 of
  // the token is kept, so a database leak does not leak working links.
  await knex.schema.createTable('identity_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.string('purpose', 30).notNullable(); // VERIFY_EMAIL, RESET_PASSWORD, RESET_2FA
    t.string('subject', 255).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index identity_tokens_subject on identity_tokens (subject, purpose)');

  // Failed sign-in counters per account and per address, in fixed windows; kept in the database so
  // every web replica counts the same attempts.
  await knex.schema.createTable('identity_rate_limits', (t) => {
    t.string('key', 400).primary();
    t.integer('count').notNullable();
    t.timestamp('window_ends_at', { useTz: true }).notNullable();
  });

  // oidc-provider's models (sessions, grants, codes, refresh tokens, interactions …).
  await knex.schema.createTable('identity_oidc_payloads', (t) => {
    t.string('model', 64).notNullable();
    t.string('id', 255).notNullable();
    t.jsonb('payload').notNullable();
    t.string('grant_id', 255);
    t.string('user_code', 255);
    t.string('uid', 255);
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('consumed_at', { useTz: true });
    t.primary(['model', 'id']);
  });
  await knex.raw(
    'create index identity_oidc_payloads_grant on identity_oidc_payloads (grant_id) where grant_id is not null',
  );
  await knex.raw(
    'create index identity_oidc_payloads_uid on identity_oidc_payloads (model, uid) where uid is not null',
  );
  await knex.raw('create index identity_oidc_payloads_expiry on identity_oidc_payloads (expires_at)');

  // Signing keys and cookie keys, generated once so tokens and sessions survive restarts.
  await knex.schema.createTable('identity_keys', (t) => {
    t.string('name', 64).primary();
    t.jsonb('value').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
