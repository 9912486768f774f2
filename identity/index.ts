// The identity provider at /auth: our pages (sign-in interaction, create a sign-in, passwords),
// their static files, then oidc-provider itself for every other /auth path. With OIDC_ISSUER set
// to another provider only the silent-check page stays: the SPA's hidden frame needs it.
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { Config } from '../infra/config';
import type { Logger } from '../infra/logger';
import { accountPageHandlers } from './account-pages';
import { purgeExpired } from './adapter';
import { purgeEndedWindows } from './rate-limit';
import { purgeEndedSessions } from './sessions';
import { identityAssets } from './assets';
import { errorPage } from './pages';
import { createProvider } from './provider';
import { signInHandlers } from './sign-in';

const SILENT_CHECK_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Checking sign-in</title>
<script type="module" src="/auth/static/silent-check.js"></script></head><body></body></html>`;

const hasNul = (values: unknown[]): boolean =>
  values.some((v) => (Array.isArray(v) ? hasNul(v) : typeof v === 'string' && v.includes('\u0000')));
const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};
function refuseNul(ctx: Context): void {
  ctx.status = 400;
  ctx.type = 'html';
  ctx.body = errorPage('The form or the address contains a character that is not allowed. Go back and try again.');
}

export interface Identity {
  mount(app: Koa): void;
  close(): void;
}

export async function createIdentity(db: Knex, config: Config, logger: Logger): Promise<Identity> {
  const provider = config.oidc.embedded ? await createProvider(db, config, logger) : null;
  const router = new Router({ prefix: '/auth' });
  const parseForm = bodyParser({ enableTypes: ['form'], formLimit: '20kb' }) as Middleware;
  // PostgreSQL refuses a NUL character in text: a form that carries one is refused before any lookup.
  const form: Middleware = (ctx, next) =>
    parseForm(ctx, async () => {
      if (hasNul(Object.values((ctx.request.body ?? {}) as Record<string, unknown>))) return refuseNul(ctx);
      await next();
    });

  router.get('/silent-check', (ctx) => {
    // The one page meant to be framed, by our own SPA only.
    ctx.set('Content-Security-Policy', "default-src 'none'; script-src 'self'; frame-ancestors 'self'");
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.type = 'html';
    ctx.body = SILENT_CHECK_PAGE;
  });

  if (provider) {
    const signIn = signInHandlers(provider, db, config);
    const pages = accountPageHandlers(db, config);
    router.get('/interaction/:uid', signIn.show);
    router.post('/interaction/:uid/login', form, signIn.login);
    router.post('/interaction/:uid/code', form, signIn.code);
    router.post('/interaction/:uid/skip-code', form, signIn.skipCode);
    router.get('/register', pages.registerForm);
    router.post('/register', form, pages.register);
    router.get('/verify-email', pages.verifyEmail);
    router.get('/forgot-password', (ctx) => pages.forgotForm(ctx));
    router.post('/forgot-password', form, (ctx) => pages.forgot(ctx));
    router.get('/reset-password', pages.resetForm);
    router.post('/reset-password', form, pages.reset);
  }

  const callback = provider?.callback();
  const ours = router.routes() as Middleware;
  const purge = setInterval(
    () =>
      void Promise.all([purgeExpired(db), purgeEndedWindows(db), purgeEndedSessions(db)]).catch((err) =>
        logger.warn({ err }, 'purging expired identity rows failed'),
      ),
    3600_000,
  );
  purge.unref();

  return {
    mount(app) {
      app.use(identityAssets());
      app.use(async (ctx: Context, next) => {
        if (ctx.path !== '/auth' && !ctx.path.startsWith('/auth/')) return next();
        if (hasNul([safeDecode(ctx.path), ...Object.keys(ctx.query), ...Object.values(ctx.query)]))
          return refuseNul(ctx);
        try {
          await ours(ctx, async () => {
            if (!callback) return;
            // oidc-provider builds its URLs from req.baseUrl when mounted (as under Express).
            Object.assign(ctx.req, { baseUrl: '/auth' });
            ctx.req.url = ctx.url.slice('/auth'.length) || '/';
            ctx.respond = false;
            await callback(ctx.req, ctx.res);
          });
        } catch (raw) {
          const err = raw as Error & { status?: number; error_description?: string };
          // Expired interactions (back button, an old tab) land here: say so in a page, not JSON.
          const status = err.status && err.status < 500 ? err.status : 500;
          if (status === 500) logger.error({ err, path: ctx.path }, 'identity page failed');
          ctx.status = status;
          ctx.type = 'html';
          ctx.body = errorPage(
            status === 500
              ? 'Try again later.'
              : 'Your sign-in took too long or was interrupted. Go back to the service and sign in again.',
          );
        }
        if (ctx.respond !== false && ctx.status === 404 && ctx.body == null) {
          ctx.status = 404;
          ctx.type = 'html';
          ctx.body = errorPage('Page not found.');
        }
      });
    },
    close() {
      clearInterval(purge);
    },
  };
}
