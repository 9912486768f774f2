import type { Middleware } from 'koa';

/** The Content-Security-Policy: our own origin only, no inline script or style, never framed. */
export function contentSecurityPolicy(opts: SecurityHeaderOptions = {}): string {
  return [
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
}

export interface SecurityHeaderOptions {
  extraScriptSrc?: string[];
  extraConnectSrc?: string[];
  extraFormAction?: string[];
}

/** Every response's headers but HSTS (which depends on the connection). */
export function securityHeaderValues(opts: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict headers on every response: no inline script anywhere (the SPA is built to external files),
 * never framed, no MIME sniffing, no referrer leaves the service. HSTS only over TLS (directly, or
 * behind a proxy that says so when TRUST_PROXY is true).
 */
export function securityHeaders(opts: SecurityHeaderOptions): Middleware {
  const headers = securityHeaderValues(opts);
  return async (ctx, next) => {
    ctx.set(headers);
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    await next();
  };
}
