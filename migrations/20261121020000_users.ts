// Users, invitations and signatures (issue 3). Forward-only, like every migration.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // PENDING until the person completes their profile (operator registration, invitation
    // acceptance); the SPA sends unregistered operators to registration.
    t.string('registration_status', 20).notNullable().defaultTo('PENDING');
    t.string('mobile_number', 255);
    t.jsonb('address'); // { line1, line2, city, county, postcode }
    t.uuid('signature_uuid'); // regulators: a row of `files` with kind SIGNATURE
    // When an administrator last reset the user's 2FA (the reset itself clears the identity
    // provider's secret); kept for support questions.
    t.timestamp('two_factor_reset_at', { useTz: true });
  });
  await knex.schema.alterTable('authorities', (t) => {
    t.timestamp('invitation_expires_at', { useTz: true });
    // What the inviter typed (names; for regulators job title, phones and signature), shown in user
    // lists until the invitee accepts, then copied onto their user row.
    t.jsonb('invited_profile');
  });
  await knex.raw(
    'create unique index authorities_invitation_token on authorities (invitation_token_hash) where invitation_token_hash is not null',
  );
  // An invitee without a user row yet has one PENDING authority per account, found by e-mail.
  await knex.raw(
    'create unique index authorities_invited_email_account on authorities (lower(invited_email), account_id) where user_id is null and account_id is not null',
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
