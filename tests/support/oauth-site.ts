/**
 * The OAuth2 API tests' site (tests/api/oauth-*.test.ts): an app with three sign-in providers
 * (a real OpenID Connect provider on loopback, one nothing answers for, a GitHub stand-in), and
 * the calls of the browser-side flow.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createTestApp } from './app.ts';
import { signInAtProvider, startTestOidcProvider } from './oidc.ts';

export const SITE = 'http://localhost:8080';
export const callback = (provider: string, locale = '') =>
  `${SITE}${locale}/auth/callback?provider=${provider}`;

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
};
export const newState = () => randomBytes(16).toString('base64url');

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

/**
 * Starts the providers and the app: "local" (the OpenID Connect provider), "down" (nothing
 * answers) and "github" (the stand-in).
 */
export async function startOauthSite() {
  const idp = await startTestOidcProvider([
    {
      clientId: 'sheaf',
      clientSecret: 'sheaf-secret',
      redirectUris: [callback('local'), callback('local', '/en-US')],
    },
  ]);
  // A port that was free a moment ago: nothing answers there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const deadIssuer = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const github = await startFakeGithub();
  const t = await createTestApp({
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

  const close = async () => {
    await t.close();
    await idp.close();
    await github.close();
  };
  return { t, idp, github, authorize, exchange, signIn, close };
}

export type OauthSite = Awaited<ReturnType<typeof startOauthSite>>;
