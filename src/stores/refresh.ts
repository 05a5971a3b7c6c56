/**
 * The background token refresh scheduler and its `$refreshState` (shown on the debug page).
 * While a token exists it refreshes every 10 minutes (earlier if the token would expire first,
 * never sooner than 30 s apart); a failure schedules a retry after 30 s; after 3 consecutive
 * failures auth is cleared; it stops when the token is gone. The auth store starts it
 * (`initAuth`, `setSession`) and hands it its dependencies, so this module imports no store.
 */
import { atom, type ReadableAtom } from 'nanostores';
import {
  PRE_REQUEST_REFRESH_THRESHOLD_MS,
  REFRESH_MAX_FAILURES,
  REFRESH_RETRY_DELAY_MS,
  TOKEN_REFRESH_INTERVAL_MS,
} from '../lib/constants.ts';

export type RefreshState = {
  /** When the last refresh attempt finished (epoch ms). */
  lastRefreshAt: number | null;
  lastResult: 'ok' | 'failed' | null;
  lastError: string | null;
  consecutiveFailures: number;
  /** When the next refresh is due (epoch ms), null while stopped. */
  nextRunAt: number | null;
};

/** Before the scheduler has run (also what the server renders). */
export const NO_REFRESH_YET: RefreshState = {
  lastRefreshAt: null,
  lastResult: null,
  lastError: null,
  consecutiveFailures: 0,
  nextRunAt: null,
};

export const $refreshState = atom<RefreshState>(NO_REFRESH_YET);

export type RefreshSchedulerDeps = {
  $auth: ReadableAtom<{ token: string | null; tokenExpiresAt: number | null }>;
  /** Refreshes the token; clears auth itself when the server rejects the refresh token. */
  refresh: () => Promise<unknown>;
  clear: () => void;
};

const patch = (change: Partial<RefreshState>) =>
  $refreshState.set({ ...$refreshState.get(), ...change });

/** Time until the next refresh: the interval, or just before the token expires if sooner. */
function delayUntilRefresh(expiresAt: number | null): number {
  if (expiresAt === null) return TOKEN_REFRESH_INTERVAL_MS;
  const beforeExpiry = expiresAt - Date.now() - PRE_REQUEST_REFRESH_THRESHOLD_MS;
  return Math.min(TOKEN_REFRESH_INTERVAL_MS, Math.max(REFRESH_RETRY_DELAY_MS, beforeExpiry));
}

/** Starts the scheduler; returns a function that stops it. */
export function startRefreshScheduler({ $auth, refresh, clear }: RefreshSchedulerDeps): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let token: string | null = null;
  let failures = 0;

  function cancel(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    patch({ nextRunAt: null });
  }

  function schedule(delay: number): void {
    cancel();
    timer = setTimeout(() => void run(), delay);
    patch({ nextRunAt: Date.now() + delay });
  }

  async function run(): Promise<void> {
    timer = undefined;
    patch({ nextRunAt: null });
    const started = $auth.get().token;
    try {
      await refresh();
      failures = 0;
      patch({
        lastRefreshAt: Date.now(),
        lastResult: 'ok',
        lastError: null,
        consecutiveFailures: 0,
      });
      // A new token has already rescheduled through the subscription below.
      if (timer === undefined && $auth.get().token) {
        schedule(delayUntilRefresh($auth.get().tokenExpiresAt));
      }
    } catch (error) {
      failures += 1;
      patch({
        lastRefreshAt: Date.now(),
        lastResult: 'failed',
        lastError: error instanceof Error ? error.message : String(error),
        consecutiveFailures: failures,
      });
      // Signed out (a rejected refresh token clears auth) or a new token came from elsewhere.
      if ($auth.get().token !== started) return;
      if (failures >= REFRESH_MAX_FAILURES) clear();
      else schedule(REFRESH_RETRY_DELAY_MS);
    }
  }

  const unsubscribe = $auth.subscribe(({ token: next, tokenExpiresAt }) => {
    if (next === token) return;
    token = next;
    if (!next) {
      cancel();
      return;
    }
    failures = 0;
    patch({ consecutiveFailures: 0 });
    schedule(delayUntilRefresh(tokenExpiresAt));
  });

  return () => {
    unsubscribe();
    cancel();
  };
}
