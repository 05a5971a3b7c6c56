// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { freshBrowserEachTest, storeSession } from '../support/browser.ts';
import { wireUser } from '../support/wire.ts';
import { installFakeFetch, json } from '../support/fake-fetch.ts';

async function loadStore() {
  vi.resetModules();
  return import('../../src/stores/auth.ts');
}

/** What a previous page visit left in localStorage, under a nickname since changed. */
const storedSession = (token = 'stored-token') => storeSession(token, 'Old name');

/** The browser's Web Locks: one holder at a time across the site's tabs (this module's copies). */
function installFakeLocks() {
  let queue: Promise<unknown> = Promise.resolve();
  const locks = {
    request: (_name: string, work: () => Promise<unknown>) => {
      const turn = queue.then(work);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

freshBrowserEachTest();

describe('login, register, logout', () => {
  it('login sets user, token and expiry, and persists them under auth-store', async () => {
    const store = await loadStore();
    const { requests } = installFakeFetch(() =>
      json(200, { user: wireUser, access_token: 'tok', expires_in: 900 }),
    );
    const before = Date.now();
    const user = await store.login('ada@example.com', 'secret-pass');
    expect(user.nickname).toBe('Ada');
    expect(requests[0]!.body).toEqual({ identifier: 'ada@example.com', password: 'secret-pass' });
    const state = store.$auth.get();
    expect(state).toMatchObject({ token: 'tok', isAuthenticated: true, user: { id: 7 } });
    expect(state.tokenExpiresAt).toBeGreaterThanOrEqual(before + 900_000);
    expect(state.tokenExpiresAt).toBeLessThanOrEqual(Date.now() + 900_000);
    expect(JSON.parse(localStorage.getItem('auth-store')!)).toMatchObject({
      token: 'tok',
      isAuthenticated: true,
      user: { username: 'ada', isVerified: false },
    });
    expect(store.$authStatus.get()).toEqual({ isLoading: false, error: null });
  });

  it('a failed login rejects and shows its message in $authStatus', async () => {
    const store = await loadStore();
    installFakeFetch(() =>
      json(401, { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS', details: null }),
    );
    await expect(store.login('ada', 'wrong')).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(store.$authStatus.get()).toEqual({ isLoading: false, error: 'Invalid credentials' });
    expect(store.$auth.get().isAuthenticated).toBe(false);
  });

  it('register sends nickname = username and signs in', async () => {
    const store = await loadStore();
    const { requests } = installFakeFetch(() =>
      json(201, { user: wireUser, access_token: 'tok', expires_in: 900 }),
    );
    await store.register({ username: 'ada', email: 'ada@example.com', password: 'secret-pass' });
    expect(requests[0]!.body).toMatchObject({ username: 'ada', nickname: 'ada' });
    expect(store.$auth.get().token).toBe('tok');
  });

  it('logout calls the API and clears auth even when the call fails', async () => {
    storedSession();
    const store = await loadStore();
    const { requests } = installFakeFetch(() => new Response(null, { status: 500 }));
    await store.logout();
    expect(requests.map((r) => [r.url.pathname, r.headers.get('authorization')])).toEqual([
      ['/api/v1/auth/logout', 'Bearer stored-token'],
    ]);
    expect(store.$auth.get()).toEqual({
      user: null,
      token: null,
      tokenExpiresAt: null,
      isAuthenticated: false,
    });
  });

  it('a state stored by another visit is read back; garbage counts as signed out', async () => {
    storedSession('kept-token');
    expect((await loadStore()).$auth.get()).toMatchObject({
      token: 'kept-token',
      isAuthenticated: true,
    });
    localStorage.setItem('auth-store', '{not json');
    expect((await loadStore()).$auth.get()).toMatchObject({ token: null, isAuthenticated: false });
  });
});

describe('initAuth', () => {
  it('runs once and refreshes the stored user from /users/me', async () => {
    storedSession();
    const store = await loadStore();
    const { requests } = installFakeFetch(() => json(200, { user: wireUser }));
    await Promise.all([store.initAuth(), store.initAuth()]);
    await store.initAuth();
    expect(requests).toHaveLength(1);
    expect(store.$auth.get().user?.nickname).toBe('Ada');
    expect(store.$authStatus.get()).toEqual({ isLoading: false, error: null });
  });

  it('does nothing without a token', async () => {
    const store = await loadStore();
    const { requests } = installFakeFetch(() => json(200, { user: wireUser }));
    await store.initAuth();
    expect(requests).toHaveLength(0);
  });

  it.each([401, 403])('a %i clears auth', async (status) => {
    storedSession();
    const store = await loadStore();
    installFakeFetch(() => json(status, { message: 'No', code: 'NO', details: null }));
    await store.initAuth();
    expect(store.$auth.get()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    expect(localStorage.getItem('auth-store')).toContain('"token":null');
  });

  it('other errors keep the stored state', async () => {
    storedSession();
    const store = await loadStore();
    installFakeFetch(() =>
      json(500, { message: 'Internal Server Error', code: 'INTERNAL_ERROR', details: null }),
    );
    await store.initAuth();
    expect(store.$auth.get()).toMatchObject({
      token: 'stored-token',
      isAuthenticated: true,
      user: { nickname: 'Old name' },
    });
    expect(store.$authStatus.get()).toEqual({ isLoading: false, error: 'Internal Server Error' });
  });
});

describe('refreshAccessToken', () => {
  it('stores the new token and expiry', async () => {
    storedSession();
    const store = await loadStore();
    installFakeFetch(() => json(200, { access_token: 'fresh', expires_in: 600 }));
    await expect(store.refreshAccessToken()).resolves.toBe('fresh');
    expect(store.$auth.get().token).toBe('fresh');
    expect(store.$auth.get().tokenExpiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
  });

  it('a refused refresh (401) clears auth', async () => {
    storedSession();
    const store = await loadStore();
    installFakeFetch(() => json(401, { message: 'Revoked', code: 'REVOKED', details: null }));
    await expect(store.refreshAccessToken()).rejects.toThrow('Refresh failed: 401');
    expect(store.$auth.get().isAuthenticated).toBe(false);
  });

  it('does not bring back a session signed out while the refresh was in flight', async () => {
    storedSession();
    const store = await loadStore();
    let answer: ((r: Response) => void) | undefined;
    installFakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const refreshing = store.refreshAccessToken().catch((e: unknown) => e);
    await vi.waitFor(() => expect(answer).toBeDefined());
    store.clearAuth();
    answer!(json(200, { access_token: 'late', expires_in: 900 }));
    expect(await refreshing).toBeInstanceOf(Error);
    expect(store.$auth.get().token).toBeNull();
  });

  it('two tabs refreshing at once spend the shared refresh cookie once and share its token', async () => {
    storedSession('shared-token');
    installFakeLocks();
    const firstTab = await loadStore();
    const secondTab = await loadStore();
    let spent = false;
    const { requests } = installFakeFetch(() => {
      if (spent) return json(401, { message: 'Reused', code: 'REFRESH_TOKEN_REUSED' });
      spent = true;
      return json(200, { access_token: 'fresh', expires_in: 60 });
    });
    try {
      const tokens = await Promise.all([
        firstTab.refreshAccessToken(),
        secondTab.refreshAccessToken(),
      ]);
      expect(tokens).toEqual(['fresh', 'fresh']);
      expect(requests.filter((r) => r.url.pathname === '/api/v1/auth/refresh')).toHaveLength(1);
      expect(secondTab.$auth.get()).toMatchObject({ token: 'fresh', isAuthenticated: true });
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('signing out while another tab refreshes leaves no session behind', async () => {
    storedSession('shared-token');
    installFakeLocks();
    const signingOut = await loadStore();
    const refreshing = await loadStore();
    let answerRefresh: ((r: Response) => void) | undefined;
    const { requests } = installFakeFetch((request) =>
      request.url.pathname === '/api/v1/auth/refresh'
        ? new Promise<Response>((resolve) => (answerRefresh = resolve))
        : new Response(null, { status: 204 }),
    );
    try {
      const refreshed = refreshing.refreshAccessToken();
      await vi.waitFor(() => expect(answerRefresh).toBeDefined());
      const signedOut = signingOut.logout();
      answerRefresh!(json(200, { access_token: 'fresh', expires_in: 60 }));
      await Promise.all([refreshed, signedOut]);
      expect(requests.map((r) => r.url.pathname)).toEqual([
        '/api/v1/auth/refresh',
        '/api/v1/auth/logout',
      ]);
      expect(JSON.parse(localStorage.getItem('auth-store')!)).toMatchObject({
        token: null,
        isAuthenticated: false,
      });
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});
