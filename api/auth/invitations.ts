// Invitation tokens: random, single use, expiring, and stored only as a SHA-256 hash, so a copy of
// the database cannot be used to accept anyone's invitation.
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../../infra/db';
import type { InvitationType } from '../../domain/users';
import { ApiError } from '../errors';
import type { Principal } from './principal';
import { ensureUserRow } from './user-row';

/** How long an invitation link stays valid. */
export const INVITATION_EXPIRY_MINUTES = 3 * 24 * 60;

export const invalidToken = () => new ApiError(400, 'TOKEN1001', 'Invalid Token');
export const expiredToken = () => new ApiError(400, 'EMAIL1001', 'The verification link has expired');
export const notTheInvitee = () => new ApiError(400, 'TOKEN1002', 'Invalid Token - Current user is not the invitee');

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function newInvitationToken(now = new Date()): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_EXPIRY_MINUTES * 60_000) };
}

export interface PendingInvitation {
  id: string;
  user_id: string | null;
  invited_email: string;
  code: string | null;
  account_id: number | null;
  competent_authority: string | null;
  verification_body_id: number | null;
  created_by: string | null;
  invitation_expires_at: Date | null;
  invited_profile: InvitedProfile | null;
}

export interface InvitedProfile {
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
  phoneNumber?: string;
  mobileNumber?: string | null;
  signatureUuid?: string | null;
}

export function invitationTypeOf(row: PendingInvitation): InvitationType {
  if (row.account_id) return 'OPERATOR_INVITATION';
  if (row.competent_authority) return 'REGULATOR_INVITATION';
  return 'VERIFIER_INVITATION';
}

/** The PENDING authority a token stands for, locked for update inside trx; 400 when invalid or expired. */
export async function findInvitation(
  trx: Knex | Knex.Transaction,
  token: string,
  type?: InvitationType,
  lock = true,
): Promise<PendingInvitation> {
  const query = trx('authorities').where({ invitation_token_hash: hashToken(token), status: 'PENDING' });
  const row = (await (lock ? query.forUpdate() : query).first()) as PendingInvitation | undefined;
  if (!row || (type && invitationTypeOf(row) !== type)) throw invalidToken();
  if (row.invitation_expires_at && row.invitation_expires_at.getTime() < Date.now()) throw expiredToken();
  return row;
}

/**
 * The user accepting: the signed-in caller, who must be the invitee, or else the user registered
 * with the invited e-mail (the SPA signs people in before it accepts, which creates that row).
 */
export async function resolveInvitee(
  trx: Db | Knex.Transaction,
  invitation: PendingInvitation,
  principal: Principal | undefined,
) {
  const email = invitation.invited_email.toLowerCase();
  if (principal) {
    if (principal.email.toLowerCase() !== email) throw notTheInvitee();
    await ensureUserRow(trx, {
      id: principal.subject,
      email,
      firstName: principal.firstName,
      lastName: principal.lastName,
    });
    const user = await trx('users').where({ id: principal.subject }).first();
    if (!user || (invitation.user_id && invitation.user_id !== user.id)) throw notTheInvitee();
    return user;
  }
  const found = await inviteeSignIn(trx, invitation);
  if (!found)
    throw new ApiError(
      400,
      'USER_NOT_SIGNED_IN',
      'Sign in with the invited email address before accepting the invitation',
    );
  if ('user' in found) return found.user;
  // A confirmed sign-in of the embedded provider that has not used the service yet (just created
  // from the invitation page): its subject becomes the user's id, as at its first API call.
  const { credential } = found;
  await ensureUserRow(trx, {
    id: credential.subject,
    email,
    firstName: credential.first_name,
    lastName: credential.last_name,
  });
  return trx('users').where({ id: credential.subject }).first();
}

/**
 * The invitee's user (the invitation's, or the one with the invited e-mail), else their confirmed
 * sign-in of the embedded provider; null when they have neither yet and must create a sign-in.
 */
export async function inviteeSignIn(trx: Db | Knex.Transaction, invitation: PendingInvitation) {
  const email = invitation.invited_email.toLowerCase();
  const user = invitation.user_id
    ? await trx('users').where({ id: invitation.user_id }).first()
    : await trx('users').whereRaw('lower(email) = ?', [email]).first();
  if (user) return { user };
  const credential = await trx('identity_credentials')
    .whereRaw('lower(email) = ?', [email])
    .whereNotNull('email_verified_at')
    .first();
  return credential ? { credential } : null;
}

/** PENDING → ACCEPTED, bound to the user; the token cannot be used again. */
export async function markAccepted(
  trx: Knex.Transaction,
  invitation: PendingInvitation,
  userId: string,
): Promise<void> {
  // A person holds authorities of one role type only (reference §2.1).
  const others = await trx('authorities').where({ user_id: userId }).whereNot({ id: invitation.id });
  const kind = (a: { account_id: unknown; competent_authority: unknown }) =>
    a.account_id ? 'O' : a.competent_authority ? 'R' : 'V';
  if (others.some((a) => kind(a) !== kind(invitation) || (kind(a) === 'R' && kind(invitation) === 'R'))) {
    throw new ApiError(400, 'AUTHORITY1000', 'Can not assign authority. Another role is already assigned to user.');
  }
  if (invitation.account_id && others.some((a) => a.account_id === invitation.account_id)) {
    throw new ApiError(400, 'AUTHORITY1005', 'User status cannot be updated');
  }
  await trx('authorities')
    .where({ id: invitation.id })
    .update({ status: 'ACCEPTED', user_id: userId, invitation_token_hash: null, invitation_expires_at: null });
  // What the inviter typed fills the gaps of the profile; what the user gave themselves wins.
  const p = invitation.invited_profile;
  if (!p) return;
  const user = await trx('users').where({ id: userId }).first();
  const fill: Record<string, unknown> = {};
  const gap = (column: string, value: unknown) => {
    if (value && (user[column] === null || user[column] === '')) fill[column] = value;
  };
  gap('first_name', p.firstName);
  gap('last_name', p.lastName);
  gap('job_title', p.jobTitle);
  gap('phone_number', p.phoneNumber);
  gap('mobile_number', p.mobileNumber);
  gap('signature_uuid', p.signatureUuid);
  if (Object.keys(fill).length > 0) await trx('users').where({ id: userId }).update(fill);
}
