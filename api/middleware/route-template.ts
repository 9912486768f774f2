import type { Context } from 'koa';

/**
 * The route a request matched, as its template (`/api/v1.0/requests/:id`), for metrics and span
 * names: a handful of values, never an id. What no API route matched is `/api/*`, the identity
 * provider `/auth/*`, the SPA and its assets `/*`.
 */
export function routeTemplate(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === '/metrics') return '/metrics';
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return '/api/*';
  if (ctx.path === '/auth' || ctx.path.startsWith('/auth/')) return '/auth/*';
  return '/*';
}
