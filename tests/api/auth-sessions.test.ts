import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/server/auth/tokens.ts';
import { refreshTokens } from '../../src/server/db/schema.ts';
import { TEST_JWT_SECRET } from '../support/app.ts';
import { authPost, refreshCookie, signUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

const t = suiteApp();

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  authPost(t.app, url, payload, headers);

describe('POST /api/v1/auth/refresh', () => {
  const withCookie = (token: string) => ({ cookie: `refresh_token=${token}` });

  it('rotates the cookie and answers a working access token', async () => {
    const { refreshToken } = await signUp(t.app);
    const res = await post('refresh', undefined, withCookie(refreshToken));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), expires_in: 900 });
    const next = refreshCookie(res)!;
    expect(next).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
    expect(next.value).not.toBe(refreshToken);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    const again = await post('refresh', undefined, withCookie(next.value));
    expect(again.statusCode).toBe(200);
  });

  it('accepts a JSON content type with an empty body or {}', async () => {
    const { refreshToken } = await signUp(t.app);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/json', ...withCookie(refreshToken) },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    const next = refreshCookie(empty)!.value;
    const braces = await post('refresh', {}, withCookie(next));
    expect(braces.statusCode).toBe(200);
  });

  it('answers the rotated token in the body for the service variant', async () => {
    const { refreshToken } = await signUp(t.app);
    const res = await post('refresh', { refresh_token: refreshToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 900,
      refresh_token: expect.any(String),
    });
    expect(body.refresh_token).not.toBe(refreshToken);
    expect(refreshCookie(res)).toBeUndefined();
    const next = await post('refresh', { refresh_token: body.refresh_token });
    expect(next.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token comes back', async () => {
    const { refreshToken } = await signUp(t.app);
    const first = await post('refresh', undefined, withCookie(refreshToken));
    const successor = refreshCookie(first)!.value;

    const replay = await post('refresh', undefined, withCookie(refreshToken));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');
    expect(refreshCookie(replay)?.value).toBe('');

    const afterReplay = await post('refresh', undefined, withCookie(successor));
    expect(afterReplay.statusCode).toBe(401);
    expect(afterReplay.json().code).toBe('REFRESH_TOKEN_REVOKED');
  });

  it('leaves the user’s other sessions alone when one family is revoked', async () => {
    const { user, password, refreshToken } = await signUp(t.app);
    const other = await post('login', { identifier: user.username, password });
    const otherToken = refreshCookie(other)!.value;
    await post('refresh', { refresh_token: refreshToken });
    await post('refresh', { refresh_token: refreshToken });
    expect((await post('refresh', { refresh_token: otherToken })).statusCode).toBe(200);
  });

  it('answers 401 without a token, with an unknown token and with an expired one', async () => {
    const missing = await post('refresh');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('REFRESH_TOKEN_MISSING');

    const unknown = await post('refresh', undefined, withCookie('made-up-token'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('REFRESH_TOKEN_INVALID');

    const { user, refreshToken } = await signUp(t.app);
    await t.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.userId, user.id));
    const expired = await post('refresh', { refresh_token: refreshToken });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('REFRESH_TOKEN_EXPIRED');
  });

  it('answers 400 for a refresh_token of the wrong type', async () => {
    const res = await post('refresh', { refresh_token: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('refresh_token');
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('revokes the cookie’s session and clears the cookie, idempotently', async () => {
    const { refreshToken } = await signUp(t.app);
    const res = await post('logout', undefined, { cookie: `refresh_token=${refreshToken}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = refreshCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/v1/auth');
    expect((cleared.expires as Date).getTime()).toBeLessThan(Date.now());

    const refresh = await post('refresh', undefined, { cookie: `refresh_token=${refreshToken}` });
    expect(refresh.statusCode).toBe(401);

    const again = await post('logout', undefined, { cookie: `refresh_token=${refreshToken}` });
    expect(again.statusCode).toBe(204);
    expect((await post('logout')).statusCode).toBe(204);
  });

  it('answers 204 and ends the cookie’s session whatever the body holds', async () => {
    const bodies = [
      { payload: { refresh_token: 5 }, type: 'application/json' },
      { payload: '{"refresh_token":', type: 'application/json' },
      { payload: 'refresh_token=x', type: 'application/x-www-form-urlencoded' },
    ];
    for (const body of bodies) {
      const { refreshToken } = await signUp(t.app);
      const res = await post('logout', body.payload, {
        cookie: `refresh_token=${refreshToken}`,
        'content-type': body.type,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(204);
      expect(res.body).toBe('');
      expect(refreshCookie(res)?.value).toBe('');
      const refresh = await post('refresh', undefined, { cookie: `refresh_token=${refreshToken}` });
      expect(refresh.statusCode).toBe(401);
    }
    expect((await post('logout', '[', { 'content-type': 'application/json' })).statusCode).toBe(
      204,
    );
  });

  it('ends the session even when the access token sent along has expired or is not one', async () => {
    const { user } = await signUp(t.app);
    const expired = await createTokenService(TEST_JWT_SECRET, -60).signAccess({
      userId: user.id,
      role: 'user',
    });
    for (const authorization of [`Bearer ${expired}`, 'Bearer not-a-token', 'Bearer shf_gone']) {
      const { refreshToken } = await signUp(t.app);
      const res = await post('logout', undefined, {
        authorization,
        cookie: `refresh_token=${refreshToken}`,
      });
      expect([authorization, res.statusCode, res.body]).toEqual([authorization, 204, '']);
      expect(refreshCookie(res)?.value).toBe('');
      const refresh = await post('refresh', undefined, { cookie: `refresh_token=${refreshToken}` });
      expect(refresh.statusCode).toBe(401);
    }
  });

  it('revokes a token sent in the body', async () => {
    const { refreshToken } = await signUp(t.app);
    expect((await post('logout', { refresh_token: refreshToken })).statusCode).toBe(204);
    expect((await post('refresh', { refresh_token: refreshToken })).statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  const me = (authorization: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });

  it('answers 401 TOKEN_EXPIRED for an expired access token', async () => {
    const { user } = await signUp(t.app);
    const expired = await createTokenService(TEST_JWT_SECRET, -60).signAccess({
      userId: user.id,
      role: 'user',
    });
    const res = await me(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('answers 401 TOKEN_INVALID for a forged or malformed token', async () => {
    const { user } = await signUp(t.app);
    const forged = await createTokenService('another-secret-0123456789-0123456789', 900).signAccess(
      { userId: user.id, role: 'admin' },
    );
    expect((await me(`Bearer ${forged}`)).json().code).toBe('TOKEN_INVALID');
    expect((await me('Bearer not.a.jwt')).statusCode).toBe(401);
    expect((await me('Basic abc')).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
