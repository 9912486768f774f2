// The API description (OpenAPI 3.1), made from the route tables: each route's path, access rule and
// the valibot schemas it validates its input with and answers with (@valibot/to-json-schema). Served at
// /api/v3/api-docs and shown by the API reference page (/api-reference). What the tables do not say
// is derived, one rule each:
//   - the success status is 200 unless the route says `ok`;
//   - 400 (invalid input) when the route reads a body, a query or a multipart form (a path parameter it
//     checks is in `answers`);
//   - 401 for every route but public ones, 403 for routes open to some roles only and for actions
//     (not GET) taken before the latest terms are accepted (api/routing.ts, `beforeTerms`);
//   - 404 when the path names a resource (has a parameter);
//   - 413 and 415 for a multipart form (api/multipart.ts: too large, not multipart);
//   - `answers` adds what else the handler answers (409, a second success status and the like);
//   - `default`: any other failure (500 with a reference, 503 while a part is away), the same error shape.
// The contract test (test/api-contract.ts) checks every route's real answers against this.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { routeKey, type RouteDef } from './routing';

export interface ApiRouteTable {
  prefix: string;
  routes: RouteDef[];
}

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  304: 'Not modified since the ETag the caller sent',
  201: 'Created',
  204: 'Done; no content',
  400: 'The input is not valid (or a rule of the service refuses it)',
  401: 'No valid sign-in token',
  403: 'The caller may not do this',
  404: 'No such resource, or not one the caller may see',
  409: 'The resource is not in a state that allows this',
  413: 'The body is too large',
  422: 'The content cannot be processed',
  429: 'Too many requests; try again later',
  503: 'A part of the service is unavailable; try again later',
};

const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'What went wrong, for programs (e.g. VALIDATION_ERROR, NOT_FOUND)' },
    message: { type: 'string', description: 'What went wrong, for people' },
    field: { type: 'string', description: 'The input field at fault' },
    fields: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
    data: { type: 'object', description: 'Further detail a caller can act on' },
    reference: { type: 'string', description: 'On a 500: the reference (trace id) to quote to the service desk' },
    unavailable: { type: 'string', description: 'On a 503: the part of the service that is away' },
  },
} as const;

/**
 * A valibot schema as JSON Schema (2020-12, which OpenAPI 3.1 uses), as a caller sends it (an
 * answer's: as the caller reads it). A schema
 * used twice comes as a reference to its own `$defs`, which the description cannot point into: it is
 * written out in place (a recursive one stops as `{}`).
 */
function jsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output' = 'input'): Json {
  const {
    $schema: _,
    $defs = {},
    ...rest
  } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' }) as Json;
  const defs = $defs as Record<string, unknown>;
  const inline = (node: unknown, within: string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => inline(n, within));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...others } = node as Json;
    const name = typeof $ref === 'string' && $ref.startsWith('#/$defs/') ? $ref.slice('#/$defs/'.length) : undefined;
    const own = Object.fromEntries(Object.entries(others).map(([k, n]) => [k, inline(n, within)]));
    if (name === undefined) return $ref === undefined ? own : { $ref, ...own };
    if (within.includes(name)) return own;
    return { ...(inline(defs[name], [...within, name]) as Json), ...own };
  };
  return inline(rest, []) as Json;
}

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** The statuses a route is documented to answer (see the rules at the top). */
export function documentedStatuses(route: RouteDef): number[] {
  const statuses = new Set<number>([route.ok ?? 200]);
  if (route.body || route.query || route.multipart) statuses.add(400);
  if (route.multipart) [413, 415].forEach((s) => statuses.add(s));
  if (route.access.kind !== 'public') statuses.add(401);
  if (route.access.kind === 'role' || (route.access.kind !== 'public' && route.method !== 'get' && !route.beforeTerms))
    statuses.add(403);
  if (pathParams(route.path).length > 0) statuses.add(404);
  for (const s of route.answers ?? []) statuses.add(s);
  return [...statuses].sort();
}

const words = (path: string) =>
  path
    .split('/')
    .filter((p) => p && !p.startsWith('v1') && !p.startsWith(':'))
    .join(' ')
    .replace(/-/g, ' ');
const VERBS = { get: 'Read', post: 'Send', put: 'Replace', patch: 'Change', delete: 'Delete' } as const;

function operation(prefix: string, route: RouteDef): Json {
  const params = pathParams(route.path);
  const query = route.query ? jsonSchema(route.query) : undefined;
  const queryProps = (query?.properties ?? {}) as Record<string, Json>;
  const requiredQuery = new Set((query?.required as string[] | undefined) ?? []);
  const responses: Json = {};
  const answer = route.response ? { schema: jsonSchema(route.response, 'output') } : {};
  for (const status of documentedStatuses(route)) {
    const description = STATUS_TEXT[status] ?? `HTTP ${status}`;
    responses[status] =
      status === 204 || status === 304
        ? { description }
        : status < 300
          ? { description, content: { 'application/json': answer } }
          : { $ref: `#/components/responses/E${status}` };
  }
  responses.default = { $ref: '#/components/responses/Error' };
  const tag = route.path.split('/').find((p) => p && !p.startsWith(':')) ?? 'service';
  return {
    operationId: routeKey(prefix, route),
    summary: route.summary ?? `${VERBS[route.method]} ${words(route.path)}`,
    tags: [tag],
    ...(route.access.kind === 'public' ? { security: [] } : {}),
    ...(route.access.kind === 'role'
      ? {
          description: `For ${route.access.roles.join(', ')} users${route.access.permission ? ` with ${route.access.permission}` : ''}.`,
        }
      : {}),
    parameters: [
      ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...Object.entries(queryProps).map(([name, schema]) => ({
        name,
        in: 'query',
        required: requiredQuery.has(name),
        schema,
      })),
    ],
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } }
      : {}),
    ...(route.multipart
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route in the tables. */
export function openApiDocument(tables: ApiRouteTable[], opts: { version: string; issuer: string }): Json {
  const paths: Record<string, Json> = {};
  const refused = new Set<number>();
  for (const { prefix, routes } of tables) {
    for (const route of routes) {
      const path = `/api${prefix}${route.path}`.replace(/:(\w+)/g, '{$1}');
      (paths[path] ??= {})[route.method] = operation(prefix, route);
      for (const s of documentedStatuses(route)) if (s >= 400) refused.add(s);
    }
  }
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'ESOS Reporting API',
      version: opts.version,
      description: 'The API the ESOS Reporting web application uses. Every error answers the same JSON shape (Error).',
    },
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `An access token from the OpenID Connect provider (${opts.issuer}/.well-known/openid-configuration).`,
        },
        oidc: { type: 'openIdConnect', openIdConnectUrl: `${opts.issuer}/.well-known/openid-configuration` },
      },
      schemas: { Error: errorSchema },
      responses: {
        Error: errorResponse(
          'Any other failure: 500 with a reference to quote, or 503 while a part of the service is away',
        ),
        ...Object.fromEntries([...refused].sort().map((s) => [`E${s}`, errorResponse(STATUS_TEXT[s] ?? `HTTP ${s}`)])),
      },
    },
  };
}
