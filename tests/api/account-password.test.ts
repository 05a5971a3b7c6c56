import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.ts';
import { authPost, refreshCookie, signUp, type SignedUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

const t = suiteApp();

const login = (identifier: string, password: string) =>
  authPost(t.app, 'login', { identifier, password });
const refresh = (token: string) => authPost(t.app, 'refresh', { refresh_token: token });
const changePassword = (me: SignedUp, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/password',
    headers: me.auth,
    payload: payload as object,
  });

describe('PUT /api/v1/users/me/password', () => {
  it('changes the password, signs out the other sessions and opens a fresh one', async () => {
    const me = await signUp(t.app);
    const laptop = await login(me.user.username, me.password);
    const laptopRefresh = refreshCookie(laptop)!.value;

    const res = await changePassword(me, {
      current_password: me.password,
      new_password: 'a much better secret',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      user: expect.objectContaining({ id: me.user.id, email: me.user.email }),
      access_token: expect.any(String),
      expires_in: 900,
    });
    const fresh = refreshCookie(res)!;
    expect(fresh).toMatchObject({ httpOnly: true, path: '/api/v1/auth' });

    expect((await refresh(me.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptopRefresh)).statusCode).toBe(401);
    expect((await refresh(fresh.value)).statusCode).toBe(200);

    expect((await login(me.user.username, me.password)).statusCode).toBe(401);
    expect((await login(me.user.email, 'a much better secret')).statusCode).toBe(200);
  });

  it('answers 403 INVALID_PASSWORD for a wrong current password and keeps everything', async () => {
    const me = await signUp(t.app);
    const res = await changePassword(me, {
      current_password: 'not my password',
      new_password: 'another secret',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Current password is incorrect',
    });
    expect(refreshCookie(res)).toBeUndefined();
    expect((await refresh(me.refreshToken)).statusCode).toBe(200);
    expect((await login(me.user.username, me.password)).statusCode).toBe(200);
  });

  it.each([
    ['a short new password', { current_password: 'x', new_password: 'short' }, 'new_password'],
    ['a missing current password', { new_password: 'long enough' }, 'current_password'],
    [
      'a 129-character new password',
      { current_password: 'x', new_password: 'p'.repeat(129) },
      'new_password',
    ],
  ])('answers 400 for %s', async (_name, payload, field) => {
    const me = await signUp(t.app);
    const res = await changePassword(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field }] });
  });

  it('requires a bearer token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      payload: { current_password: 'whatever1', new_password: 'whatever2' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('throttles repeated wrong current passwords with 429 and Retry-After', async () => {
    const tt = await createTestApp({ LOGIN_MAX_FAILURES: '2' });
    try {
      const me = await signUp(tt.app);
      const attempt = (current: string) =>
        tt.app.inject({
          method: 'PUT',
          url: '/api/v1/users/me/password',
          headers: me.auth,
          payload: { current_password: current, new_password: 'brand new secret' },
        });
      expect((await attempt('wrong one')).statusCode).toBe(403);
      expect((await attempt('wrong two')).statusCode).toBe(403);
      const locked = await attempt(me.password);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await tt.close();
    }
  });
});
