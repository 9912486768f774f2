// Every route declares who may call it next to its path, in the route table of its router, and one
// middleware (here) enforces it. Nothing reaches a handler without passing its access rule.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { unauthorized } from './errors';
import type { AppDeps } from './deps';

export interface Principal {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Who may call a route. `public`: anyone; `authenticated`: any valid bearer token. */
export type Access = { kind: 'public' } | { kind: 'authenticated' };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };

export type Handler = (ctx: Context, deps: AppDeps) => Promise<void> | void;

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  access: Access;
  handler: Handler;
}

/** Reads the bearer token, if any, into ctx.state.principal. Invalid tokens are refused. */
export function authenticate(deps: AppDeps): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match) {
      const principal = await deps.verifyToken(match[1]);
      if (!principal) throw unauthorized('Your sign-in token is not valid or has expired');
      ctx.state.principal = principal;
    }
    await next();
  };
}

function enforce(access: Access): Middleware {
  return async (ctx, next) => {
    if (access.kind === 'authenticated' && !ctx.state.principal) throw unauthorized();
    await next();
  };
}

export function buildRouter(prefix: string, routes: RouteDef[], deps: AppDeps): Router {
  const router = new Router({ prefix });
  for (const route of routes) {
    router[route.method](route.path, enforce(route.access), async (ctx) => {
      await route.handler(ctx, deps);
    });
  }
  return router;
}
