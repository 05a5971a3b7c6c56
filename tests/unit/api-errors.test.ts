import { afterEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../../src/lib/api/auth.ts';
import { apiRequest } from '../../src/lib/api/client.ts';
import {
  ApiError,
  DEFAULT_LOGIN_ERROR,
  DEFAULT_REGISTER_ERROR,
  toApiError,
} from '../../src/lib/api/errors.ts';
import { getMe } from '../../src/lib/api/users.ts';
import { hang, installFakeFetch, json } from '../support/fake-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The ApiError a call rejects with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the error catalogue', () => {
  it("non-OK with a server body: the server's message, code and details", async () => {
    installFakeFetch(() =>
      json(409, {
        message: 'Username is taken',
        code: 'USERNAME_TAKEN',
        details: { field_name: 'username' },
      }),
    );
    const error = await failure(apiRequest('/anything'));
    expect(error.message).toBe('Username is taken');
    expect(error.status).toBe(409);
    expect(error.code).toBe('USERNAME_TAKEN');
    expect(error.details).toEqual({ fieldName: 'username' });
  });

  it("non-OK without a server body: 'HTTP {status}: {statusText}'", async () => {
    installFakeFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await failure(apiRequest('/anything'));
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.status).toBe(502);
    expect(error.code).toBe('HTTP_ERROR');
  });

  it('fills in the reason phrase when the response has no status text (HTTP/2)', async () => {
    installFakeFetch(() => new Response(null, { status: 503 }));
    expect((await failure(apiRequest('/anything'))).message).toBe('HTTP 503: Service Unavailable');
  });

  it("'Request timeout' after 30 seconds without an answer", async () => {
    vi.useFakeTimers();
    installFakeFetch(hang);
    const call = failure(apiRequest('/slow'));
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void call.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error.message).toBe('Request timeout');
    expect(error.code).toBe('TIMEOUT');
  });

  it("'Request timeout' when the caller aborts", async () => {
    installFakeFetch(hang);
    const controller = new AbortController();
    const call = failure(apiRequest('/slow', { signal: controller.signal }));
    controller.abort();
    expect((await call).message).toBe('Request timeout');
  });

  it("'Network error' when fetch itself fails", async () => {
    installFakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await failure(apiRequest('/anything'));
    expect(error.message).toBe('Network error');
    expect(error.status).toBe(0);
  });

  it("'Invalid JSON response' for an OK answer that is not JSON", async () => {
    installFakeFetch(
      () =>
        new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    expect((await failure(apiRequest('/anything'))).message).toBe('Invalid JSON response');
  });

  it("'No authentication token' for a signed-in call while signed out, without a request", async () => {
    const { requests } = installFakeFetch(() => json(200, { user: {} }));
    const error = await failure(getMe());
    expect(error.message).toBe('No authentication token');
    expect(requests).toHaveLength(0);
  });

  it("'Refresh failed: {status}' when the refresh call is refused", async () => {
    installFakeFetch(() =>
      json(401, { message: 'Refresh token revoked', code: 'REFRESH_TOKEN_REVOKED', details: null }),
    );
    const error = await failure(authApi.refresh());
    expect(error.message).toBe('Refresh failed: 401');
    expect(error.status).toBe(401);
    expect(error.code).toBe('REFRESH_TOKEN_REVOKED');
  });

  it("'No access token in response' when the refresh answer lacks one", async () => {
    installFakeFetch(() => json(200, { expires_in: 900 }));
    expect((await failure(authApi.refresh())).message).toBe('No access token in response');
  });

  it("unknown errors become 'Unknown error occurred'; service errors keep code and details", () => {
    expect(toApiError(new Error('boom')).message).toBe('Unknown error occurred');
    expect(toApiError('boom').code).toBe('UNKNOWN_ERROR');
    const wrapped = toApiError({
      message: 'Dataset name taken',
      code: 'DATASET_NAME_TAKEN',
      details: { name: 'x' },
      status: 409,
    });
    expect(wrapped).toBeInstanceOf(ApiError);
    expect(wrapped.message).toBe('Dataset name taken');
    expect(wrapped.code).toBe('DATASET_NAME_TAKEN');
    expect(wrapped.details).toEqual({ name: 'x' });
    expect(wrapped.status).toBe(409);
    const original = new ApiError('Network error', { status: 0, code: 'NETWORK_ERROR' });
    expect(toApiError(original)).toBe(original);
  });

  it('default login and register failure messages, per locale', async () => {
    expect(DEFAULT_LOGIN_ERROR['zh-CN']).toBe('登录失败，请检查用户名和密码');
    expect(DEFAULT_REGISTER_ERROR['zh-CN']).toBe('注册失败');
    expect(DEFAULT_LOGIN_ERROR['en-US']).toBe(
      'Login failed, please check your username and password',
    );
    expect(DEFAULT_REGISTER_ERROR['en-US']).toBe('Registration failed');

    installFakeFetch(() => new Response(null, { status: 500 }));
    const login = authApi.login({ identifier: 'ada', password: 'secret' });
    expect((await failure(login)).message).toBe('登录失败，请检查用户名和密码');
    const register = authApi.register(
      { username: 'ada', email: 'ada@example.com', password: 'secret-pass' },
      'en-US',
    );
    expect((await failure(register)).message).toBe('Registration failed');
  });

  it('keeps the server message for a failed login', async () => {
    installFakeFetch(() =>
      json(401, { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS', details: null }),
    );
    const error = await failure(authApi.login({ identifier: 'ada', password: 'nope' }));
    expect(error.message).toBe('Invalid credentials');
    expect(error.code).toBe('INVALID_CREDENTIALS');
  });
});
