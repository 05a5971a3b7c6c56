import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../src/server/auth/throttle.ts';
import { authPost, refreshCookie, signUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

describe('what every process of a site shares through the database', () => {
  const t = suiteApp({ LOGIN_MAX_FAILURES: '2' });

  it('failed sign-ins are kept in the database, so another process counts them too', async () => {
    const user = await signUp(t.app);
    const login = (password: string) =>
      authPost(t.app, 'login', { identifier: user.user.username, password });
    expect((await login('wrong-1')).statusCode).toBe(401);
    expect((await login('wrong-2')).statusCode).toBe(401);
    // A second process sees the same failures through its own throttle over the database.
    const throttle = createLoginThrottle(t.ctx.db, {
      maxFailures: 2,
      maxFailuresPerIp: 50,
      windowSeconds: 900,
    });
    expect((await throttle.attempt([`account:${user.user.id}`])).wait).toBeGreaterThan(800);
    expect((await login(user.password)).statusCode).toBe(429);
  });
});

describe('a refresh cookie for pages on another site', () => {
  const t = suiteApp({
    REFRESH_COOKIE_SAMESITE: 'none',
    PUBLIC_SITE_URL: 'https://sheaf.example',
    PUBLIC_API_BASE: 'https://api.sheaf-data.example/api/v1',
  });

  it('is SameSite=None and Secure when configured so, and cleared the same way', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: user.user.username, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(refreshCookie(res)).toMatchObject({
      httpOnly: true,
      sameSite: 'None',
      secure: true,
      path: '/api/v1/auth',
    });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { refresh_token: refreshCookie(res)!.value },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(refreshCookie(out)).toMatchObject({ sameSite: 'None', secure: true, value: '' });
  });
});
