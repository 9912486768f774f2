// The user's own one-time-code reset (spec §7, "Current user, terms, feedback, security"):
// reset-2fa e-mails a single-use link for the signed-in user's own sign-in; the link's page calls
// 2fa/delete, which removes the authenticator app so a new one is set up at the next sign-in.
import * as v from 'valibot';
import { emailField, tokenSchema } from '../../domain/users';
import { findBySubject, setTotpSecret } from '../../identity/credentials';
import { sendReset2faEmail } from '../../identity/emails';
import { consumeToken } from '../../identity/one-time-tokens';
import { currentUser } from '../auth/current-user';
import { ApiError, badRequest } from '../errors';
import { AUTHENTICATED, PUBLIC, type RouteDef } from '../routing';
import { validate } from '../validate';

const emailSchema = v.object({ email: emailField });

export const securitySetupRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/users/security-setup/2fa/reset-2fa',
    access: AUTHENTICATED,
    handler: async (ctx, { db, config }) => {
      const { email } = validate(emailSchema, ctx.request.body);
      const user = currentUser(ctx);
      if (email !== user.email.toLowerCase()) throw badRequest('Enter the email address of your own sign-in', 'email');
      await db.transaction(async (trx) => {
        const credential = await findBySubject(trx, user.userId);
        // A sign-in held by another provider has no one-time code here to reset: nothing to send.
        if (credential?.totpSecret) await sendReset2faEmail(trx, config, credential);
      });
      ctx.status = 204;
    },
  },
  {
    method: 'patch',
    path: '/users/security-setup/2fa/delete',
    access: PUBLIC,
    handler: async (ctx, { db }) => {
      const { token } = validate(tokenSchema, ctx.request.body);
      const done = await db.transaction(async (trx) => {
        const subject = await consumeToken(trx, 'RESET_2FA', token);
        if (!subject) return false;
        await setTotpSecret(trx, subject, null);
        // Sessions signed in with the old app end with it.
        await trx('identity_oidc_payloads').whereRaw("payload->>'accountId' = ?", [subject]).delete();
        return true;
      });
      if (!done) throw new ApiError(400, 'TOKEN1001', 'The link is not valid or has expired', 'token');
      ctx.status = 204;
    },
  },
];
