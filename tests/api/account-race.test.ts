import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signUp, type SignedUp } from '../support/users.ts';

// Changes to one account confirmed by the same password, sent at once. On PostgreSQL they
// really run at the same time; on PGlite they interleave between transactions.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (identifier: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { identifier, password } });
const changePassword = (me: SignedUp, newPassword: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/password',
    headers: me.auth,
    payload: { current_password: me.password, new_password: newPassword },
  });
const deleteMe = (me: SignedUp) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/v1/users/me',
    headers: me.auth,
    payload: { password: me.password },
  });

/** `200`, or the status and code of an error such as `403 INVALID_PASSWORD`. */
function answer(res: LightMyRequestResponse): string {
  if (res.statusCode < 300) return String(res.statusCode);
  return `${res.statusCode} ${res.json<{ code: string }>().code}`;
}

describe('password changes sent at once', () => {
  it('the first one wins; the others get 403 INVALID_PASSWORD and change nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await signUp(t.app);
      const wanted = ['first new secret', 'second new secret', 'third new secret'];
      const answers = await Promise.all(wanted.map((p) => changePassword(me, p)));
      expect(answers.map(answer).sort()).toEqual([
        '200',
        '403 INVALID_PASSWORD',
        '403 INVALID_PASSWORD',
      ]);
      for (const refused of answers.filter((r) => r.statusCode === 403)) {
        expect(refused.json()).toEqual({
          message: 'Current password is incorrect',
          code: 'INVALID_PASSWORD',
          details: null,
        });
      }
      const won = answers.findIndex((r) => r.statusCode === 200);
      const session = answers[won]!.json<{ access_token: string }>();
      const meNow = await t.app.inject({
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(meNow.statusCode).toBe(200);
      const logins = await Promise.all(
        [me.password, ...wanted].map((p) => login(me.user.username, p)),
      );
      expect(logins.map((r) => r.statusCode)).toEqual(
        [me.password, ...wanted].map((_, i) => (i === won + 1 ? 200 : 401)),
      );
    }
  });

  it('a password change and the account’s deletion: one of them, never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await signUp(t.app);
      const [changed, deleted] = await Promise.all([
        changePassword(me, 'a new secret'),
        deleteMe(me),
      ]);
      const both = [answer(changed), answer(deleted)];
      // Either the change came first (the deletion's password is no longer current), or the
      // deletion did (the account has gone).
      expect([
        ['200', '403 INVALID_PASSWORD'],
        ['401 TOKEN_INVALID', '204'],
        ['401 SESSION_ENDED', '204'],
      ]).toContainEqual(both);
    }
  });

  it('DELETE /users/me sent five times at once deletes once; the others answer 401', async () => {
    const me = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deleteMe(me)));
    const sorted = answers.map(answer).sort();
    expect(sorted[0]).toBe('204');
    for (const other of sorted.slice(1)) {
      expect(['401 TOKEN_INVALID', '401 SESSION_ENDED']).toContain(other);
    }
    expect((await login(me.user.username, me.password)).statusCode).toBe(401);
  });
});
