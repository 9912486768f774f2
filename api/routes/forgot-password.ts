// Forgotten passwords through the API (spec §7, "Password reset"), for a page of the SPA: the same
// rules as the identity provider's own pages, from identity/password-reset.ts. Asking answers the
// same whether or not the e-mail has a sign-in, and counts against the same e-mail limits (per asking
// address, per recipient) as the provider's pages, answering 429 past them; the e-mailed token works
// once and expires.
import * as v from 'valibot';
import { forgotPasswordSchema } from '../../domain/users';
import { passwordErrors } from '../../identity/account-pages';
import { inspectResetToken, requestPasswordReset, resetPassword, tooManyEmails } from '../../identity/password-reset';
import { expiredToken, invalidToken } from '../auth/invitations';
import { ApiError } from '../errors';
import { PUBLIC, type RouteDef } from '../routing';
import { validate } from '../validate';
import type { Knex } from 'knex';

const tokenText = v.pipe(
  v.string('Enter the token'),
  v.trim(),
  v.nonEmpty('Enter the token'),
  v.maxLength(200, 'Enter a valid token'),
);
const tokenSchema = v.object({ token: tokenText });
/** Reset password DTO: the e-mailed token and the new password (confirmation optional: a form may check it itself). */
const resetPasswordSchema = v.object({
  token: tokenText,
  password: v.string('Enter a password'),
  confirmPassword: v.optional(v.string('Confirm your password')),
});

/** The sign-in a usable token belongs to; TOKEN1001 when unknown or used, EMAIL1001 when expired. */
async function usableToken(db: Knex, token: string) {
  const found = await inspectResetToken(db, token);
  if (found.state === 'expired') throw expiredToken();
  if (found.state === 'invalid') throw invalidToken();
  return found;
}

export const forgotPasswordRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/users/forgot-password/reset-password-email',
    access: PUBLIC,
    body: forgotPasswordSchema,
    ok: 204,
    // 429 when too many were asked for one address.
    answers: [429],
    handler: async (ctx, { db, config }) => {
      const { email } = validate(forgotPasswordSchema, ctx.request.body);
      const reservation = await requestPasswordReset(db, config, email, ctx.ip);
      if (!reservation.allowed) {
        ctx.set('Retry-After', String(reservation.retryAfterSeconds));
        throw new ApiError(429, 'TOO_MANY_EMAILS', tooManyEmails(reservation.retryAfterSeconds), 'email');
      }
      ctx.status = 204;
    },
  },
  {
    method: 'post',
    path: '/users/forgot-password/token-verification',
    access: PUBLIC,
    body: tokenSchema,
    response: v.object({ email: v.string() }),
    handler: async (ctx, { db }) => {
      const { token } = validate(tokenSchema, ctx.request.body);
      // Whoever holds the link received it at this address: telling them it reveals nothing.
      ctx.body = { email: (await usableToken(db, token)).email };
    },
  },
  {
    method: 'post',
    path: '/users/forgot-password/reset-password',
    access: PUBLIC,
    body: resetPasswordSchema,
    ok: 204,
    handler: async (ctx, { db, config }) => {
      const body = validate(resetPasswordSchema, ctx.request.body);
      await usableToken(db, body.token);
      const errors = passwordErrors(body.password, body.confirmPassword ?? body.password);
      if (errors.length > 0) {
        throw new ApiError(
          400,
          'VALIDATION_ERROR',
          `${errors[0].field}: ${errors[0].message}`,
          errors[0].field,
          errors,
        );
      }
      // Another request may have used the token since it was checked: the consume decides.
      if (!(await resetPassword(db, config, body.token, body.password))) throw invalidToken();
      ctx.status = 204;
    },
  },
];
