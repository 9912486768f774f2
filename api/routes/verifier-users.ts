// Verifier (lead assessor) invitations: accepting one, and enabling a user from it once they have a
// sign-in. Verifier screens are not part of the product; these calls are.
import * as v from 'valibot';
import type { RouteDef } from '../routing';
import { PUBLIC } from '../routing';
import { findInvitation, markAccepted, resolveInvitee } from '../auth/invitations';
import { validate } from '../validate';
import { ApiError } from '../errors';
import { invitedUserEnableSchema, tokenSchema } from '../../domain/users';
import { queueEmails } from '../../infra/outbox';
import * as emails from '../email-templates';
import type { AppDeps } from '../deps';
import type { Context } from 'koa';
import { currentPrincipal } from '../auth/current-user';

async function accept(ctx: Context, { db }: AppDeps, token: string) {
  const principal = await currentPrincipal(db, ctx.state.principal);
  return db.transaction(async (trx) => {
    const invitation = await findInvitation(trx, token, 'VERIFIER_INVITATION');
    const user = await resolveInvitee(trx, invitation, principal);
    await markAccepted(trx, invitation, user.id);
    await trx('users').where({ id: user.id }).update({ registration_status: 'REGISTERED' });
    const body = await trx('verification_bodies').where({ id: invitation.verification_body_id }).first('name');
    await queueEmails(trx, [
      emails.inviteeInvitationAccepted({ to: user.email, scopeName: body?.name ?? 'the verification body' }),
    ]);
    return { email: user.email as string, invitationStatus: 'ACCEPTED' as const };
  });
}

/** The invitee's e-mail, and whether the invitation is accepted or first needs a sign-in. */
const invitationAnswer = v.object({
  email: v.string(),
  invitationStatus: v.picklist(['ACCEPTED', 'PENDING_TO_REGISTERED_SET_PASSWORD']),
});

export const verifierUserRoutes: RouteDef[] = [
  {
    // Someone without a sign-in yet learns that they must create one before the invitation can be accepted.
    method: 'post',
    path: '/verifier-users/registration/accept-invitation',
    access: PUBLIC,
    body: tokenSchema,
    response: invitationAnswer,
    handler: async (ctx, deps) => {
      const { token } = validate(tokenSchema, ctx.request.body);
      try {
        ctx.body = await accept(ctx, deps, token);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'USER_NOT_SIGNED_IN')) throw err;
        const invitation = await findInvitation(deps.db, token, 'VERIFIER_INVITATION', false);
        ctx.body = { email: invitation.invited_email, invitationStatus: 'PENDING_TO_REGISTERED_SET_PASSWORD' };
      }
    },
  },
  {
    method: 'put',
    path: '/verifier-users/registration/enable-from-invitation',
    access: PUBLIC,
    body: invitedUserEnableSchema,
    response: invitationAnswer,
    handler: async (ctx, deps) => {
      const { invitationToken } = validate(invitedUserEnableSchema, ctx.request.body);
      ctx.body = await accept(ctx, deps, invitationToken);
    },
  },
];
