import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import { ApiError } from '../errors';
import type { Logger } from '../../infra/logger';
import { activeTraceId } from '../../infra/tracing';
import { UNAVAILABLE_MESSAGES, unavailablePart } from './unavailable';

type HttpishError = Error & { status?: number; statusCode?: number; expose?: boolean; type?: string };

/** Catches every error once and answers JSON { code, message, field? } with the right status; a 500 with a `reference`. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      const err = raw as HttpishError;
      if (err instanceof ApiError) {
        ctx.status = err.status;
        // A refusal for now (a part recovering): when to try again.
        if (err.status === 503) ctx.set('Retry-After', '5');
        ctx.body = {
          code: err.code,
          message: err.message,
          ...(err.field ? { field: err.field } : {}),
          ...(err.fields ? { fields: err.fields } : {}),
          ...(err.data ? { data: err.data } : {}),
        };
        return;
      }
      const status = err.status ?? err.statusCode;
      if (status && status >= 400 && status < 500) {
        // Thrown by body parsing and similar: the client's fault, say so plainly.
        ctx.status = status;
        const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
        const message =
          status === 413 ? 'The request body is too large' : err.expose ? err.message : 'The request could not be read';
        ctx.body = { code, message };
        return;
      }
      // PostgreSQL or Temporal away: 503 with a JSON message, and a hint when to try again.
      const part = unavailablePart(err);
      if (part) {
        logger.warn(
          {
            err: { message: err.message, code: (err as { code?: unknown }).code },
            part,
            path: ctx.path,
            method: ctx.method,
          },
          'service part unavailable',
        );
        ctx.status = 503;
        ctx.set('Retry-After', '10');
        ctx.body = { code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGES[part], unavailable: part };
        return;
      }
      // The reference a user can quote: the trace id while tracing is on, else one made here; the
      // line logged with it (and every line of the request: infra/logger.ts) names the workflow acted on.
      const reference = activeTraceId() ?? randomBytes(16).toString('hex');
      logger.error({ err, reference, path: ctx.path, method: ctx.method }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { code: 'INTERNAL_ERROR', message: 'Sorry, there is a problem with the service', reference };
    }
  };
}
