import { setRefreshCookie, clearRefreshCookie } from '../refresh-cookie.ts';
import { errors } from '../errors.ts';
import { z } from 'zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../context.ts';
import {
  loginBodySchema,
  logoutBodySchema,
  refreshBodySchema,
  refreshResponseSchema,
  registerBodySchema,
  sessionResponseSchema,
} from '../../../contracts/auth.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { login, register } from '../../services/accounts.ts';
import { endSession, REFRESH_COOKIE, rotateRefreshToken } from '../../services/sessions.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['auth'];

/**
 * Registering and signing in. Like refresh and logout, they are sent without auth and never read
 * `Authorization`: a stale token left in a script's headers does not stop them.
 */
const signInRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/auth/register',
    {
      config: { ignoresBearer: true },
      schema: {
        tags,
        summary: 'Create an account and sign in',
        description:
          'Sets nickname equal to username. Sets the HttpOnly refresh_token cookie. 409 USERNAME_TAKEN or EMAIL_TAKEN (both compared case-insensitively).',
        body: registerBodySchema,
        response: { 201: sessionResponseSchema, ...errors(400, 409) },
      },
    },
    async (request, reply) => {
      const { session, refreshToken } = await register(ctx, request.body);
      setRefreshCookie(ctx, reply, refreshToken);
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { ignoresBearer: true },
      schema: {
        tags,
        summary: 'Sign in with username or e-mail and password',
        description:
          'Sets the HttpOnly refresh_token cookie. Failed attempts are throttled per identifier and per IP (429 with Retry-After).',
        body: loginBodySchema,
        response: {
          200: sessionResponseSchema,
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { session, refreshToken } = await login(ctx, { ...request.body, ip: request.ip });
      setRefreshCookie(ctx, reply, refreshToken);
      return session;
    },
  );
};

/** Ends the session of the refresh token presented, if any, and clears the cookie: 204. */
async function signOut(ctx: Context, reply: FastifyReply, presented: string | undefined) {
  if (presented) await endSession(ctx, presented);
  clearRefreshCookie(ctx, reply);
  return reply.status(204).send(null);
}

/**
 * Logging out answers 204 whatever the client sent: a body it cannot read (not JSON, a
 * `refresh_token` that is not text, another content type, too large, a forbidden character)
 * still signs out with the cookie. Other failures (the database) go on to the API's handler.
 */
const signOutAnyway =
  (ctx: Context) =>
  (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): void => {
    const status = error instanceof AppError ? error.status : error.statusCode;
    if (status !== 400 && status !== 413 && status !== 415) throw error;
    signOut(ctx, reply, request.cookies[REFRESH_COOKIE]).catch((err: unknown) => reply.send(err));
  };

/** Refreshing and ending a session. */
const sessionRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/auth/refresh',
    {
      config: { ignoresBearer: true },
      schema: {
        tags,
        summary: 'Exchange the refresh token for a new access token',
        description:
          'An empty body uses the refresh_token cookie and rotates it. A body { refresh_token } (services) answers the rotated token in the body instead. A spent or revoked token revokes its whole session.',
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.refresh_token;
      const presented = fromBody ?? request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthorized('No refresh token', 'REFRESH_TOKEN_MISSING');
      try {
        const { refreshToken, ...access } = await rotateRefreshToken(ctx, presented);
        if (fromBody) return { ...access, refresh_token: refreshToken };
        setRefreshCookie(ctx, reply, refreshToken);
        return access;
      } catch (err) {
        if (!fromBody) clearRefreshCookie(ctx, reply);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      // Signing out works with an expired or revoked access token beside the refresh token.
      config: { ignoresBearer: true },
      schema: {
        tags,
        summary: 'Sign out',
        description:
          'Revokes the session of the refresh token (cookie or body) and clears the cookie. Always 204, also without a token.',
        body: logoutBodySchema,
        response: { 204: z.null().describe('Signed out') },
      },
      errorHandler: signOutAnyway(ctx),
    },
    async (request, reply) =>
      signOut(ctx, reply, request.body?.refresh_token ?? request.cookies[REFRESH_COOKIE]),
  );
};

export const authRoutes: RoutesPlugin = async (app, options) => {
  await signInRoutes(app, options);
  await sessionRoutes(app, options);
};
