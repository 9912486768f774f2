// Every route declares who may call it next to its path, in the route table of its router, and one
// middleware (here) enforces it. Nothing reaches a handler without passing its access rule.
import Router from '@koa/router';
import type * as v from 'valibot';
import type { Context, Middleware } from 'koa';
import { ApiError, forbidden, unauthorized } from './errors';
import { validate } from './validate';
import type { AppDeps } from './deps';
import type { Permission, RoleType } from '../domain/authorities';
import { hasPermission, loadCurrentUser } from './auth/current-user';
import { currentAuditContext } from '../infra/audit';
import { fullName } from '../domain/work-items';

/**
 * Who may call a route. `public`: anyone. `authenticated`: any valid bearer token (the caller is
 * loaded into ctx.state.user). `role`: the caller's role type is listed, they hold at least one
 * ACTIVE authority (unless `activeAuthorityRequired` is false) and, when given, the permission.
 * Which account or competent authority a resource belongs to is checked by the handler, with the
 * helpers of api/auth/, because only the handler knows the resource.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'role'; roles: RoleType[]; permission?: Permission; activeAuthorityRequired?: boolean };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const role = (
  roles: RoleType[],
  options: { permission?: Permission; activeAuthorityRequired?: boolean } = {},
): Access => ({ kind: 'role', roles, ...options });

export type Handler = (ctx: Context, deps: AppDeps) => Promise<void> | void;

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  access: Access;
  handler: Handler;
  /**
   * An action a signed-in caller may take before accepting the latest terms and conditions
   * (accepting them, registering with them, their own sign-in's security, feedback). Other actions
   * (every method but GET) of a non-public route are refused until then; reads are not.
   */
  beforeTerms?: true;
  // What the API description (api/openapi.ts) says of the route besides what it derives from the
  // path and the access rule; the contract test (docs/testing.md) checks it against real answers.
  /** A few words on what the call does; without them, the method and path. */
  summary?: string;
  /** The JSON body's schema: the one the handler validates the body with. */
  body?: v.GenericSchema;
  /** The query string's schema, when the route reads one. */
  query?: v.GenericSchema;
  /**
   * The JSON body of its success answer (every 2xx but 204), as the caller reads it. The API
   * description and the SPA's typed client (web/lib/api-types.ts) are made from it, and the contract
   * check (test/api-answers.ts) validates every answer the API tests see against it.
   */
  response?: v.GenericSchema;
  /** The body is a multipart form (files). */
  multipart?: true;
  /** The success status, when not 200. */
  ok?: 201 | 202 | 204;
  /** What else the handler answers besides the derived statuses (see api/openapi.ts): 409, 429, a second success status … */
  answers?: number[];
}

type Schema = v.GenericSchema | undefined;
type Output<S extends Schema> = S extends v.GenericSchema ? v.InferOutput<S> : never;
type Input<S extends Schema> = S extends v.GenericSchema ? v.InferInput<S> : never;

/** What a handler made with `route()` reads and answers, typed by its route's own schemas. */
export interface RouteIo<B extends Schema, Q extends Schema, R extends Schema> {
  /** The JSON body validated with the route's `body` schema (a 400 when it fails), when the handler first asks. */
  body(): Output<B>;
  /** The query string validated with the route's `query` schema. */
  query(): Output<Q>;
  /** Answers with a body of the route's `response` schema (and a status, 200 unless given). */
  reply(value: Input<R>, status?: number): void;
}

type TypedRouteDef<B extends Schema, Q extends Schema, R extends Schema> = Omit<
  RouteDef,
  'handler' | 'body' | 'query' | 'response'
> & {
  body?: B;
  query?: Q;
  response?: R;
  handler: (ctx: Context, deps: AppDeps, io: RouteIo<B, Q, R>) => Promise<void> | void;
};

/**
 * A route whose handler reads its input and writes its answer through the route's own schemas, so
 * each schema is named once (in the table, where the API description reads it). The body is
 * validated when the handler asks for it, so that who may call comes before what they sent.
 */
export function route<B extends Schema = undefined, Q extends Schema = undefined, R extends Schema = undefined>(
  def: TypedRouteDef<B, Q, R>,
): RouteDef {
  const { handler, ...rest } = def;
  return {
    ...rest,
    handler: (ctx, deps) =>
      handler(ctx, deps, {
        body: () => validate(def.body!, ctx.request.body) as Output<B>,
        query: () => validate(def.query!, ctx.query) as Output<Q>,
        reply: (value, status) => {
          if (status) ctx.status = status;
          ctx.body = value;
        },
      }),
  };
}

export const TERMS_NOT_ACCEPTED_MESSAGE = 'Accept the terms and conditions before you use the service';

/** A route's name in tests and the API description: `GET /v1.0/requests/:id`. */
export const routeKey = (prefix: string, route: Pick<RouteDef, 'method' | 'path'>) =>
  `${route.method.toUpperCase()} ${prefix}${route.path}`;

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

function enforce({ access, method, beforeTerms }: RouteDef, deps: AppDeps): Middleware {
  return async (ctx, next) => {
    const audit = currentAuditContext();
    if (audit && ctx.state.principal) audit.userId = ctx.state.principal.subject;
    if (access.kind !== 'public') {
      if (!ctx.state.principal) throw unauthorized();
      ctx.state.user = await loadCurrentUser(deps.db, ctx.state.principal);
      if (audit) Object.assign(audit, { name: fullName(ctx.state.user), roleType: ctx.state.user.roleType });
      if (method !== 'get' && !beforeTerms && !ctx.state.user.termsAccepted)
        throw new ApiError(403, 'TERMS_NOT_ACCEPTED', TERMS_NOT_ACCEPTED_MESSAGE);
    }
    if (access.kind === 'role') {
      const user = ctx.state.user;
      if (!access.roles.includes(user.roleType)) throw forbidden();
      if (access.activeAuthorityRequired !== false && user.active.length === 0) throw forbidden();
      if (access.permission && !hasPermission(user, access.permission)) throw forbidden();
    }
    await next();
  };
}

export function buildRouter(prefix: string, routes: RouteDef[], deps: AppDeps): Router {
  const router = new Router({ prefix });
  for (const route of routes) {
    const key = routeKey(prefix, route);
    router[route.method](
      route.path,
      (ctx, next) => {
        ctx.state.routeKey = key;
        ctx.state.route = route;
        return next();
      },
      enforce(route, deps),
      async (ctx) => {
        await route.handler(ctx, deps);
        // The answer as the handler gave it, before compression turns a large one into a stream: the
        // contract check (test/api-answers.ts) reads it against the route's response schema.
        ctx.state.answerBody = ctx.body;
      },
    );
  }
  return router;
}
