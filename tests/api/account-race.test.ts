import { describe, expect, it } from 'vitest';
import { answer, deletionApp, GONE } from '../support/deletions.ts';
import { authPost, type SignedUp } from '../support/users.ts';

// Changes to one account confirmed by the same password, sent at once. On PostgreSQL they
// really run at the same time; on PGlite they interleave between transactions.

const race = deletionApp();
const { accounts, deleteAccount: deleteMe } = race;

const login = (identifier: string, password: string) =>
  authPost(race.t.app, 'login', { identifier, password });
const changePassword = (me: SignedUp, newPassword: string) =>
  race.t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/password',
    headers: me.auth,
    payload: { current_password: me.password, new_password: newPassword },
  });

describe('password changes sent at once', () => {
  it('the first one wins; the others get 403 INVALID_PASSWORD and change nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const [me] = await accounts(1);
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
      const meNow = await race.t.app.inject({
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
      const [me] = await accounts(1);
      const [changed, deleted] = await Promise.all([
        changePassword(me, 'a new secret'),
        deleteMe(me),
      ]);
      const both = [answer(changed), answer(deleted)];
      // Either the change came first (the deletion's password is no longer current), or the
      // deletion did (the account has gone).
      expect([
        ['200', '403 INVALID_PASSWORD'],
        ...GONE.map((gone) => [gone, '204']),
      ]).toContainEqual(both);
    }
  });

  it('DELETE /users/me sent five times at once deletes once; the others answer 401', async () => {
    const [me] = await accounts(1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deleteMe(me)));
    const sorted = answers.map(answer).sort();
    expect(sorted[0]).toBe('204');
    for (const other of sorted.slice(1)) {
      expect(GONE).toContain(other);
    }
    expect((await login(me.user.username, me.password)).statusCode).toBe(401);
  });
});
