import type { Middleware } from 'koa';
import { withLogFields, type Logger } from '../../infra/logger';

/** One structured line per request; every line logged while handling it carries its log fields (infra/logger.ts). */
export function requestLog(logger: Logger): Middleware {
  return (ctx, next) =>
    withLogFields(async () => {
      const started = process.hrtime.bigint();
      try {
        await next();
      } finally {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const line = {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          userId: ctx.state.user?.userId,
        };
        if (ctx.status >= 500) logger.error(line, 'request');
        else logger.info(line, 'request');
      }
    });
}
