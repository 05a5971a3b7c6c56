import type { FastifyReply } from 'fastify';
import type { Context } from '../context.ts';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '../services/sessions.ts';

/**
 * The refresh token travels in an httpOnly cookie limited to the auth calls; the routes that
 * start or end a session set and clear it (services know nothing of HTTP).
 */

/** Where the refresh cookie is sent: its path, SameSite and Secure (see config.ts). */
function refreshCookieScope(ctx: Context) {
  const crossSite = ctx.config.refreshCookieSameSite === 'none';
  return {
    sameSite: ctx.config.refreshCookieSameSite,
    path: REFRESH_COOKIE_PATH,
    secure: crossSite || ctx.config.secureCookies,
  } as const;
}

/** Sends the refresh token as the cookie. */
export function setRefreshCookie(ctx: Context, reply: FastifyReply, token: string): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    ...refreshCookieScope(ctx),
    maxAge: ctx.config.refreshTokenTtl,
  });
}

/** Tells the browser to drop the cookie. */
export function clearRefreshCookie(ctx: Context, reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    ...refreshCookieScope(ctx),
  });
}
