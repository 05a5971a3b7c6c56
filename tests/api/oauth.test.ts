import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAccounts } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signInAtProvider, startTestOidcProvider, type TestOidcProvider } from '../support/oidc.ts';
import { refreshCookie, signUp } from '../support/users.ts';

const SITE = 'http://localhost:8080';
const callback = (provider: string, locale = '') =>
  `${SITE}${locale}/auth/callback?provider=${provider}`;

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
};
const newState = () => randomBytes(16).toString('base64url');

let idp: TestOidcProvider;
let deadIssuer: string;
let github: { url: string; close: () => Promise<void> };
let t: TestApp;

/** A stand-in for GitHub: token endpoint, /user and /user/emails, no OpenID Connect. */
async function startFakeGithub(): Promise<{ url: string; close: () => Promise<void> }> {
  const codes = new Map<string, { id: number; login: string; emails: unknown[] }>([
    [
      'good-code',
      {
        id: 4242,
        login: 'octo cat',
        emails: [
          { email: 'octo-old@example.test', primary: false, verified: true },
          { email: 'octo@example.test', primary: true, verified: true },
        ],
      },
    ],
  ]);
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/login/oauth/access_token') {
        const form = new URLSearchParams(raw);
        const user = codes.get(form.get('code') ?? '');
        // GitHub answers a bad code with 200 and an error body.
        if (!user || form.get('client_secret') !== 'gh-secret' || !form.get('code_verifier')) {
          return send(200, { error: 'bad_verification_code' });
        }
        return send(200, { access_token: `token-${user.id}`, token_type: 'bearer', scope: '' });
      }
      const user = [...codes.values()].find(
        (u) => req.headers.authorization === `Bearer token-${u.id}`,
      );
      if (!user) return send(401, { message: 'Bad credentials' });
      if (req.url === '/user') {
        return send(200, {
          id: user.id,
          login: user.login,
          name: null,
          email: null,
          avatar_url: 'https://avatars.example.test/u/4242',
        });
      }
      if (req.url === '/user/emails') return send(200, user.emails);
      return send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  idp = await startTestOidcProvider([
    {
      clientId: 'sheaf',
      clientSecret: 'sheaf-secret',
      redirectUris: [callback('local'), callback('local', '/en-US')],
    },
  ]);
  // A port that was free a moment ago: nothing answers there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadIssuer = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  github = await startFakeGithub();
  t = await createTestApp({
    OAUTH_PROVIDERS: JSON.stringify([
      {
        id: 'local',
        name: 'Local ID',
        issuer: idp.issuer,
        client_id: 'sheaf',
        client_secret: 'sheaf-secret',
      },
      { id: 'down', name: 'Down ID', issuer: deadIssuer, client_id: 'x', client_secret: 'y' },
      {
        id: 'github',
        name: 'GitHub',
        client_id: 'gh-client',
        client_secret: 'gh-secret',
        token_endpoint_auth_method: 'client_secret_post',
        scopes: 'read:user user:email',
        authorization_endpoint: `${github.url}/login/oauth/authorize`,
        token_endpoint: `${github.url}/login/oauth/access_token`,
        userinfo_endpoint: `${github.url}/user`,
        emails_endpoint: `${github.url}/user/emails`,
      },
    ]),
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await github.close();
});

const authorize = (provider: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/oauth2/${provider}/authorize?${new URLSearchParams(query).toString()}`,
  });
const exchange = (provider: string, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/oauth2/${provider}/callback`, payload });

/** The whole browser-side flow at the real provider; returns what the callback answered. */
async function signIn(login: string, options: { locale?: string; verifier?: string } = {}) {
  const { verifier, challenge } = pkce();
  const state = newState();
  const redirectUri = callback('local', options.locale);
  const res = await authorize('local', {
    state,
    code_challenge: challenge,
    redirect_uri: redirectUri,
  });
  expect(res.statusCode).toBe(200);
  const back = await signInAtProvider(res.json().authorization_url, login);
  expect(back.searchParams.get('state')).toBe(state);
  const body = {
    code: back.searchParams.get('code')!,
    code_verifier: options.verifier ?? verifier,
    redirect_uri: redirectUri,
    state,
    iss: back.searchParams.get('iss')!,
  };
  return { res: await exchange('local', body), body };
}

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

