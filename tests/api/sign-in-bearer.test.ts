import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

/**
 * Registering, signing in (with a password or OAuth2) and refreshing are sent without auth and
 * never read `Authorization`: a stale one left in a script's headers (a revoked or read-only API
 * token, an access token that is no longer valid) does not stop them, as it does not stop
 * signing out.
 */

const t = suiteApp();
let person: SignedUp;
const stale: Record<string, string> = {};

beforeAll(async () => {
  person = await signUp(t.app);
  const token = async (scope: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: person.auth,
        payload: { name: scope, scope },
      })
    ).json<{ id: number; token: string }>();
  const revoked = await token('write');
  await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/tokens/${revoked.id}`,
    headers: person.auth,
  });
  stale['revoked API token'] = revoked.token;
  stale['read-only API token'] = (await token('read')).token;
  stale['broken access token'] = 'not.a.token';
});

const post = (url: string, bearer: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/${url}`,
    headers: { authorization: `Bearer ${bearer}` },
    payload,
  });

describe('a stale Authorization header beside', () => {
  it('a sign-in, a registration and a refresh is not read', async () => {
    for (const [what, bearer] of Object.entries(stale)) {
      const login = await post('login', bearer, {
        identifier: person.user.username,
        password: person.password,
      });
      expect(login.statusCode, what).toBe(200);
      const refreshToken = login.cookies.find((c) => c.name === 'refresh_token')!.value;
      const refreshed = await post('refresh', bearer, { refresh_token: refreshToken });
      expect(refreshed.statusCode, what).toBe(200);
      const name = `p${Object.keys(stale).indexOf(what)}${person.user.id}`;
      const register = await post('register', bearer, {
        username: name,
        email: `${name}@example.com`,
        password: 'a long enough secret',
        nickname: name,
      });
      expect(register.statusCode, what).toBe(201);
      const providers = await t.app.inject({
        url: '/api/v1/auth/oauth2/providers',
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(providers.statusCode, what).toBe(200);
      const callback = await post('oauth2/github/callback', bearer, {});
      expect(callback.json().code, what).toBe('VALIDATION_ERROR');
    }
  });

  it('is not asked for by the OpenAPI document', async () => {
    type Doc = { paths: Record<string, { post: { security: unknown[]; responses: object } }> };
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json<Doc>();
    for (const call of ['register', 'login', 'refresh', 'logout', 'oauth2/{provider}/callback']) {
      expect(doc.paths[`/api/v1/auth/${call}`]!.post.security, call).toEqual([]);
    }
    expect(Object.keys(doc.paths['/api/v1/auth/register']!.post.responses)).not.toContain('401');
  });
});
