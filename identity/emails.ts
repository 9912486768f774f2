// E-mails of the identity provider, queued in the caller's transaction (infra/outbox.ts).
import type { Knex } from 'knex';
import type { Config } from '../infra/config';
import { queueEmails } from '../infra/outbox';
import type { Credential } from './credentials';
import { issueToken, tokenLifetimeMinutes } from './one-time-tokens';

const authBase = (config: Config) => `${config.publicUrl}/auth`;

export async function sendVerificationEmail(
  trx: Knex.Transaction,
  config: Config,
  credential: Pick<Credential, 'subject' | 'email' | 'firstName'>,
): Promise<void> {
  const token = await issueToken(trx, 'VERIFY_EMAIL', credential.subject);
  const link = `${authBase(config)}/verify-email?token=${token}`;
  await queueEmails(trx, [
    {
      to: credential.email,
      subject: 'Confirm your email address',
      template: 'EmailConfirmation',
      text: `Dear ${credential.firstName || 'user'},\n\nConfirm your email address to finish creating your sign-in for Manage your ESOS reporting:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not ask for a sign-in, ignore this email.`,
    },
  ]);
}

export async function sendPasswordResetEmail(
  trx: Knex.Transaction,
  config: Config,
  credential: Pick<Credential, 'subject' | 'email'>,
): Promise<void> {
  const token = await issueToken(trx, 'RESET_PASSWORD', credential.subject);
  // The SPA's page (web/pages/forgot-password), as the reference service's link.
  const link = `${config.publicUrl}/forgot-password/reset-password?token=${token}`;
  await queueEmails(trx, [
    {
      to: credential.email,
      subject: 'Reset your password',
      template: 'ResetPasswordRequest',
      text: `Use this link to set a new password for Manage your ESOS reporting:\n\n${link}\n\nThe link works once and expires in ${tokenLifetimeMinutes.RESET_PASSWORD} minutes. If you did not ask to reset your password, ignore this email.`,
    },
  ]);
}

/** Someone tried to create a sign-in for an address that already has one: tell its owner only. */
export async function sendAlreadyRegisteredEmail(trx: Knex.Transaction, config: Config, email: string): Promise<void> {
  await queueEmails(trx, [
    {
      to: email,
      subject: 'You already have a sign-in',
      template: 'AlreadyRegistered',
      text: `Someone asked to create a sign-in for Manage your ESOS reporting with this email address, which already has one.\n\nSign in at ${config.publicUrl}/start-login, or reset your password at ${config.publicUrl}/forgot-password.`,
    },
  ]);
}

/**
 * The link that removes the authenticator app (PATCH /users/security-setup/2fa/delete): asked for by
 * e-mail address (RESET_2FA, Reset2FaRequest) or with a code from the app (CHANGE_2FA, Change2FA).
 */
export async function sendReset2faEmail(
  trx: Knex.Transaction,
  config: Config,
  credential: Pick<Credential, 'subject' | 'email'>,
  purpose: 'RESET_2FA' | 'CHANGE_2FA' = 'RESET_2FA',
): Promise<void> {
  const token = await issueToken(trx, purpose, credential.subject);
  const link = `${config.publicUrl}/2fa/reset-2fa?token=${token}`;
  await queueEmails(trx, [
    {
      to: credential.email,
      subject: purpose === 'CHANGE_2FA' ? 'Change your authenticator app' : 'Reset your one-time code',
      template: purpose === 'CHANGE_2FA' ? 'Change2FA' : 'Reset2FaRequest',
      text: `Use this link to remove the authenticator app from your sign-in for Manage your ESOS reporting. You will set up a new one when you next sign in:\n\n${link}\n\nThe link works once and expires in ${tokenLifetimeMinutes[purpose]} minutes. If you did not ask for this, sign in and reset your password.`,
    },
  ]);
}