describe('POST /api/v1/auth/oauth2/{provider}/callback', () => {
  it('creates an account for a new person and signs them in like login does', async () => {
    const { res } = await signIn('alice');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      user: expect.objectContaining({
        username: 'alice',
        nickname: 'Alice Example',
        email: 'alice@example.test',
        is_verified: true,
        is_active: true,
      }),
      access_token: expect.any(String),
      expires_in: 900,
    });
    expect(refreshCookie(res)).toMatchObject({ httpOnly: true, path: '/api/v1/auth' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json().user.id).toBe(body.user.id);
    // No password: password sign-in does not work for this account.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: 'alice', password: 'any-password' },
    });
    expect(login.statusCode).toBe(401);

    const again = await signIn('alice', { locale: '/en-US' });
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json().user.id).toBe(body.user.id);
  });

  it('refuses a code used twice, and a code with the wrong verifier', async () => {
    const first = await signIn('bob');
    expect(first.res.statusCode).toBe(200);
    const replay = await exchange('local', first.body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'OAUTH_CODE_INVALID',
      message: 'The sign-in code is invalid, expired or already used; please sign in again',
    });
    expect(refreshCookie(replay)).toBeUndefined();

    const wrong = await signIn('carol', { verifier: pkce().verifier });
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.res.json().code).toBe('OAUTH_CODE_INVALID');
  });

  it('refuses a response that names another issuer', async () => {
    const { verifier, challenge } = pkce();
    const state = newState();
    const res = await authorize('local', {
      state,
      code_challenge: challenge,
      redirect_uri: callback('local'),
    });
    const back = await signInAtProvider(res.json().authorization_url, 'dave');
    const answer = await exchange('local', {
      code: back.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: callback('local'),
      state,
      iss: 'https://other-issuer.example',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('OAUTH_ISSUER_MISMATCH');
  });

  it('links to an existing account with the same e-mail when the provider verified it', async () => {
    const existing = await signUp(t.app, { username: 'erin_pw', email: 'Erin@Example.test' });
    expect(existing.user.is_verified).toBe(false);
    const { res } = await signIn('erin');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: existing.user.id,
      username: 'erin_pw',
      is_verified: true,
    });
    const [link] = await t.ctx.db
      .select({ n: count() })
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.provider, 'local'), eq(oauthAccounts.userId, existing.user.id)));
    expect(link!.n).toBe(1);
  });

  it('does not link by an unverified e-mail address', async () => {
    const existing = await signUp(t.app, { username: 'frank_pw', email: 'frank@example.test' });
    const { res } = await signIn('unverified-frank');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OAUTH_EMAIL_TAKEN');
    const links = await t.ctx.db
      .select({ n: count() })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, existing.user.id));
    expect(links[0]!.n).toBe(0);
  });

  it('creates an unverified account from an unverified e-mail, with a free username', async () => {
    await signUp(t.app, { username: 'grace', email: 'grace-pw@example.test' });
    await signUp(t.app, { username: 'Grace-2', email: 'grace-pw2@example.test' });
    const { res } = await signIn('unverified-grace');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      username: 'grace-3',
      nickname: 'Grace Example',
      email: 'grace@example.test',
      is_verified: false,
    });
  });

  it('keeps a nickname from the provider within the nickname rules', async () => {
    const rtl = (await signIn('rtl-ivan')).res;
    expect(rtl.statusCode).toBe(200);
    expect(rtl.json().user).toMatchObject({ username: 'ivan', nickname: 'Ivan Example' });
    const invisible = (await signIn('invisible-judy')).res;
    expect(invisible.statusCode).toBe(200);
    expect(invisible.json().user).toMatchObject({ username: 'judy', nickname: 'judy' });
  });

  it('refuses a provider account without an e-mail address', async () => {
    const { res } = await signIn('noemail-heidi');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OAUTH_EMAIL_REQUIRED');
  });

  it('signs in through a GitHub-style provider with user and e-mail endpoints', async () => {
    const { verifier, challenge } = pkce();
    const state = newState();
    const authorizeRes = await authorize('github', {
      state,
      code_challenge: challenge,
      redirect_uri: callback('github'),
    });
    expect(authorizeRes.statusCode).toBe(200);
    const url = new URL(authorizeRes.json().authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(url.searchParams.get('scope')).toBe('read:user user:email');

    const payload = {
      code: 'good-code',
      code_verifier: verifier,
      redirect_uri: callback('github'),
      state,
    };
    const res = await exchange('github', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      username: 'octo-cat',
      nickname: 'octo-cat',
      email: 'octo@example.test',
      is_verified: true,
      avatar: 'https://avatars.example.test/u/4242',
    });
    const bad = await exchange('github', { ...payload, code: 'unknown-code' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('OAUTH_CODE_INVALID');
  });
});
