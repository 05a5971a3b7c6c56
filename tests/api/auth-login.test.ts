import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { createTestApp } from '../support/app.ts';
import { fieldsOf, suiteApp } from '../support/api.ts';
import { authPost, refreshCookie, signUp } from '../support/users.ts';

const t = suiteApp();

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  authPost(t.app, url, payload, headers);

describe('POST /api/v1/auth/login', () => {
  it('signs in by username or e-mail in any case and stamps last_login_at', async () => {
    const { user, password } = await signUp(t.app, {
      username: 'Lin_Hui',
      email: 'Lin.Hui@Example.com',
    });
    await t.ctx.db
      .update(users)
      .set({ lastLoginAt: sql`now() - interval '1 day'` })
      .where(eq(users.id, user.id));
    for (const identifier of ['Lin_Hui', 'lin_hui', 'lin.hui@example.com', 'LIN.HUI@EXAMPLE.COM']) {
      const res = await post('login', { identifier, password });
      expect(res.statusCode, identifier).toBe(200);
      const body = res.json();
      expect(body.user.id).toBe(user.id);
      expect(body.user.email).toBe('Lin.Hui@Example.com');
      expect(body.access_token).toEqual(expect.any(String));
      expect(body.expires_in).toBe(900);
      expect(refreshCookie(res)?.value).toBeTruthy();
      expect(Date.now() - Date.parse(body.user.last_login_at)).toBeLessThan(3_600_000);
    }
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const { user } = await signUp(t.app);
    const wrong = await post('login', { identifier: user.username, password: 'wrong password' });
    const unknown = await post('login', { identifier: 'nobody-here', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(refreshCookie(wrong)).toBeUndefined();
  });

  it('answers 400 for a missing identifier or password', async () => {
    const res = await post('login', { identifier: '' });
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res);
    expect(fields).toEqual(expect.arrayContaining(['identifier', 'password']));
  });

  it('refuses a disabled account with the right password only', async () => {
    const { user, password } = await signUp(t.app);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const wrong = await post('login', { identifier: user.username, password: 'not it at all' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('login', { identifier: user.username, password });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_DISABLED');
  });
});

describe('secure cookies', () => {
  it('marks the refresh cookie Secure when the site is served over https', async () => {
    const ts = await createTestApp({ PUBLIC_SITE_URL: 'https://sheaf.example.org' });
    try {
      const { user, password } = await signUp(ts.app);
      const res = await ts.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { identifier: user.username, password },
      });
      expect(refreshCookie(res)?.secure).toBe(true);
    } finally {
      await ts.close();
    }
  });
});
