/**
 * Authentication state and actions. `$auth` {user, token, tokenExpiresAt, isAuthenticated}
 * persists in localStorage under 'auth-store' (shared across tabs); `$authStatus` {isLoading,
 * error} is per page. Actions: initAuth (once per page), login, register, logout, clearAuth,
 * setSession, updateUser, refreshAccessToken. The store registers itself with the API client
 * (lib/api/session.ts) and starts the refresh scheduler (stores/refresh.ts) in the browser.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import * as authApi from '../lib/api/auth.ts';
import { noTokenError, toApiError } from '../lib/api/errors.ts';
import { registerSession } from '../lib/api/session.ts';
import type { AuthSession, User } from '../lib/api/types.ts';
import { getMe } from '../lib/api/users.ts';
import { clearAllCaches } from '../lib/cache.ts';
import { AUTH_STORE_KEY, REFRESH_LOCK_NAME } from '../lib/constants.ts';
import { withTabLock } from '../lib/tab-lock.ts';
import { startRefreshScheduler } from './refresh.ts';
import { watchSessionEnd } from './session-end.ts';

export type AuthState = {
  user: User | null;
  token: string | null;
  /** Access-token expiry, epoch ms; null when unknown. */
  tokenExpiresAt: number | null;
  isAuthenticated: boolean;
};
export type AuthStatus = { isLoading: boolean; error: string | null };

const SIGNED_OUT: AuthState = {
  user: null,
  token: null,
  tokenExpiresAt: null,
  isAuthenticated: false,
};

/** Reads a stored state; anything unreadable counts as signed out. */
function decode(raw: string): AuthState {
  try {
    const stored = JSON.parse(raw) as Partial<AuthState> | null;
    const token = typeof stored?.token === 'string' && stored.token ? stored.token : null;
    if (!token) return SIGNED_OUT;
    return {
      user: typeof stored?.user === 'object' ? stored.user : null,
      token,
      tokenExpiresAt: typeof stored?.tokenExpiresAt === 'number' ? stored.tokenExpiresAt : null,
      isAuthenticated: true,
    };
  } catch {
    return SIGNED_OUT;
  }
}

export const $auth = persistentAtom<AuthState>(AUTH_STORE_KEY, SIGNED_OUT, {
  encode: JSON.stringify,
  decode,
});

export const $authStatus = atom<AuthStatus>({ isLoading: false, error: null });

const expiryOf = (expiresInSeconds: number): number | null =>
  expiresInSeconds > 0 ? Date.now() + expiresInSeconds * 1000 : null;

/** Signs out locally: forgets user, token and expiry, and empties the caches. */
export function clearAuth(): void {
  $auth.set(SIGNED_OUT);
  clearAllCaches();
}

/** Starts a session from a login, register or OAuth2 answer (expiry = now + expiresIn). */
export function setSession(session: AuthSession): void {
  clearAllCaches();
  $auth.set({
    user: session.user,
    token: session.accessToken,
    tokenExpiresAt: expiryOf(session.expiresIn),
    isAuthenticated: true,
  });
  startScheduler();
}

/** Replaces the signed-in user (after a profile update); ignored when signed out. */
export function updateUser(user: User): void {
  const state = $auth.get();
  if (state.token) $auth.set({ ...state, user });
}

let refreshing: Promise<string> | null = null;

/** The session as the last tab wrote it (it may have refreshed or signed out since). */
function storedAuth(): AuthState {
  try {
    return decode(localStorage.getItem(AUTH_STORE_KEY) ?? 'null');
  } catch {
    return $auth.get();
  }
}

async function refreshOnce(started: string): Promise<string> {
  // Another tab may have refreshed or signed out while this one waited for the lock: its
  // refresh cookie is spent, and sending it again would end the session as a reuse.
  const stored = storedAuth();
  if (stored.token !== started) {
    if (!stored.token) {
      clearAuth();
      throw noTokenError();
    }
    $auth.set(stored);
    return stored.token;
  }
  try {
    const { accessToken, expiresIn } = await authApi.refresh();
    const state = $auth.get();
    // Signed out while the call was in flight: do not bring the session back.
    if (!state.token) throw noTokenError();
    $auth.set({ ...state, token: accessToken, tokenExpiresAt: expiryOf(expiresIn) });
    return accessToken;
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 401 || apiError.status === 403) clearAuth();
    throw apiError;
  }
}

