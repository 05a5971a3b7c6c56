// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../support/browser.ts';
import { wireUser } from '../support/wire.ts';
import { installFakeFetch, json } from '../support/fake-fetch.ts';

beforeEach(() => {
  localStorage.clear();
  storeSession('old-token');
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('changePassword', () => {
  it('keeps this browser signed in with the fresh session the server answers', async () => {
    const auth = await import('../../src/stores/auth.ts');
    const account = await import('../../src/stores/account.ts');
    const { requests } = installFakeFetch(() =>
      json(200, { user: wireUser, access_token: 'new-token', expires_in: 900 }),
    );
    await account.changePassword('old password', 'new password 1');
    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.url.pathname).toBe('/api/v1/users/me/password');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer old-token');
    expect(requests[0]!.body).toEqual({
      current_password: 'old password',
      new_password: 'new password 1',
    });
    expect(auth.$auth.get()).toMatchObject({ token: 'new-token', isAuthenticated: true });
    expect(JSON.parse(localStorage.getItem('auth-store')!).token).toBe('new-token');
  });
});
