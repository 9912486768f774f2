// Create a sign-in (confirmed by an e-mailed link), forgot password and reset password. Answers
// never say whether an e-mail address has a sign-in.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Config } from '../infra/config';
import { createCredential, findByEmail, markEmailVerified } from './credentials';
import { csrfToken, csrfValid } from './csrf';
import { hashPassword } from './passwords';
import { sendAlreadyRegisteredEmail, sendVerificationEmail } from './emails';
import { consumeToken, peekToken } from './one-time-tokens';
import { button, csrfField, esc, input, layout, type FieldError } from './pages';
import { requestPasswordReset, reserveMail, resetPassword, tooManyEmails } from './password-reset';
import type { Refusal } from './rate-limit';
import { estimate } from './public/estimate';
import { MAX_LENGTH, MIN_LENGTH } from './public/strength';
import { LINK_SENT } from '../domain/users';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function passwordErrors(password: string, confirm: string): FieldError[] {
  if (!password) return [{ field: 'password', message: 'Enter a password' }];
  if (password.length < MIN_LENGTH)
    return [{ field: 'password', message: `Password must be ${MIN_LENGTH} characters or more` }];
  if (password.length > MAX_LENGTH)
    return [{ field: 'password', message: `Password must be ${MAX_LENGTH} characters or fewer` }];
  if ((estimate(password)?.score ?? 0) < 2) return [{ field: 'password', message: 'Choose a stronger password' }];
  if (password !== confirm) return [{ field: 'confirmPassword', message: 'Passwords do not match' }];
  return [];
}

const str = (body: Record<string, unknown>, name: string) =>
  typeof body[name] === 'string' ? (body[name] as string) : '';