function runRefresh(): Promise<string> {
  const started = $auth.get().token;
  if (!started) return Promise.reject(noTokenError());
  return withTabLock(REFRESH_LOCK_NAME, () => refreshOnce(started));
}

/**
 * Gets a new access token with the refresh cookie. Concurrent callers share one call, and tabs
 * take turns: a tab that waited takes the token another tab got meanwhile instead of spending
 * the cookie again (the refresh token rotates, so two refreshes with one cookie would revoke
 * the session). A rejected refresh token (401/403) clears auth.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

registerSession({
  token: () => $auth.get().token,
  expiresAt: () => $auth.get().tokenExpiresAt,
  refresh: refreshAccessToken,
  clear: clearAuth,
});

// From the first moment, so that a session ending during the page's first requests is noticed.
if (typeof window !== 'undefined') watchSessionEnd($auth);

let stopScheduler: (() => void) | undefined;

function startScheduler(): void {
  if (stopScheduler || typeof window === 'undefined') return;
  stopScheduler = startRefreshScheduler({ $auth, refresh: refreshAccessToken, clear: clearAuth });
}

let initialised: Promise<void> | undefined;

async function initialise(): Promise<void> {
  startScheduler();
  if (!$auth.get().token) return;
  $authStatus.set({ isLoading: true, error: null });
  try {
    updateUser(await getMe());
    $authStatus.set({ isLoading: false, error: null });
  } catch (error) {
    const apiError = toApiError(error);
    const rejected = apiError.status === 401 || apiError.status === 403;
    if (rejected) clearAuth();
    $authStatus.set({ isLoading: false, error: rejected ? null : apiError.message });
  }
}

/**
 * Runs once per page (later calls return the same promise): starts the refresh scheduler and,
 * if a token is stored, fetches the current user. A 401 or 403 clears auth; other errors keep
 * the stored state. Call it from an island's effect, never during SSR.
 */
export function initAuth(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  initialised ??= initialise();
  return initialised;
}

async function tracked<T>(action: () => Promise<T>): Promise<T> {
  $authStatus.set({ isLoading: true, error: null });
  try {
    const result = await action();
    $authStatus.set({ isLoading: false, error: null });
    return result;
  } catch (error) {
    const apiError = toApiError(error);
    $authStatus.set({ isLoading: false, error: apiError.message });
    throw apiError;
  }
}

/**
 * Starts a session from the refresh cookie alone, for a visitor who signed in on a static host's
 * page and arrives at the Node origin, whose local storage is its own (lib/site-origin.ts).
 */
export function resumeSession(): Promise<User> {
  return tracked(async () => {
    const { accessToken, expiresIn } = await authApi.refresh();
    clearAllCaches();
    $auth.set({
      user: null,
      token: accessToken,
      tokenExpiresAt: expiryOf(expiresIn),
      isAuthenticated: true,
    });
    try {
      const user = await getMe();
      updateUser(user);
      startScheduler();
      return user;
    } catch (error) {
      clearAuth();
      throw error;
    }
  });
}

/** Signs in with a username or e-mail address; rejects with ApiError (also in $authStatus). */
export function login(identifier: string, password: string): Promise<User> {
  return tracked(async () => {
    const session = await authApi.login({ identifier, password });
    setSession(session);
    return session.user;
  });
}

/** Creates an account (nickname = username) and signs in. */
export function register(input: { username: string; email: string; password: string }) {
  return tracked(async () => {
    const session = await authApi.register(input);
    setSession(session);
    return session.user;
  });
}

/** Signs out on the server (best effort) and always locally. */
export async function logout(): Promise<void> {
  try {
    // After any refresh under way in another tab, whose new token would outlive the sign-out.
    await withTabLock(REFRESH_LOCK_NAME, () => authApi.logout());
  } catch {
    // The local sign-out below happens whatever the server said.
  } finally {
    clearAuth();
  }
}
