import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { forgetOpenSessions } from '../../src/server/services/sessions.ts';
import { newDataset, suiteApp } from '../support/api.ts';
import { authPost, refreshCookie, signUp } from '../support/users.ts';

const t = suiteApp();

const me = (auth: Record<string, string>) =>
  t.app.inject({ url: '/api/v1/users/me', headers: auth });
const login = async (identifier: string, password: string) => {
  const res = await authPost(t.app, 'login', { identifier, password });
  const body = res.json();
  const cookie = refreshCookie(res)?.value ?? '';
  return { auth: { authorization: `Bearer ${body.access_token}` }, refreshToken: cookie };
};

describe('access tokens end with their session', () => {
  it('logging out makes that session’s access token fail at once, not other sessions’', async () => {
    const { user, password, auth, refreshToken } = await signUp(t.app);
    const laptop = await login(user.username, password);
    expect((await me(auth)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const after = await me(auth);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me(laptop.auth)).statusCode).toBe(200);
  });

  it('changing the password ends every other session’s access tokens; the new one works', async () => {
    const { user, password, auth } = await signUp(t.app);
    const laptop = await login(user.username, password);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      headers: auth,
      payload: { current_password: password, new_password: 'a brand new secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(laptop.auth)).statusCode).toBe(401);
    expect((await me(auth)).statusCode).toBe(401);
    const fresh = { authorization: `Bearer ${changed.json().access_token}` };
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('a refreshed access token belongs to the same session', async () => {
    const { refreshToken } = await signUp(t.app);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${refreshed.json().access_token}` };
    expect((await me(auth)).statusCode).toBe(200);
    const next = refreshed.cookies.find((c) => c.name === 'refresh_token')?.value;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: next ?? refreshed.json().refresh_token },
    });
    expect((await me(auth)).statusCode).toBe(401);
  });

  it('a disabled account’s sessions end: its token no longer reads its private datasets', async () => {
    const { user, auth } = await signUp(t.app);
    const hidden = await newDataset(t, { auth }, { is_public: false });
    const read = (url: string) => t.app.inject({ url: `/api/v1${url}`, headers: auth });
    expect((await read(`/datasets/${hidden.id}`)).statusCode).toBe(200);

    const setActive = async (isActive: boolean) => {
      await t.ctx.db.update(users).set({ isActive }).where(eq(users.id, user.id));
      // Another process's answer is remembered 4 s; a switch in SQL takes effect within that.
      forgetOpenSessions();
    };
    await setActive(false);
    for (const url of [`/datasets/${hidden.id}`, `/datasets/${hidden.id}/versions/1/download`]) {
      const res = await read(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SESSION_ENDED' });
    }
    const listed = await read('/datasets?is_public=false');
    expect(listed.statusCode).toBe(401);

    // Nothing was revoked: switched on again, the same session works.
    await setActive(true);
    expect((await read(`/datasets/${hidden.id}`)).statusCode).toBe(200);
  });
});