export function accountPageHandlers(db: Knex, config: Config) {
  const html = (ctx: Context, title: string, body: string, errors: FieldError[] = []) => {
    ctx.type = 'html';
    ctx.body = layout(title, body, { errors, serviceUrl: config.publicUrl + '/' });
  };
  const signInLink = `<p class="govuk-body"><a class="govuk-link" href="${esc(config.publicUrl)}/start-login">Sign in</a></p>`;

  function registerForm(ctx: Context, values: Record<string, string> = {}, errors: FieldError[] = []) {
    html(
      ctx,
      'Create a sign-in',
      `<h1 class="govuk-heading-l">Create a sign-in</h1>
<form method="post" action="/auth/register" novalidate>
${csrfField(csrfToken(ctx))}
${input('firstName', 'First name', { value: values.firstName, autocomplete: 'given-name', errors })}
${input('lastName', 'Last name', { value: values.lastName, autocomplete: 'family-name', errors })}
${input('email', 'Email address', { type: 'email', value: values.email, autocomplete: 'email', errors, hint: 'We will send you a link to confirm it' })}
${input('password', 'Create a password', { type: 'password', autocomplete: 'new-password', errors, hint: `At least ${MIN_LENGTH} characters`, meter: true })}
${input('confirmPassword', 'Confirm your password', { type: 'password', autocomplete: 'new-password', errors })}
${button('Create sign-in')}
</form>`,
      errors,
    );
  }

  function resetForm(ctx: Context, token: string, errors: FieldError[] = []) {
    html(
      ctx,
      'Create a new password',
      `<h1 class="govuk-heading-l">Create a new password</h1>
<form method="post" action="/auth/reset-password" novalidate>
${csrfField(csrfToken(ctx))}
<input type="hidden" name="token" value="${esc(token)}">
${input('password', 'New password', { type: 'password', autocomplete: 'new-password', errors, hint: `At least ${MIN_LENGTH} characters`, meter: true })}
${input('confirmPassword', 'Confirm your new password', { type: 'password', autocomplete: 'new-password', errors })}
${button('Change password')}
</form>`,
      errors,
    );
  }

  /** A request for an e-mail past a limit: 429, when to try again, and the reason on the form's e-mail field. */
  const refusedMail = (ctx: Context, refusal: Refusal): FieldError[] => {
    ctx.status = 429;
    ctx.set('Retry-After', String(refusal.retryAfterSeconds));
    return [{ field: 'email', message: tooManyEmails(refusal.retryAfterSeconds) }];
  };

  const linkSent = (ctx: Context, title: string) =>
    html(
      ctx,
      title,
      `<h1 class="govuk-heading-l">Check your email</h1><p class="govuk-body">${LINK_SENT}.</p><p class="govuk-body">The link works once and expires soon.</p>`,
    );

  const invalidLink = (ctx: Context) => {
    ctx.status = 400;
    html(
      ctx,
      'This link is not valid',
      `<h1 class="govuk-heading-l">This link is not valid</h1><p class="govuk-body">The link has expired or has already been used.</p>
<p class="govuk-body"><a class="govuk-link" href="/auth/forgot-password">Ask for a new password link</a></p>${signInLink}`,
    );
  };

  return {
    // An invitation page sends invitees here with their address filled in.
    registerForm: (ctx: Context) =>
      registerForm(ctx, { email: typeof ctx.query.email === 'string' ? ctx.query.email.slice(0, 320) : '' }),

    async register(ctx: Context) {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      const values = {
        firstName: str(body, 'firstName').trim(),
        lastName: str(body, 'lastName').trim(),
        email: str(body, 'email').trim(),
      };
      const errors: FieldError[] = [];
      if (!csrfValid(ctx, body.csrf)) errors.push({ field: 'firstName', message: 'Your form expired. Try again.' });
      if (!values.firstName) errors.push({ field: 'firstName', message: 'Enter your first name' });
      if (values.firstName.length > 255)
        errors.push({ field: 'firstName', message: 'First name must be 255 characters or fewer' });
      if (!values.lastName) errors.push({ field: 'lastName', message: 'Enter your last name' });
      if (values.lastName.length > 255)
        errors.push({ field: 'lastName', message: 'Last name must be 255 characters or fewer' });
      if (!EMAIL.test(values.email) || values.email.length > 320)
        errors.push({ field: 'email', message: 'Enter a valid email' });
      errors.push(...passwordErrors(str(body, 'password'), str(body, 'confirmPassword')));
      if (errors.length) {
        ctx.status = 400;
        return registerForm(ctx, values, errors);
      }
      // Counted before the address is looked up: the answer is the same whether or not it has a sign-in.
      const reservation = await reserveMail(db, ctx.ip, values.email);
      if (!reservation.allowed) return registerForm(ctx, values, refusedMail(ctx, reservation));
      // Both ways do the same costly work, so the time taken does not say whether the address has a
      // sign-in: the password is hashed either way (the hash is most of the time), then one e-mail is
      // queued in the outbox either way.
      const passwordHash = await hashPassword(str(body, 'password'));
      try {
        await db.transaction(async (trx) => {
          const existing = await findByEmail(trx, values.email);
          if (existing) return sendAlreadyRegisteredEmail(trx, config, existing.email);
          const credential = await createCredential(trx, { ...values, passwordHash });
          await sendVerificationEmail(trx, config, credential);
        });
      } catch (err) {
        // The same new address sent twice at once (a double click): the other request made the
        // sign-in and sent its link a moment ago.
        if ((err as { code?: string }).code !== '23505') throw err;
      }
      return linkSent(ctx, 'Check your email');
    },

    async verifyEmail(ctx: Context) {
      const subject = await consumeToken(db, 'VERIFY_EMAIL', String(ctx.query.token ?? ''));
      if (!subject) return invalidLink(ctx);
      await markEmailVerified(db, subject);
      html(
        ctx,
        'Email address confirmed',
        `<div class="govuk-panel govuk-panel--confirmation"><h1 class="govuk-panel__title">Email address confirmed</h1></div>
<p class="govuk-body">You can now sign in to the service.</p>${signInLink}`,
      );
    },

    forgotForm(ctx: Context, errors: FieldError[] = [], email = '') {
      html(
        ctx,
        'Reset your password',
        `<h1 class="govuk-heading-l">Reset your password</h1>
<p class="govuk-body">Enter the email address of your sign-in. We will send you a link to create a new password.</p>
<form method="post" action="/auth/forgot-password" novalidate>
${csrfField(csrfToken(ctx))}
${input('email', 'Email address', { type: 'email', value: email, autocomplete: 'email', errors })}
${button('Send link')}
</form>`,
        errors,
      );
    },

    async forgot(ctx: Context) {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      const email = str(body, 'email').trim();
      if (!csrfValid(ctx, body.csrf) || !EMAIL.test(email)) {
        ctx.status = 400;
        return this.forgotForm(ctx, [{ field: 'email', message: 'Enter a valid email' }], email);
      }
      const reservation = await requestPasswordReset(db, config, email, ctx.ip);
      if (!reservation.allowed) return this.forgotForm(ctx, refusedMail(ctx, reservation), email);
      return linkSent(ctx, 'Check your email');
    },

    async resetForm(ctx: Context) {
      const token = String(ctx.query.token ?? '');
      if (!(await peekToken(db, 'RESET_PASSWORD', token))) return invalidLink(ctx);
      resetForm(ctx, token);
    },

    async reset(ctx: Context) {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      const token = str(body, 'token');
      if (!(await peekToken(db, 'RESET_PASSWORD', token))) return invalidLink(ctx);
      const errors = csrfValid(ctx, body.csrf)
        ? passwordErrors(str(body, 'password'), str(body, 'confirmPassword'))
        : [{ field: 'password', message: 'Your form expired. Try again.' }];
      if (errors.length) {
        ctx.status = 400;
        return resetForm(ctx, token, errors);
      }
      if (!(await resetPassword(db, config, token, str(body, 'password')))) return invalidLink(ctx);
      html(
        ctx,
        'Your password has been changed',
        `<div class="govuk-panel govuk-panel--confirmation"><h1 class="govuk-panel__title">Your password has been changed</h1></div>${signInLink}`,
      );
    },
  };
}
