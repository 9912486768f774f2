// Sign-ins of the embedded provider.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { hashPassword } from './passwords';

export interface Credential {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  emailVerified: boolean;
  totpSecret: string | null;
}

function fromRow(row: Record<string, unknown>): Credential {
  return {
    subject: row.subject as string,
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    passwordHash: row.password_hash as string,
    emailVerified: row.email_verified_at != null,
    totpSecret: (row.totp_secret as string | null) ?? null,
  };
}

export async function findByEmail(db: Knex | Knex.Transaction, email: string): Promise<Credential | null> {
  const row = await db('identity_credentials').whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).first();
  return row ? fromRow(row) : null;
}

export async function findBySubject(db: Knex | Knex.Transaction, subject: string): Promise<Credential | null> {
  const row = await db('identity_credentials').where({ subject }).first();
  return row ? fromRow(row) : null;
}

/**
 * A new, unverified sign-in, from a password or its hash (hashPassword). When a user row already has
 * this e-mail (invited, or created by the API earlier), the sign-in takes its id, so the person keeps
 * their authorities.
 */
export async function createCredential(
  db: Knex | Knex.Transaction,
  input: { email: string; firstName: string; lastName: string; verified?: boolean; subject?: string } & (
    { password: string } | { passwordHash: string }
  ),
): Promise<Credential> {
  const email = input.email.trim().toLowerCase();
  const user = await db('users').whereRaw('lower(email) = ?', [email]).first();
  const subject = input.subject ?? (user?.id as string | undefined) ?? randomUUID();
  const [row] = await db('identity_credentials')
    .insert({
      subject,
      email,
      first_name: input.firstName,
      last_name: input.lastName,
      password_hash: 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password),
      email_verified_at: input.verified ? new Date() : null,
    })
    .returning('*');
  return fromRow(row);
}

export async function setPassword(db: Knex | Knex.Transaction, subject: string, password: string): Promise<void> {
  await db('identity_credentials')
    .where({ subject })
    .update({ password_hash: await hashPassword(password), updated_at: new Date() });
}

export async function markEmailVerified(db: Knex | Knex.Transaction, subject: string): Promise<void> {
  await db('identity_credentials')
    .where({ subject })
    .whereNull('email_verified_at')
    .update({ email_verified_at: new Date(), updated_at: new Date() });
}

export async function setTotpSecret(
  db: Knex | Knex.Transaction,
  subject: string,
  secret: string | null,
): Promise<void> {
  await db('identity_credentials').where({ subject }).update({ totp_secret: secret, updated_at: new Date() });
}

/** Regulators must use a one-time code (real-service-platform.md §2.6); others may. */
export async function totpRequired(db: Knex | Knex.Transaction, subject: string): Promise<boolean> {
  const row = await db('authorities').where({ user_id: subject }).whereNotNull('competent_authority').first();
  return !!row;
}
