// Compresses the API's answers (and the API reference's files) for clients that accept brotli or gzip.
// Files the build compressed already carry their Content-Encoding and are passed by (api/static-files.ts).
import zlib from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

/** Below this, compression saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli at quality 4 (fast enough per request, about gzip's cost for a smaller answer), else gzip.
 * The identity provider's pages (/auth) are left out: they hold a CSRF token beside input the
 * request can echo, the pairing the BREACH attack reads through compressed sizes.
 */
export function compressAnswers(): Middleware {
  const inner = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: {},
    deflate: false,
  });
  return (ctx, next) => (ctx.path === '/auth' || ctx.path.startsWith('/auth/') ? next() : inner(ctx, next));
}
