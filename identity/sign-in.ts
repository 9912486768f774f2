// The sign-in interaction: e-mail and password, then a one-time code when the sign-in has one
// (required for regulators, offered once to everybody else). Attempts are counted before they are
// checked (rate-limit.ts: per account from one address, per address, and account-wide slowing), and
// every refusal reads the same whether or not the e-mail has a sign-in.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type Provider from 'oidc-provider';
import type { InteractionDetails } from 'oidc-provider';
import QRCode from 'qrcode';
import type { Config } from '../infra/config';
import { findByEmail, findBySubject, totpRequired, type Credential } from './credentials';
import { csrfToken, csrfValid } from './csrf';
import { button, csrfField, esc, input, layout, type FieldError } from './pages';
import { decoyHash, verifyPassword } from './passwords';
import {
  attemptSucceeded,
  codeCounters,
  passwordCounters,
  refusalMessage,
  reserveAttempt,
  type Refusal,
} from './rate-limit';
import { CODE_USED, CODE_WRONG, generateSecret, otpauthUri, redeemTotpCode } from './totp';
import { sendVerificationEmail } from './emails';
import { mayMailRecipient } from './password-reset';

/** What is known between the password step and the code step, kept in the interaction itself. */
interface Pending {
  subject: string;
  /** A secret being set up: shown as a QR code, saved once a code from it is proved. */
  newSecret?: string;
}

export const GENERIC_FAILURE = 'Enter a correct email address and password';

/** Answers a refused attempt: 429 with Retry-After, and the message for the form. */
function refusedAttempt(ctx: Context, refusal: Refusal): string {
  ctx.status = 429;
  ctx.set('Retry-After', String(refusal.retryAfterSeconds));
  return refusalMessage(refusal);
}

