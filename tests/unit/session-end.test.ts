// @vitest-environment happy-dom
/**
 * A session that ends by itself is noticed by the store from the moment it loads, before any
 * island subscribes; the visitor's own sign-out is not an end to announce.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json } from '../support/fake-fetch.ts';
import { keysToCamel } from '../../src/lib/case.ts';
import type { User } from '../../src/lib/api/types.ts';
import { storeSession } from '../support/browser.ts';
import { wireUser } from '../support/wire.ts';

const user = keysToCamel<User>(wireUser);

async function loadStores() {
  vi.resetModules();
  const auth = await import('../../src/stores/auth.ts');
  const ending = await import('../../src/stores/session-end.ts');
  const navigation = await import('../../src/stores/navigation.ts');
  return { ...auth, ...ending, ...navigation };
}

const storedSession = () => storeSession('stored-token');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
});

describe('the end of a session', () => {
  it('is noticed when /users/me refuses the stored token, with nothing subscribed yet', async () => {
    storedSession();
    const stores = await loadStores();
    installFakeFetch(() => json(401, { error: 'SESSION_ENDED', message: 'Session ended' }));
    await stores.initAuth();
    expect(stores.$auth.get().token).toBeNull();
    expect(stores.$sessionEnded.get()).toBe(true);
  });

  it('is not the visitor’s own sign-out, and a new session forgets an earlier end', async () => {
    storedSession();
    const stores = await loadStores();
    installFakeFetch(() => json(204, {}));
    stores.startLeaving();
    await stores.logout();
    expect(stores.$sessionEnded.get()).toBe(false);

    stores.stayHere();
    stores.setSession({ user, accessToken: 'a', expiresIn: 900 });
    stores.clearAuth();
    expect(stores.$sessionEnded.get()).toBe(true);
    stores.setSession({ user, accessToken: 'b', expiresIn: 900 });
    expect(stores.$sessionEnded.get()).toBe(false);
  });

  it('is carried to the sign-in page once', async () => {
    const stores = await loadStores();
    stores.carrySessionEnded();
    expect(stores.arrivedAfterSessionEnd()).toBe(true);
    expect(sessionStorage.length).toBe(0);
    const next = await loadStores();
    expect(next.arrivedAfterSessionEnd()).toBe(false);
  });
});
