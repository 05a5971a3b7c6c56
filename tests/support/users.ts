import type { FastifyInstance } from 'fastify';

export type SignedUp = {
  /** The full user the API answered. */
  user: { id: number; username: string; email: string; [key: string]: unknown };
  token: string;
  /** The refresh token from the refresh_token cookie. */
  refreshToken: string;
  password: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  auth: { authorization: string };
};

let counter = 0;

/** Registers a user through the API (unique name unless given) and returns its session. */
export async function signUp(
  app: FastifyInstance,
  fields: { username?: string; email?: string; password?: string } = {},
): Promise<SignedUp> {
  counter += 1;
  const username = fields.username ?? `user${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const password = fields.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { username, email: fields.email ?? `${username}@example.com`, password },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return {
    user: body.user,
    token: body.access_token,
    refreshToken: refreshCookie(res)?.value ?? '',
    password,
    auth: { authorization: `Bearer ${body.access_token}` },
  };
}

type WithCookies = { cookies: { name: string; value: string; [key: string]: unknown }[] };

/** The refresh_token cookie a response set, if any. */
export function refreshCookie(res: WithCookies) {
  return res.cookies.find((c) => c.name === 'refresh_token');
}

/**
 * POST /api/v1/auth/`url` with a JSON body (none when `payload` is undefined) and `headers`,
 * from `remoteAddress` when given (else app.inject's own, 127.0.0.1).
 */
export const authPost = (
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/auth/${url}`,
    payload: payload as object,
    headers,
    remoteAddress,
  });
