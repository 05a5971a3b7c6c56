/**
 * What browser-side unit tests set up around the client modules: an empty localStorage and the
 * real globals back for each test, and the session an earlier page visit left behind.
 */
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For each test of the calling file or describe block: an empty localStorage before it, and
 * after it the globals it stubbed (the fake fetch among them) put back.
 */
export function freshBrowserEachTest() {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/**
 * Leaves in localStorage what an earlier visit signed in as ada (user 7) leaves: `token`, good
 * for 15 more minutes, and her `nickname` as it was then.
 */
export function storeSession(token: string, nickname = 'Ada') {
  localStorage.setItem(
    'auth-store',
    JSON.stringify({
      user: { id: 7, username: 'ada', nickname },
      token,
      tokenExpiresAt: Date.now() + 15 * 60_000,
      isAuthenticated: true,
    }),
  );
}
