import path from 'node:path';
import Koa, { type Context, type Middleware } from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { AppDeps } from './deps';
import { errorHandler } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { authenticate, buildRouter } from './routing';
import { staticFiles } from './static-files';
import { uiConfigurationRoutes } from './routes/system';
import { userRoutes } from './routes/users';
import { termsRoutes } from './routes/terms';
import { authorityRoutes } from './routes/authorities';
import { operatorUserRoutes } from './routes/operator-users';
import { regulatorUserRoutes } from './routes/regulator-users';
import { verifierUserRoutes } from './routes/verifier-users';
import { engineRoutes } from './routes/engine';
import { accountsAreaRoutes } from './routes/accounts-area';
import { securitySetupRoutes } from './routes/security-setup';
import { filesAreaRoutes } from './routes/files-area';
import { regulatorToolRoutes } from './routes/regulator-tools';
import { ApiError } from './errors';

export const webRoot = path.resolve(__dirname, '..', 'dist', 'web');
export const govukAssets = path.resolve(path.dirname(require.resolve('govuk-frontend/package.json')), 'dist', 'govuk', 'assets');

/** Builds the Koa application: the API under /api, the SPA everywhere else. */
export function createApp(deps: AppDeps, extra: { mount?: (app: Koa) => void } = {}): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === 'true' });
  app.on('error', (err: NodeJS.ErrnoException) => {
    // A browser that goes away mid-download is not a fault of ours.
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    deps.logger.error({ err }, 'response error');
  });
  const issuerOrigin = new URL(deps.config.oidc.issuer).origin;
  const external = issuerOrigin !== new URL(deps.config.publicUrl).origin ? [issuerOrigin] : [];
  app.use(requestLog(deps.logger));
  app.use(securityHeaders({
    extraConnectSrc: external,
    extraFormAction: external,
    extraScriptSrc: deps.config.gtmContainerId ? ['https://www.googletagmanager.com'] : [],
  }));
  app.use(errorHandler(deps.logger));
  extra.mount?.(app);

  const api = new Router({ prefix: '/api' });
  for (const group of [buildRouter('', uiConfigurationRoutes, deps), buildRouter('/v1.0', [...userRoutes, ...termsRoutes, ...authorityRoutes, ...operatorUserRoutes, ...regulatorUserRoutes, ...verifierUserRoutes], deps), buildRouter('/v1.0', engineRoutes, deps), buildRouter('/v1.0', accountsAreaRoutes, deps), buildRouter('/v1.0', securitySetupRoutes, deps), buildRouter('/v1.0', filesAreaRoutes, deps), buildRouter('/v1.0', regulatorToolRoutes, deps)]) api.use(group.routes());
  const apiStack: Middleware[] = [
    bodyParser({ jsonLimit: deps.config.bodyLimit, enableTypes: ['json'] }),
    authenticate(deps),
    api.routes() as Middleware,
    api.allowedMethods({ throw: true, methodNotAllowed: () => new ApiError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed') }) as Middleware,
  ];
  app.use(async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    await runStack(apiStack, ctx);
    if (ctx.status === 404 && ctx.body == null) throw new ApiError(404, 'NOT_FOUND', `No API resource at ${ctx.path}`);
  });
  app.use(staticFiles({ webRoot, govukAssets }));
  return app;
}

/** Runs middleware in order, each calling the next, ending without falling through to the SPA. */
function runStack(stack: Middleware[], ctx: Context): Promise<void> {
  const step = async (i: number): Promise<void> => {
    if (i < stack.length) await stack[i](ctx, () => step(i + 1));
  };
  return step(0);
}
