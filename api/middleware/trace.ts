import { propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import { routeTemplate } from './route-template';

/**
 * One server span per HTTP request, the child of the caller's W3C `traceparent` when it sends one,
 * named by its route template once routing has run. Everything the request does (the Temporal
 * calls, SQL, its log lines) happens in its context. Used only while tracing is on (api/app.ts).
 */
export function traceRequests(): Middleware {
  const tracer = trace.getTracer('esos-reporting/api');
  return (ctx, next) => {
    const parent = propagation.extract(ROOT_CONTEXT, ctx.headers);
    const attributes = { 'http.request.method': ctx.method, 'url.path': ctx.path };
    return tracer.startActiveSpan(ctx.method, { kind: SpanKind.SERVER, attributes }, parent, async (span) => {
      try {
        await next();
      } finally {
        const route = routeTemplate(ctx);
        span.updateName(`${ctx.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': ctx.status });
        if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
  };
}
