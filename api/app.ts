import path from 'node:path';
import Koa, { type Context, type Middleware } from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { AppDeps } from './deps';
import { errorHandler } from './middleware/errors';
import { checkAddress, checkJsonBody } from './middleware/input-guard';
import { requestLog } from './middleware/request-log';
import { traceRequests } from './middleware/trace';
import { metricsRoute } from './metrics';
import { securityHeaders } from './middleware/security-headers';
import { authenticate, buildRouter } from './routing';
import { staticFiles } from './static-files';
import { compressAnswers } from './middleware/compression';
import { apiReference } from './api-reference';
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
import { runWithAuditContext } from '../infra/audit';
import { auditRoutes } from './routes/audit';
import { complianceRoutes } from './routes/compliance';
import { publishedDataRoutes } from './routes/published-data';
import { apiDocsRoutes } from './routes/api-docs';
import type { ApiRouteTable } from './openapi';
import { readableAddress } from '../domain/audit';

export const webRoot = path.resolve(__dirname, '..', 'dist', 'web');
export const govukAssets = path.resolve(
  path.dirname(require.resolve('govuk-frontend/package.json')),
  'dist',
  'govuk',
  'assets',
);

/** Every API route, by the prefix it sits under (after /api). Tests walk these tables. */
export const apiRouteTables: ApiRouteTable[] = [
  { prefix: '', routes: uiConfigurationRoutes },
  {
    prefix: '/v1.0',
    routes: [
      ...userRoutes,
      ...termsRoutes,
      ...authorityRoutes,
      ...operatorUserRoutes,
      ...regulatorUserRoutes,
      ...verifierUserRoutes,
    ],
  },
  { prefix: '/v1.0', routes: engineRoutes },
  { prefix: '/v1.0', routes: accountsAreaRoutes },
  { prefix: '/v1.0', routes: securitySetupRoutes },
  { prefix: '/v1.0', routes: filesAreaRoutes },
  { prefix: '/v1.0', routes: regulatorToolRoutes },
  { prefix: '/v1.0', routes: auditRoutes },
  { prefix: '/v1.0', routes: complianceRoutes },
  { prefix: '/v1.0', routes: publishedDataRoutes },
  { prefix: '/v3', routes: apiDocsRoutes(() => apiRouteTables) },
];

/** Builds the Koa application: the API under /api, the SPA everywhere else. */
export function createApp(deps: AppDeps, extra: { mount?: (app: Koa) => void } = {}): Koa {
  // Behind one proxy: only the address it appended to X-Forwarded-For counts (a client can write the others).
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: 1 });
  app.on('error', (err: NodeJS.ErrnoException) => {
    // A browser that goes away mid-download is not a fault of ours.
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    deps.logger.error({ err }, 'response error');
  });
  const issuerOrigin = new URL(deps.config.oidc.issuer).origin;
  const external = issuerOrigin !== new URL(deps.config.publicUrl).origin ? [issuerOrigin] : [];
  // Tracing (when on) and metrics first: they see the whole request and the answer the client gets.
  if (deps.config.tracing.enabled) app.use(traceRequests());
  if (deps.metrics) app.use(deps.metrics.middleware);
  app.use(requestLog(deps.logger));
  app.use(
    securityHeaders({
      extraConnectSrc: external,
      extraFormAction: external,
      extraScriptSrc: deps.config.gtmContainerId ? ['https://www.googletagmanager.com'] : [],
    }),
  );
  app.use(errorHandler(deps.logger));
  app.use(compressAnswers());
  if (deps.metrics && deps.config.metrics.token) app.use(metricsRoute(deps.metrics, deps.config.metrics.token));
  // Without a token /metrics is not served on the public port: a 404, as the docs say, not the SPA's page.
  else
    app.use((ctx, next) => {
      if (ctx.path !== '/metrics') return next();
      ctx.status = 404;
      ctx.body = { code: 'NOT_FOUND', message: 'Page not found' };
    });
  // Who acts, for the audit trail (infra/audit.ts): the address now, the user once they are loaded.
  app.use((ctx, next) =>
    runWithAuditContext(
      { source: 'api', address: readableAddress(ctx.ip), via: `${ctx.method} ${ctx.path}`.slice(0, 300) },
      next,
    ),
  );
  extra.mount?.(app);

  const api = new Router({ prefix: '/api' });
  for (const { prefix, routes } of apiRouteTables) api.use(buildRouter(prefix, routes, deps).routes());
  const apiStack: Middleware[] = [
    checkAddress,
    bodyParser({ jsonLimit: deps.config.bodyLimit, enableTypes: ['json'] }),
    checkJsonBody,
    authenticate(deps),
    api.routes() as Middleware,
    api.allowedMethods({
      throw: true,
      methodNotAllowed: () => new ApiError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed'),
    }) as Middleware,
  ];
  app.use(async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    await runStack(apiStack, ctx);
    if (ctx.status === 404 && ctx.body == null) throw new ApiError(404, 'NOT_FOUND', `No API resource at ${ctx.path}`);
  });
  app.use(apiReference());
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
