import type { Middleware } from 'koa';

/**
 * Strict headers on every response: no inline script anywhere (the SPA is built to external files),
 * never framed, no MIME sniffing, no referrer leaves the service. HSTS only over TLS.
 */
export function securityHeaders(opts: { extraScriptSrc?: string[]; extraConnectSrc?: string[]; extraFormAction?: string[] }): Middleware {
  const csp = [
    "default-src 'self'",
    `script-src 'self'${opts.extraScriptSrc?.length ? ' ' + opts.extraScriptSrc.join(' ') : ''}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${opts.extraConnectSrc?.length ? ' ' + opts.extraConnectSrc.join(' ') : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${opts.extraFormAction?.length ? ' ' + opts.extraFormAction.join(' ') : ''}`,
    "frame-ancestors 'none'",
  ].join('; ');
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
