// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keysToCamel } from '../../src/lib/case.ts';
import type { User } from '../../src/lib/api/types.ts';
import { installFakeFetch, json, type Handler } from '../support/fake-fetch.ts';
import { wireUser } from '../support/wire.ts';

const MINUTE = 60_000;
const user = keysToCamel<User>(wireUser);

/** Signs in (which starts the scheduler) with a fake API answering refreshes with `handler`. */
async function signedIn(handler: Handler) {
  vi.resetModules();
  const store = await import('../../src/stores/auth.ts');
  const { $refreshState } = await import('../../src/stores/refresh.ts');
  const { requests } = installFakeFetch(handler);
  store.setSession({ user, accessToken: 'token-0', expiresIn: 15 * 60 });
  const refreshes = () => requests.filter((r) => r.url.pathname === '/api/v1/auth/refresh').length;
  return { ...store, $refreshState, refreshes };
}

let issued = 0;
const ok: Handler = () => json(200, { access_token: `token-${++issued}`, expires_in: 15 * 60 });
const unavailable: Handler = () => new Response(null, { status: 503 });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the token refresh scheduler', () => {
  it('refreshes every 10 minutes while a token exists', async () => {
    const m = await signedIn(ok);
    expect(m.$refreshState.get().nextRunAt).toBe(Date.now() + 10 * MINUTE);
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1000);
    expect(m.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(m.refreshes()).toBe(1);
    expect(m.$auth.get().token).toBe(`token-${issued}`);
    expect(m.$refreshState.get()).toMatchObject({
      lastResult: 'ok',
      lastRefreshAt: Date.now(),
      consecutiveFailures: 0,
      nextRunAt: Date.now() + 10 * MINUTE,
    });
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(m.refreshes()).toBe(3);
    expect(m.$auth.get().isAuthenticated).toBe(true);
  });

  it('retries a failure after 30 seconds and clears auth after 3 consecutive failures', async () => {
    const m = await signedIn(unavailable);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(m.refreshes()).toBe(1);
    expect(m.$refreshState.get()).toMatchObject({
      lastResult: 'failed',
      lastError: 'Refresh failed: 503',
      consecutiveFailures: 1,
      nextRunAt: Date.now() + 30_000,
    });
    expect(m.$auth.get().isAuthenticated).toBe(true);

    await vi.advanceTimersByTimeAsync(29_000);
    expect(m.refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(m.refreshes()).toBe(2);
    expect(m.$auth.get().isAuthenticated).toBe(true);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(m.refreshes()).toBe(3);
    expect(m.$refreshState.get().consecutiveFailures).toBe(3);
    expect(m.$auth.get()).toMatchObject({ token: null, isAuthenticated: false });

    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(m.refreshes()).toBe(3);
    expect(m.$refreshState.get().nextRunAt).toBeNull();
  });

  it('a success after a failure resets the count and the 10-minute cadence', async () => {
    let fail = true;
    const m = await signedIn((r) => (fail ? unavailable(r) : ok(r)));
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    fail = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(m.refreshes()).toBe(2);
    expect(m.$refreshState.get()).toMatchObject({
      lastResult: 'ok',
      consecutiveFailures: 0,
      nextRunAt: Date.now() + 10 * MINUTE,
    });
  });

  it('a refused refresh token (401) clears auth at once, without retries', async () => {
    const m = await signedIn(() =>
      json(401, { message: 'Revoked', code: 'REFRESH_TOKEN_REVOKED', details: null }),
    );
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(m.$auth.get().isAuthenticated).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(m.refreshes()).toBe(1);
  });

  it('stops when the token is gone and starts again with a new one', async () => {
    const m = await signedIn(ok);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    m.clearAuth();
    expect(m.$refreshState.get().nextRunAt).toBeNull();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(m.refreshes()).toBe(0);

    m.setSession({ user, accessToken: 'again', expiresIn: 15 * 60 });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(m.refreshes()).toBe(1);
  });

  it('refreshes before a shorter-lived token expires', async () => {
    const m = await signedIn(ok);
    m.setSession({ user, accessToken: 'short', expiresIn: 5 * 60 });
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 20_000);
    expect(m.refreshes()).toBe(1);
  });
});
