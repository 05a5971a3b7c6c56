import { describe, expect, it } from 'vitest';
import { authPost, signUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

describe('login throttling', () => {
  const th = suiteApp({
    LOGIN_MAX_FAILURES: '3',
    LOGIN_MAX_FAILURES_PER_IP: '5',
    LOGIN_WINDOW_SECONDS: '600',
  });
  const login = (identifier: string, password: string, ip: string) =>
    authPost(th.app, 'login', { identifier, password }, {}, ip);

  it('locks an identifier after repeated failures, even from other addresses', async () => {
    const { user, password } = await signUp(th.app);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await login(user.username, 'bad password', ip)).statusCode).toBe(401);
    }
    const locked = await login(user.username.toUpperCase(), password, '10.0.0.4');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(locked.json().details).toEqual({ retry_after: retryAfter });

    const other = await signUp(th.app);
    expect((await login(other.user.username, other.password, '10.0.0.4')).statusCode).toBe(200);
  });

  it('locks an address after its own, higher number of failures on different identifiers', async () => {
    const { user, password } = await signUp(th.app);
    for (const name of ['ghost1', 'ghost2', 'ghost3', 'ghost4']) {
      expect((await login(name, 'bad password', '10.9.9.9')).statusCode).toBe(401);
    }
    // Four failures from one address: past the per-identifier limit, under the per-address one.
    expect((await login('ghost5', 'bad password', '10.9.9.9')).statusCode).toBe(401);
    const locked = await login(user.username, password, '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.username, password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts failures per account, whether its username or its e-mail names it', async () => {
    const { user, password } = await signUp(th.app);
    expect((await login(user.username, 'bad password', '10.2.0.1')).statusCode).toBe(401);
    expect((await login(user.email.toUpperCase(), 'bad password', '10.2.0.2')).statusCode).toBe(
      401,
    );
    expect((await login(user.username, 'bad password', '10.2.0.3')).statusCode).toBe(401);
    // Three failures in all: the account is locked under either name.
    expect((await login(user.email, password, '10.2.0.4')).statusCode).toBe(429);
    expect((await login(user.username, password, '10.2.0.5')).statusCode).toBe(429);
  });

  it('lets no more guesses through than the limit when they arrive all at once', async () => {
    const { user, password } = await signUp(th.app);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      login(user.username, `bad password ${i}`, `10.3.0.${i + 1}`),
    );
    const codes = (await Promise.all(guesses)).map((r) => r.statusCode);
    // Each guess either had its password checked (401) or was refused (429) — at most three checked.
    const checked = codes.filter((c) => c === 401).length;
    expect(checked + codes.filter((c) => c === 429).length).toBe(12);
    expect(checked).toBeLessThanOrEqual(3);
    // Refused guesses are not failures: the account is locked only when three were checked.
    const afterwards = await login(user.username, password, '10.3.1.1');
    expect(afterwards.statusCode).toBe(checked === 3 ? 429 : 200);
  });

  it('does not count a refused attempt, nor a right password against its address', async () => {
    const { user, password } = await signUp(th.app);
    // Five right passwords from one address (its limit is five failures): none is a failure.
    for (let i = 0; i < 6; i += 1) {
      expect((await login(user.username, password, '10.4.0.1')).statusCode).toBe(200);
    }
    const other = await signUp(th.app);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(other.user.username, 'bad password', '10.4.1.1')).statusCode).toBe(401);
    }
    // Refused attempts (the account is locked) do not use up the address's five.
    for (let i = 0; i < 4; i += 1) {
      expect((await login(other.user.username, 'bad password', '10.4.1.1')).statusCode).toBe(429);
    }
    expect((await login(user.username, password, '10.4.1.1')).statusCode).toBe(200);
  });

  it('forgets an identifier’s failures after a successful login', async () => {
    const { user, password } = await signUp(th.app);
    expect((await login(user.username, 'bad password', '10.1.0.1')).statusCode).toBe(401);
    expect((await login(user.username, 'bad password', '10.1.0.2')).statusCode).toBe(401);
    expect((await login(user.username, password, '10.1.0.3')).statusCode).toBe(200);
    expect((await login(user.username, 'bad password', '10.1.0.4')).statusCode).toBe(401);
    expect((await login(user.username, 'bad password', '10.1.0.5')).statusCode).toBe(401);
    expect((await login(user.username, password, '10.1.0.6')).statusCode).toBe(200);
  });
});
