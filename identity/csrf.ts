// CSRF protection for the interaction forms: a random token in an HttpOnly, SameSite=Strict cookie
// and the same token in a hidden field; a POST whose two values differ is refused.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';

const COOKIE = 'esos_csrf';

/** The token for the form on this page (created and set as a cookie on first use). */
export function csrfToken(ctx: Context): string {
  const existing = ctx.cookies.get(COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  ctx.cookies.set(COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/auth',
    secure: ctx.secure,
    overwrite: true,
  });
  return token;
}

export function csrfValid(ctx: Context, submitted: unknown): boolean {
  const cookie = ctx.cookies.get(COOKIE);
  if (!cookie || typeof submitted !== 'string' || cookie.length !== submitted.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(submitted));
}
