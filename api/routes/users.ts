// The signed-in user: profile, terms acceptance, feedback, their signature; resolving an invitee's
// e-mail; and the forgot-password calls (forgot-password.ts).
import { UUID } from '../../domain/files';
import type { RouteDef } from '../routing';
import type { Principal } from '../auth/principal';
import { AUTHENTICATED, PUBLIC, route } from '../routing';
import { currentUser } from '../auth/current-user';
import { findInvitation, inviteeSignIn } from '../auth/invitations';
import { required, validate } from '../validate';
import { badRequest, notFound } from '../errors';
import { issueFileToken, type FileTokenKeySource } from '../files/tokens';
import { forgotPasswordRoutes } from './forgot-password';
import { feedbackSchema } from '../../domain/feedback';
import * as v from 'valibot';
import { resolveEmailSchema, updateTermsSchema, userDtoSchema, type UserDto } from '../../domain/users';
import { fileTokenSchema } from '../../domain/files';
import type { Db } from '../../infra/db';
import { textQuery } from '../params';
import { queueEmails } from '../../infra/outbox';
import * as emails from '../email-templates';

/** The user DTO every profile call answers with. */
export async function userDto(db: Db, userId: string): Promise<UserDto> {
  const user = await db('users').where({ id: userId }).first();
  if (!user) throw notFound('User not found');
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    jobTitle: user.job_title ?? null,
    phoneNumber: user.phone_number ?? null,
    mobileNumber: user.mobile_number ?? null,
    address: user.address ?? null,
    termsVersion: user.terms_version ?? null,
    status: user.registration_status,
  };
}

/** A download token for the user's own signature file; 404 unless signatureUuid is that file. */
export async function userSignatureToken(deps: FileTokenKeySource, userId: string, signatureUuid: unknown) {
  const { db } = deps;
  const uuid = required(typeof signatureUuid === 'string' ? signatureUuid : undefined, 'signatureUuid');
  if (!UUID.test(uuid)) throw notFound('Signature not found');
  const row = await db('users').where({ id: userId }).first('signature_uuid');
  if (!row?.signature_uuid || row.signature_uuid.toLowerCase() !== uuid.toLowerCase())
    throw notFound('Signature not found');
  if (!(await db('files').where({ uuid: row.signature_uuid, kind: 'SIGNATURE' }).first('uuid')))
    throw notFound('Signature not found');
  return issueFileToken(deps, { uuid: row.signature_uuid, kind: 'SIGNATURE' });
}

export const userRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/users',
    access: AUTHENTICATED,
    response: userDtoSchema,
    answers: [409],
    handler: async (ctx, { db }, io) => {
      const user = currentUser(ctx);
      // The SPA asks once per page load: the moment to note a new sign-in (lists show 'last sign-in').
      const authTime = (ctx.state.principal as Principal).authTime;
      if (authTime) {
        await db('users')
          .where({ id: user.userId })
          .where((q) => q.whereNull('last_sign_in_at').orWhere('last_sign_in_at', '<', new Date(authTime * 1000)))
          .update({ last_sign_in_at: new Date(authTime * 1000) });
      }
      io.reply(await userDto(db, user.userId));
    },
  }),
  {
    method: 'patch',
    path: '/users/terms-and-conditions',
    beforeTerms: true,
    access: AUTHENTICATED,
    body: updateTermsSchema,
    ok: 204,
    handler: async (ctx, { db }) => {
      const { version } = validate(updateTermsSchema, ctx.request.body);
      const terms = await db('terms').where({ version }).first();
      if (!terms) throw badRequest('There are no terms and conditions with this version', 'version');
      await db('users')
        .where({ id: currentUser(ctx).userId })
        .update({ terms_version: version, updated_at: db.fn.now() });
      ctx.status = 204;
    },
  },
  {
    method: 'post',
    path: '/users/feedback',
    beforeTerms: true,
    access: AUTHENTICATED,
    body: feedbackSchema,
    ok: 204,
    handler: async (ctx, { db, config }) => {
      const feedback = validate(feedbackSchema, ctx.request.body);
      // Kept for the MI report "User feedback", and e-mailed to the service team through the outbox.
      await db.transaction(async (trx) => {
        const [row] = await trx('user_feedback')
          .insert({ user_id: currentUser(ctx).userId, payload: JSON.stringify(feedback) })
          .returning('created_at');
        await queueEmails(
          trx,
          config.userFeedbackRecipients.map((to) =>
            emails.userFeedbackForService({ to, feedback, serviceUrl: config.publicUrl, at: new Date(row.created_at) }),
          ),
        );
      });
      ctx.status = 204;
    },
  },
  route({
    // Lets the SPA prefill the sign-in with the invitee's address, and say whether they must create a
    // sign-in before accepting (the token proves their mailbox: this tells nobody else anything); only
    // while the invitation is open.
    method: 'post',
    path: '/users/token/resolve-email',
    access: PUBLIC,
    body: resolveEmailSchema,
    response: v.object({ email: v.string(), hasSignIn: v.boolean() }),
    handler: async (_ctx, { db }, io) => {
      const { token, type } = io.body();
      const invitation = await findInvitation(db, token, type, false);
      io.reply({ email: invitation.invited_email, hasSignIn: (await inviteeSignIn(db, invitation)) !== null });
    },
  }),
  route({
    // A regulator's own signature image (any signed-in user: others simply have none).
    method: 'get',
    path: '/users/signature',
    access: AUTHENTICATED,
    query: textQuery(['signatureUuid']),
    response: fileTokenSchema,
    answers: [404],
    handler: async (ctx, deps, io) => {
      io.reply(await userSignatureToken(deps, currentUser(ctx).userId, ctx.query.signatureUuid));
    },
  }),
  ...forgotPasswordRoutes,
];
