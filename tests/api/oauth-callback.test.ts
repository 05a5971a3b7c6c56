import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAccounts } from '../../src/server/db/schema.ts';
import type { TestApp } from '../support/app.ts';
import { signInAtProvider } from '../support/oidc.ts';
import { callback, newState, pkce, startOauthSite, type OauthSite } from '../support/oauth-site.ts';
import { refreshCookie, signUp } from '../support/users.ts';

let t: TestApp;
let github: OauthSite['github'];
let authorize: OauthSite['authorize'];
let exchange: OauthSite['exchange'];
let signIn: OauthSite['signIn'];
let close: OauthSite['close'];
beforeAll(async () => {
  ({ t, github, authorize, exchange, signIn, close } = await startOauthSite());
});
afterAll(() => close());

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
