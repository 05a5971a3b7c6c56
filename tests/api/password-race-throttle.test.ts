import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { refreshTokens, users } from '../../src/server/db/schema.ts';
import { authPost, signUp, type SignedUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

// One failure locks the account, so a counted failure shows as 429 on the next sign-in.
const t = suiteApp({ LOGIN_MAX_FAILURES: '1' });

const login = (me: SignedUp, password: string) =>
  authPost(t.app, 'login', { identifier: me.user.username, password });
const changePassword = (me: SignedUp, current: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/password',
    headers: me.auth,
    payload: { current_password: current, new_password: 'the newest secret' },
  });

describe('a password change that lost the race to another one', () => {
  it('is refused as 403 INVALID_PASSWORD but not counted as a failed sign-in', async () => {
    const me = await signUp(t.app);
    const elsewhere = await hashPassword('changed elsewhere');
    // This process has just seen the session open (it remembers that for a few seconds)…
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: me.auth })).statusCode).toBe(
      200,
    );
    // …when the same change, sent twice, wins in another process of the site: a new password,
    // and every session ended.
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: elsewhere }).where(eq(users.id, me.user.id));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(eq(refreshTokens.userId, me.user.id));
    });
    const lost = await changePassword(me, me.password);
    expect([lost.statusCode, lost.json()]).toEqual([
      403,
      { message: 'Current password is incorrect', code: 'INVALID_PASSWORD', details: null },
    ]);
    expect((await login(me, 'changed elsewhere')).statusCode).toBe(200);
  });

  it('a wrong current password still counts', async () => {
    const me = await signUp(t.app);
    const wrong = await changePassword(me, 'not my password');
    expect([wrong.statusCode, wrong.json<{ code: string }>().code]).toEqual([
      403,
      'INVALID_PASSWORD',
    ]);
    expect((await login(me, me.password)).statusCode).toBe(429);
  });
});
