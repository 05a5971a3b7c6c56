import { describe, expect, it } from 'vitest';
import { authPost, signUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

/**
 * Sign-ins sent all at once are let through up to the limit, as if sent one by one: the first
 * ones have their password checked, only those past the limit are refused. Counting every
 * attempt under way against each of them refused them all, right passwords included.
 */

const t = suiteApp({
  LOGIN_MAX_FAILURES: '3',
  LOGIN_MAX_FAILURES_PER_IP: '5',
  LOGIN_WINDOW_SECONDS: '600',
});

const login = (identifier: string, password: string, ip: string) =>
  authPost(t.app, 'login', { identifier, password }, {}, ip);

const statuses = async (attempts: Promise<{ statusCode: number }>[]) =>
  (await Promise.all(attempts)).map((r) => r.statusCode).sort();

describe('sign-ins sent all at once', () => {
  it('sign in with the right password', async () => {
    const { user, password } = await signUp(t.app);
    const codes = await statuses(
      Array.from({ length: 12 }, (_, i) => login(user.username, password, `10.7.0.${i + 1}`)),
    );
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c !== 200 && c !== 429)).toEqual([]);
    // Nothing is left counted against the account: it signs in at once.
    expect((await login(user.username, password, '10.7.1.1')).statusCode).toBe(200);
  });

  it('from one address sign in, up to the address’s limit at a time', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => signUp(t.app)));
    const codes = await statuses(
      people.map(({ user, password }) => login(user.username, password, '10.7.2.1')),
    );
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c !== 200 && c !== 429)).toEqual([]);
  });

  it('have the first wrong passwords checked, never more than the limit', async () => {
    const { user, password } = await signUp(t.app);
    const codes = await statuses(
      Array.from({ length: 12 }, (_, i) => login(user.username, `wrong ${i}`, `10.7.3.${i + 1}`)),
    );
    expect(codes.filter((c) => c === 401)).toEqual([401, 401, 401]);
    expect(codes.filter((c) => c === 429).length).toBe(9);
    expect((await login(user.username, password, '10.7.4.1')).statusCode).toBe(429);
  });
});
