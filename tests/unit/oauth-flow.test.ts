// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OAUTH_KEYS,
  OAuthCheckError,
  callbackUrl,
  newOAuthStart,
  pkceChallenge,
  randomToken,
  saveOAuth,
  verifyCallback,
} from '../../src/lib/oauth.ts';
import { installFakeFetch, json } from '../support/fake-fetch.ts';

const leaveTo = vi.fn();
vi.mock('../../src/stores/navigation.ts', () => ({
  leaveTo: (url: string): void => {
    leaveTo(url);
  },
}));

const saved = {
  state: 's'.repeat(43),
  provider: 'github',
  verifier: 'v'.repeat(43),
  returnTo: '/',
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  leaveTo.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('state and PKCE', () => {
  it('makes random URL-safe values of 43 characters', () => {
    const a = randomToken();
    const b = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('computes the S256 challenge of RFC 7636', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    const start = await newOAuthStart();
    expect(start.challenge).toBe(await pkceChallenge(start.verifier));
    expect(start.state).not.toBe(start.verifier);
  });

  it('returns through the callback of the page language, naming the provider', () => {
    expect(callbackUrl('https://sheaf.example', 'zh-CN', 'github')).toBe(
      'https://sheaf.example/auth/callback?provider=github',
    );
    expect(callbackUrl('https://sheaf.example', 'en-US', 'corp id')).toBe(
      'https://sheaf.example/en-US/auth/callback?provider=corp+id',
    );
  });
});

describe('verifyCallback', () => {
  it('accepts the saved state and provider, and removes the saved values', () => {
    saveOAuth(sessionStorage, saved);
    expect(verifyCallback(sessionStorage, { state: saved.state, provider: 'github' })).toEqual(
      saved,
    );
    for (const key of Object.values(OAUTH_KEYS)) expect(sessionStorage.getItem(key)).toBeNull();
  });

  it("fails with 'OAuth2 state 验证失败' on another state, or with nothing saved", () => {
    saveOAuth(sessionStorage, saved);
    expect(() => verifyCallback(sessionStorage, { state: 'tampered', provider: 'github' })).toThrow(
      'OAuth2 state 验证失败',
    );
    // The attempt is used up: even the right state fails now.
    expect(() =>
      verifyCallback(sessionStorage, { state: saved.state, provider: 'github' }),
    ).toThrow(new OAuthCheckError('OAUTH_STATE_MISMATCH'));
    expect(() => verifyCallback(sessionStorage, { state: null, provider: 'github' })).toThrow(
      'OAuth2 state 验证失败',
    );
  });

  it("fails with 'OAuth2 提供商不匹配' when the provider differs, after the state check", () => {
    saveOAuth(sessionStorage, saved);
    let error: unknown;
    try {
      verifyCallback(sessionStorage, { state: saved.state, provider: 'google' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OAuthCheckError);
    expect(error).toMatchObject({
      code: 'OAUTH_PROVIDER_MISMATCH',
      message: 'OAuth2 提供商不匹配',
    });
    expect(sessionStorage.getItem(OAUTH_KEYS.verifier)).toBeNull();

    saveOAuth(sessionStorage, saved);
    expect(() => verifyCallback(sessionStorage, { state: 'tampered', provider: 'google' })).toThrow(
      'OAuth2 state 验证失败',
    );
  });
});

const session = {
  user: { id: 3, username: 'ada', nickname: 'Ada', email: 'ada@example.test' },
  access_token: 'access-1',
  expires_in: 900,
};

async function loadOAuthStore() {
  vi.resetModules();
  const store = await import('../../src/stores/oauth.ts');
  const auth = await import('../../src/stores/auth.ts');
  return { ...store, ...auth };
}

describe('the sign-in flow in the browser', () => {
  it('saves state, provider and verifier, then leaves for the URL the API built', async () => {
    window.history.replaceState(null, '', '/en-US/auth/login?redirect=/datasets/my');
    const fetch = installFakeFetch(() =>
      json(200, { authorization_url: 'https://id.example/authorize?x=1' }),
    );
    const { startOAuthSignIn } = await loadOAuthStore();
    await startOAuthSignIn('github', 'en-US');

    const state = sessionStorage.getItem(OAUTH_KEYS.state)!;
    const verifier = sessionStorage.getItem(OAUTH_KEYS.verifier)!;
    expect(sessionStorage.getItem(OAUTH_KEYS.provider)).toBe('github');
    expect(sessionStorage.getItem(OAUTH_KEYS.returnTo)).toBe('/en-US/datasets/my');
    const sent = fetch.requests[0]!;
    expect(sent.url.pathname).toBe('/api/v1/auth/oauth2/github/authorize');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({
      state,
      code_challenge: await pkceChallenge(verifier),
      redirect_uri: `${window.location.origin}/en-US/auth/callback?provider=github`,
    });
    expect(leaveTo).toHaveBeenCalledWith('https://id.example/authorize?x=1');
  });

  it('checks the callback, removes the saved values, exchanges the code and signs in', async () => {
    saveOAuth(sessionStorage, { ...saved, returnTo: '/datasets/my' });
    let savedDuringExchange: string | null = 'not called';
    const fetch = installFakeFetch(() => {
      savedDuringExchange = sessionStorage.getItem(OAUTH_KEYS.state);
      return json(200, session);
    });
    const { completeOAuthSignIn, $oauthCallback, $auth } = await loadOAuthStore();
    const url = new URL(
      `${window.location.origin}/auth/callback?provider=github&code=c0de&state=${saved.state}&iss=https%3A%2F%2Fid.example`,
    );
    await completeOAuthSignIn(url, 'zh-CN');

    expect(savedDuringExchange).toBeNull();
    const sent = fetch.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url.pathname).toBe('/api/v1/auth/oauth2/github/callback');
    expect(sent.body).toEqual({
      code: 'c0de',
      code_verifier: saved.verifier,
      redirect_uri: `${window.location.origin}/auth/callback?provider=github`,
      state: saved.state,
      iss: 'https://id.example',
    });
    expect($auth.get()).toMatchObject({ token: 'access-1', isAuthenticated: true });
    expect($oauthCallback.get()).toEqual({ status: 'done' });
    expect(leaveTo).toHaveBeenCalledWith('/datasets/my');
    // The single-use code is no longer in the address bar.
    expect(window.location.search).toBe('?provider=github');
  });

  it('reports a tampered state without calling the API', async () => {
    saveOAuth(sessionStorage, saved);
    const fetch = installFakeFetch(() => json(200, session));
    const { completeOAuthSignIn, $oauthCallback, $auth } = await loadOAuthStore();
    await completeOAuthSignIn(
      new URL('http://localhost/auth/callback?provider=github&code=c&state=forged'),
      'zh-CN',
    );
    expect($oauthCallback.get()).toEqual({
      status: 'failed',
      failure: { code: 'OAUTH_STATE_MISMATCH', message: 'OAuth2 state 验证失败' },
    });
    expect(fetch.requests).toHaveLength(0);
    expect($auth.get().isAuthenticated).toBe(false);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('reports denied consent and provider errors from the URL', async () => {
    saveOAuth(sessionStorage, saved);
    installFakeFetch(() => json(200, session));
    let store = await loadOAuthStore();
    await store.completeOAuthSignIn(
      new URL(
        `http://localhost/auth/callback?provider=github&error=access_denied&state=${saved.state}`,
      ),
      'zh-CN',
    );
    expect(store.$oauthCallback.get()).toMatchObject({
      status: 'failed',
      failure: { code: 'ACCESS_DENIED' },
    });
    expect(sessionStorage.getItem(OAUTH_KEYS.state)).toBeNull();

    store = await loadOAuthStore();
    await store.completeOAuthSignIn(
      new URL('http://localhost/auth/callback?provider=github&error=server_error'),
      'zh-CN',
    );
    expect(store.$oauthCallback.get()).toMatchObject({
      status: 'failed',
      failure: { code: 'PROVIDER_ERROR', detail: 'server_error' },
    });
  });

  it("keeps the API's error code when the exchange fails", async () => {
    saveOAuth(sessionStorage, saved);
    installFakeFetch(() =>
      json(502, {
        message: 'GitHub could not be reached',
        code: 'OAUTH_PROVIDER_UNAVAILABLE',
        details: null,
      }),
    );
    const { completeOAuthSignIn, $oauthCallback } = await loadOAuthStore();
    await completeOAuthSignIn(
      new URL(`http://localhost/auth/callback?provider=github&code=c&state=${saved.state}`),
      'en-US',
    );
    expect($oauthCallback.get()).toEqual({
      status: 'failed',
      failure: { code: 'OAUTH_PROVIDER_UNAVAILABLE', message: 'GitHub could not be reached' },
    });
  });
});
