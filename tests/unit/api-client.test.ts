// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { freshBrowserEachTest } from '../support/browser.ts';
import { installFakeFetch, json, type SentRequest } from '../support/fake-fetch.ts';
import { keysToCamel } from '../../src/lib/case.ts';
import type { User } from '../../src/lib/api/types.ts';
import { wireUser as user } from '../support/wire.ts';

/** Fresh modules per test: the store, the client and the caches keep module state. */
async function load() {
  vi.resetModules();
  const store = await import('../../src/stores/auth.ts');
  const client = await import('../../src/lib/api/client.ts');
  const authApi = await import('../../src/lib/api/auth.ts');
  const usersApi = await import('../../src/lib/api/users.ts');
  return { ...store, ...client, authApi, usersApi };
}

/** Signs in with a token that expires `secondsLeft` seconds from now. */
function signIn(m: Awaited<ReturnType<typeof load>>, secondsLeft: number, token = 'old-token') {
  m.setSession({
    user: m.$auth.get().user ?? camelUser(),
    accessToken: token,
    expiresIn: secondsLeft,
  });
}
const camelUser = () => keysToCamel<User>(user);

const bearer = (r: SentRequest) => r.headers.get('authorization');

freshBrowserEachTest();

describe('the API client', () => {
  it("sends JSON with snake_case keys and cookies to the page's origin, answers camelCase", async () => {
    const m = await load();
    const { requests } = installFakeFetch(() =>
      json(200, { users: [{ ...user, email: undefined }], total: 1, offset: 0, limit: 20 }),
    );
    const page = await m.usersApi.searchUsers({ query: 'ad', offset: 0, limit: 20 });
    expect(page.users[0]?.isVerified).toBe(false);
    expect(page.users[0]?.createdAt).toBe(user.created_at);
    const sent = requests[0]!;
    expect(sent.url.origin).toBe(window.location.origin);
    expect(sent.url.pathname).toBe('/api/v1/users');
    expect(sent.url.searchParams.get('query')).toBe('ad');
    expect(sent.credentials).toBe('include');

    signIn(m, 900);
    const second = installFakeFetch(() => new Response(null, { status: 204 }));
    await m.apiRequest('/users/me/password', {
      method: 'PUT',
      body: { currentPassword: 'a', newPassword: 'b' },
    });
    expect(second.requests[0]!.body).toEqual({ current_password: 'a', new_password: 'b' });
    expect(second.requests[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('sends the bearer token on authenticated calls, never on register, login or refresh', async () => {
    const m = await load();
    const session = { user, access_token: 'new-token', expires_in: 900 };
    const { requests } = installFakeFetch((r) =>
      r.url.pathname.endsWith('/users/me') ? json(200, { user }) : json(200, session),
    );
    signIn(m, 900, 'stored-token');
    await m.authApi.login({ identifier: 'ada', password: 'secret' });
    await m.authApi.register({ username: 'ada', email: 'ada@example.com', password: 'secret' });
    await m.authApi.refresh();
    await m.usersApi.getMe();
    expect(requests.map((r) => [r.url.pathname, bearer(r)])).toEqual([
      ['/api/v1/auth/login', null],
      ['/api/v1/auth/register', null],
      ['/api/v1/auth/refresh', null],
      ['/api/v1/users/me', 'Bearer stored-token'],
    ]);
    expect(requests[1]!.body).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret',
      nickname: 'ada',
    });
  });

  it('refreshes first when the token expires within 20 seconds', async () => {
    const m = await load();
    const { requests } = installFakeFetch((r) =>
      r.url.pathname.endsWith('/auth/refresh')
        ? json(200, { access_token: 'fresh-token', expires_in: 900 })
        : json(200, { user }),
    );
    signIn(m, 19);
    await m.usersApi.getMe();
    expect(requests.map((r) => [r.url.pathname, bearer(r)])).toEqual([
      ['/api/v1/auth/refresh', null],
      ['/api/v1/users/me', 'Bearer fresh-token'],
    ]);
    expect(m.$auth.get().token).toBe('fresh-token');
  });

  it('does not refresh when the token has more than 20 seconds left', async () => {
    const m = await load();
    const { requests } = installFakeFetch(() => json(200, { user }));
    signIn(m, 21);
    await m.usersApi.getMe();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/v1/users/me']);
  });

  it('parallel calls share one refresh', async () => {
    const m = await load();
    const { requests } = installFakeFetch((r) =>
      r.url.pathname.endsWith('/auth/refresh')
        ? json(200, { access_token: 'fresh-token', expires_in: 900 })
        : json(200, { user }),
    );
    signIn(m, 5);
    await Promise.all([m.usersApi.getMe(), m.usersApi.getMe(), m.usersApi.getMe()]);
    expect(requests.filter((r) => r.url.pathname.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it("a failed pre-request refresh: 'Failed to refresh token before request', auth cleared", async () => {
    const m = await load();
    const { requests } = installFakeFetch(() => new Response(null, { status: 503 }));
    signIn(m, 10);
    const error = await m.usersApi.getMe().catch((e: unknown) => e);
    expect((error as Error).message).toBe('Failed to refresh token before request');
    expect(m.$auth.get()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/v1/auth/refresh']);
  });

  it('a 401 on an authenticated call clears auth', async () => {
    const m = await load();
    installFakeFetch(() =>
      json(401, { message: 'Token expired', code: 'TOKEN_EXPIRED', details: null }),
    );
    signIn(m, 900);
    expect(m.$auth.get().isAuthenticated).toBe(true);
    const error = await m.usersApi.getMe().catch((e: unknown) => e);
    expect((error as Error).message).toBe('Token expired');
    expect(m.$auth.get()).toMatchObject({ token: null, isAuthenticated: false });
    expect(JSON.parse(localStorage.getItem('auth-store')!)).toMatchObject({ token: null });
  });

  it('a 401 from login (no token sent) leaves a stored session alone', async () => {
    const m = await load();
    installFakeFetch(() =>
      json(401, { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS', details: null }),
    );
    signIn(m, 900);
    await m.authApi.login({ identifier: 'ada', password: 'x' }).catch(() => {});
    expect(m.$auth.get().token).toBe('old-token');
  });
});