export function signInHandlers(provider: Provider, db: Knex, config: Config) {
  const details = (ctx: Context) => provider.interactionDetails(ctx.req, ctx.res);
  const pendingOf = (d: InteractionDetails) => (d.result?.pending as Pending | undefined) ?? null;
  const servicePage = config.publicUrl + '/';

  function signInForm(ctx: Context, uid: string, opts: { email?: string; errors?: FieldError[] } = {}) {
    ctx.type = 'html';
    ctx.body = layout(
      'Sign in',
      `<h1 class="govuk-heading-l">Sign in to ${'Manage your ESOS reporting'}</h1>
<form method="post" action="/auth/interaction/${esc(uid)}/login" novalidate>
${csrfField(csrfToken(ctx))}
${input('email', 'Email address', { type: 'email', value: opts.email, autocomplete: 'email', errors: opts.errors })}
${input('password', 'Password', { type: 'password', autocomplete: 'current-password', errors: opts.errors })}
${button('Sign in')}
</form>
<p class="govuk-body"><a class="govuk-link" href="${esc(config.publicUrl)}/forgot-password">I have forgotten my password</a></p>
<h2 class="govuk-heading-m">No sign-in yet?</h2>
<p class="govuk-body"><a class="govuk-link" href="/auth/register">Create a sign-in</a></p>`,
      { errors: opts.errors, serviceUrl: servicePage },
    );
  }

  async function codeForm(ctx: Context, uid: string, pending: Pending, errors: FieldError[] = []) {
    const credential = await findBySubject(db, pending.subject);
    ctx.type = 'html';
    if (pending.newSecret) {
      const qr = await QRCode.toDataURL(otpauthUri(pending.newSecret, credential?.email ?? ''), {
        margin: 1,
        width: 200,
      });
      const required = await totpRequired(db, pending.subject);
      ctx.body = layout(
        'Set up a one-time code',
        `<h1 class="govuk-heading-l">Set up a one-time code</h1>
<p class="govuk-body">${required ? 'You need a one-time code from an authenticator app to sign in to this service.' : 'You can protect your sign-in with a one-time code from an authenticator app.'}</p>
<p class="govuk-body">Scan this QR code with your authenticator app:</p>
<img class="app-qr" src="${qr}" alt="QR code for setting up your authenticator app" width="200" height="200">
<p class="govuk-body">If you cannot scan it, enter this key in the app: <span class="app-secret" data-totp-secret>${esc(pending.newSecret)}</span></p>
<form method="post" action="/auth/interaction/${esc(uid)}/code" novalidate>
${csrfField(csrfToken(ctx))}
${input('code', 'Enter the 6-digit code from the app', { inputmode: 'numeric', autocomplete: 'one-time-code', width: 'govuk-input--width-10', errors })}
<div class="govuk-button-group">${button('Continue')}${required ? '' : `<button type="submit" class="govuk-button govuk-button--secondary" name="skip" value="yes" formaction="/auth/interaction/${esc(uid)}/skip-code">Not now</button>`}</div>
</form>`,
        { errors, serviceUrl: servicePage },
      );
      return;
    }
    ctx.body = layout(
      'Enter your one-time code',
      `<h1 class="govuk-heading-l">Enter your one-time code</h1>
<form method="post" action="/auth/interaction/${esc(uid)}/code" novalidate>
${csrfField(csrfToken(ctx))}
${input('code', 'Code from your authenticator app', { hint: 'The 6-digit code shown in the app', inputmode: 'numeric', autocomplete: 'one-time-code', width: 'govuk-input--width-10', errors })}
${button('Continue')}
</form>`,
      { errors, serviceUrl: servicePage },
    );
  }

  const finish = (ctx: Context, subject: string, amr: string[]) =>
    provider
      .interactionFinished(ctx.req, ctx.res, { login: { accountId: subject, amr } }, { mergeWithLastSubmission: false })
      .then(() => {
        ctx.respond = false;
      });

  const savePending = (ctx: Context, pending: Pending) =>
    provider.interactionResult(ctx.req, ctx.res, { pending }, { mergeWithLastSubmission: false });

  return {
    async show(ctx: Context) {
      const d = await details(ctx);
      if (d.prompt.name === 'consent') {
        // Never shown: loadExistingGrant grants our own SPA; resume so the provider applies it.
        await provider.interactionFinished(ctx.req, ctx.res, { consent: {} }, { mergeWithLastSubmission: true });
        ctx.respond = false;
        return;
      }
      const pending = pendingOf(d);
      if (pending) return codeForm(ctx, d.uid, pending);
      return signInForm(ctx, d.uid, {
        email: typeof d.params.login_hint === 'string' ? d.params.login_hint : undefined,
      });
    },

    async login(ctx: Context) {
      const d = await details(ctx);
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      if (!csrfValid(ctx, body.csrf))
        return signInForm(ctx, d.uid, { errors: [{ field: 'email', message: 'Your form expired. Sign in again.' }] });
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const errors: FieldError[] = [];
      if (!email) errors.push({ field: 'email', message: 'Enter your email address' });
      if (!password) errors.push({ field: 'password', message: 'Enter your password' });
      if (errors.length) return signInForm(ctx, d.uid, { email, errors });

      // Counted before the check, so a burst of attempts is limited as a sequence is.
      const counters = passwordCounters(email, ctx.ip);
      const reservation = await reserveAttempt(db, counters);
      if (!reservation.allowed)
        return signInForm(ctx, d.uid, {
          email,
          errors: [{ field: 'email', message: refusedAttempt(ctx, reservation) }],
        });
      const credential = await findByEmail(db, email);
      const ok = await verifyPassword(password, credential?.passwordHash ?? (await decoyHash()));
      if (!credential || !ok)
        return signInForm(ctx, d.uid, { email, errors: [{ field: 'email', message: GENERIC_FAILURE }] });
      await attemptSucceeded(db, counters);
      if (!credential.emailVerified) {
        // Only someone who knows the password learns this, so it tells a stranger nothing. The new
        // link counts against the recipient's limit of e-mails from this address, as sign-up and reset links do.
        if (!(await mayMailRecipient(db, credential.email, ctx.ip))) {
          return signInForm(ctx, d.uid, {
            email,
            errors: [
              { field: 'email', message: 'Confirm your email address first, with the latest link we have sent you' },
            ],
          });
        }
        await db.transaction((trx) => sendVerificationEmail(trx, config, credential));
        return signInForm(ctx, d.uid, {
          email,
          errors: [{ field: 'email', message: 'Confirm your email address first: we have sent you a new link' }],
        });
      }
      return afterPassword(ctx, credential);
    },

    async code(ctx: Context) {
      const d = await details(ctx);
      const pending = pendingOf(d);
      if (!pending) return signInForm(ctx, d.uid);
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      if (!csrfValid(ctx, body.csrf))
        return codeForm(ctx, d.uid, pending, [{ field: 'code', message: 'Your form expired. Enter the code again.' }]);
      const code = typeof body.code === 'string' ? body.code : '';
      const credential = await findBySubject(db, pending.subject);
      const counters = codeCounters(pending.subject, credential?.email ?? '', ctx.ip);
      const reservation = await reserveAttempt(db, counters);
      if (!reservation.allowed)
        return codeForm(ctx, d.uid, pending, [{ field: 'code', message: refusedAttempt(ctx, reservation) }]);
      const secret = pending.newSecret ?? credential?.totpSecret;
      const outcome =
        credential && secret
          ? await redeemTotpCode(db, pending.subject, secret, code, { setUp: !!pending.newSecret })
          : 'wrong';
      if (outcome !== 'accepted') {
        const message = outcome === 'replayed' ? CODE_USED : code.trim() ? CODE_WRONG : 'Enter the 6-digit code';
        return codeForm(ctx, d.uid, pending, [{ field: 'code', message }]);
      }
      await attemptSucceeded(db, counters);
      return finish(ctx, pending.subject, ['pwd', 'otp']);
    },

    async skipCode(ctx: Context) {
      const d = await details(ctx);
      const pending = pendingOf(d);
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      if (!pending?.newSecret || !csrfValid(ctx, body.csrf) || (await totpRequired(db, pending.subject)))
        return ctx.redirect(`/auth/interaction/${d.uid}`);
      await db('identity_credentials').where({ subject: pending.subject }).update({ totp_offered_at: new Date() });
      return finish(ctx, pending.subject, ['pwd']);
    },
  };

  async function afterPassword(ctx: Context, credential: Credential) {
    if (credential.totpSecret) {
      await savePending(ctx, { subject: credential.subject });
      return ctx.redirect(`/auth/interaction/${(await details(ctx)).uid}`);
    }
    const required = await totpRequired(db, credential.subject);
    const offered = (await db('identity_credentials').where({ subject: credential.subject }).first('totp_offered_at'))
      ?.totp_offered_at;
    if (required || !offered) {
      await savePending(ctx, { subject: credential.subject, newSecret: generateSecret() });
      return ctx.redirect(`/auth/interaction/${(await details(ctx)).uid}`);
    }
    return finish(ctx, credential.subject, ['pwd']);
  }
}
