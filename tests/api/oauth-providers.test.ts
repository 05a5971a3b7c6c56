import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  callback,
  newState,
  pkce,
  SITE,
  startOauthSite,
  type OauthSite,
} from '../support/oauth-site.ts';

let t: TestApp;
let idp: OauthSite['idp'];
let authorize: OauthSite['authorize'];
let close: OauthSite['close'];
beforeAll(async () => {
  ({ t, idp, authorize, close } = await startOauthSite());
});
afterAll(() => close());

describe('GET /api/v1/auth/oauth2/providers', () => {
  it('lists the configured providers by id and display name only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth2/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      providers: [
        { id: 'local', name: 'Local ID' },
        { id: 'down', name: 'Down ID' },
        { id: 'github', name: 'GitHub' },
      ],
    });
  });

  it('is an empty list when no provider is configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/oauth2/providers' });
      expect(res.json()).toEqual({ providers: [] });
      const authorizeRes = await bare.app.inject({
        method: 'GET',
        url: `/api/v1/auth/oauth2/local/authorize?state=${newState()}&code_challenge=${pkce().challenge}&redirect_uri=${encodeURIComponent(callback('local'))}`,
      });
      expect(authorizeRes.statusCode).toBe(404);
      expect(authorizeRes.json().code).toBe('OAUTH_PROVIDER_UNKNOWN');
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/v1/auth/oauth2/{provider}/authorize', () => {
  it("builds the provider's URL with the browser's state, the S256 challenge and the scopes", async () => {
    const { challenge } = pkce();
    const state = newState();
    const res = await authorize('local', {
      state,
      code_challenge: challenge,
      redirect_uri: callback('local', '/en-US'),
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().authorization_url);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sheaf',
      response_type: 'code',
      redirect_uri: callback('local', '/en-US'),
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'openid profile email',
    });
  });

  it('refuses unknown providers and redirect URIs that are not the site callback', async () => {
    const good = { state: newState(), code_challenge: pkce().challenge };
    const unknown = await authorize('nope', { ...good, redirect_uri: callback('nope') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'OAUTH_PROVIDER_UNKNOWN',
      message: 'Unknown sign-in provider "nope"',
    });
    for (const redirect of [
      'https://evil.example/auth/callback?provider=local',
      callback('github'),
      `${SITE}/auth/login?provider=local`,
      'not a url',
    ]) {
      const res = await authorize('local', { ...good, redirect_uri: redirect });
      expect(res.statusCode, redirect).toBe(400);
      expect(res.json().code).toBe('OAUTH_REDIRECT_URI_INVALID');
    }
    const weak = await authorize('local', {
      state: 'short',
      code_challenge: 'plain',
      redirect_uri: callback('local'),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 502 OAUTH_PROVIDER_UNAVAILABLE when the provider cannot be reached', async () => {
    const res = await authorize('down', {
      state: newState(),
      code_challenge: pkce().challenge,
      redirect_uri: callback('down'),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'OAUTH_PROVIDER_UNAVAILABLE',
      message: 'Down ID could not be reached or gave an unexpected answer; try again later',
    });
  });
});
