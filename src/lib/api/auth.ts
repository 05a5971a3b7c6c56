/**
 * Auth calls, one function each: register, login, refresh, logout. Register, login and refresh
 * are sent without a bearer token; refresh relies on the HttpOnly cookie. These functions do not
 * touch the auth store: use the store actions (src/stores/auth.ts) from islands.
 */
import type { Locale } from '../../i18n/locales.ts';
import { apiRequest } from './client.ts';
import {
  DEFAULT_LOGIN_ERROR,
  DEFAULT_REGISTER_ERROR,
  documentLocale,
  isApiError,
  noAccessTokenError,
  refreshFailedError,
  withDefaultMessage,
} from './errors.ts';
import type { AuthSession, LoginInput, RegisterInput, TokenRefresh } from './types.ts';

/** POST /auth/register; the nickname defaults to the username. */
export async function register(
  input: RegisterInput,
  locale: Locale = documentLocale(),
): Promise<AuthSession> {
  const body = { ...input, nickname: input.nickname ?? input.username };
  try {
    return await apiRequest<AuthSession>('/auth/register', { method: 'POST', body, auth: 'none' });
  } catch (error) {
    throw withDefaultMessage(error, DEFAULT_REGISTER_ERROR[locale]);
  }
}

/** POST /auth/login with a username or e-mail address as `identifier`. */
export async function login(
  input: LoginInput,
  locale: Locale = documentLocale(),
): Promise<AuthSession> {
  try {
    return await apiRequest<AuthSession>('/auth/login', {
      method: 'POST',
      body: input,
      auth: 'none',
    });
  } catch (error) {
    throw withDefaultMessage(error, DEFAULT_LOGIN_ERROR[locale]);
  }
}

/**
 * POST /auth/refresh with an empty body (the cookie carries the refresh token); non-browser
 * callers may pass the refresh token instead. Fails with 'Refresh failed: {status}' or
 * 'No access token in response'.
 */
export async function refresh(refreshToken?: string): Promise<TokenRefresh> {
  let answer: Partial<TokenRefresh> | undefined;
  try {
    answer = await apiRequest<Partial<TokenRefresh> | undefined>('/auth/refresh', {
      method: 'POST',
      auth: 'none',
      ...(refreshToken !== undefined && { body: { refreshToken } }),
    });
  } catch (error) {
    if (isApiError(error) && error.status >= 400) throw refreshFailedError(error.status, error);
    throw error;
  }
  const accessToken = answer?.accessToken;
  if (typeof accessToken !== 'string' || accessToken === '') throw noAccessTokenError(200);
  const expiresIn = Number(answer?.expiresIn) || 0;
  const rotated = answer?.refreshToken;
  return typeof rotated === 'string'
    ? { accessToken, expiresIn, refreshToken: rotated }
    : { accessToken, expiresIn };
}

/** POST /auth/logout: revokes the refresh token and clears its cookie. */
export async function logout(): Promise<void> {
  await apiRequest<unknown>('/auth/logout', { method: 'POST', preRefresh: false });
}
