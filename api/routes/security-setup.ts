// The user's own one-time-code reset (spec §7, "Current user, terms, feedback, security"):
// reset-2fa (the user's e-mail address) or request-change (a code from their app) e-mails a
// single-use link for the signed-in user's own sign-in; the link's page calls 2fa/delete, which
// removes the authenticator app, so a new one is set up at the next sign-in, and ends their sign-ins.
import * as v from 'valibot';
import { emailField, oneTimePasswordSchema, tokenSchema } from '../../domain/users';
import { findBySubject, setTotpSecret } from '../../identity/credentials';
import { sendReset2faEmail } from '../../identity/emails';
import { consumeToken } from '../../identity/one-time-tokens';
import { attemptSucceeded, codeCounters, refusalMessage, reserveAttempt } from '../../identity/rate-limit';
import { CODE_USED, CODE_WRONG, redeemTotpCode } from '../../identity/totp';
import { endSessions } from '../../identity/sessions';
import { currentUser } from '../auth/current-user';
import { ApiError, badRequest } from '../errors';
import { AUTHENTICATED, PUBLIC, type RouteDef } from '../routing';
import { validate } from '../validate';

const emailSchema = v.object({ email: emailField });

export const securitySetupRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/users/security-setup/2fa/reset-2fa',
    beforeTerms: true,
    access: AUTHENTICATED,
    body: emailSchema,
    ok: 204,
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
    method: 'post',
    path: '/users/security-setup/2fa/request-change',
    beforeTerms: true,
    access: AUTHENTICATED,
    body: oneTimePasswordSchema,
    ok: 204,
    handler: async (ctx, { db, config }) => {
      const { password: code } = validate(oneTimePasswordSchema, ctx.request.body);
      const user = currentUser(ctx);
      const credential = await findBySubject(db, user.userId);
      if (!credential?.totpSecret)
        throw new ApiError(400, 'OTP1002', 'Your sign-in has no authenticator app to change', 'password');
      // The same counter as the sign-in page's code step: guessing here gains nothing there.
      const counters = codeCounters(user.userId, credential.email, ctx.ip);
      const reservation = await reserveAttempt(db, counters);
      if (!reservation.allowed) {
        ctx.set('Retry-After', String(reservation.retryAfterSeconds));
        throw new ApiError(429, 'TOO_MANY_ATTEMPTS', refusalMessage(reservation), 'password');
      }
      const outcome = await redeemTotpCode(db, user.userId, credential.totpSecret, code);
      if (outcome !== 'accepted')
        throw new ApiError(400, 'OTP1001', outcome === 'replayed' ? CODE_USED : CODE_WRONG, 'password');
      await attemptSucceeded(db, counters);
      await db.transaction((trx) => sendReset2faEmail(trx, config, credential, 'CHANGE_2FA'));
      ctx.status = 204;
    },
  },
  {
    method: 'patch',
    path: '/users/security-setup/2fa/delete',
    access: PUBLIC,
    body: tokenSchema,
    ok: 204,
    handler: async (ctx, { db }) => {
      const { token } = validate(tokenSchema, ctx.request.body);
      const done = await db.transaction(async (trx) => {
        const subject = (await consumeToken(trx, 'RESET_2FA', token)) ?? (await consumeToken(trx, 'CHANGE_2FA', token));
        if (!subject) return false;
        await setTotpSecret(trx, subject, null);
        // Sessions signed in with the old app end with it.
        await endSessions(trx, subject);
        return true;
      });
      if (!done) throw new ApiError(400, 'TOKEN1001', 'The link is not valid or has expired', 'token');
      ctx.status = 204;
    },
  },
];
