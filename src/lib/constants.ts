/**
 * The browser's own timings, cache sizes and page sizes. Limits the server enforces too live in
 * src/contracts/limits.ts; durations are in milliseconds unless named otherwise.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The local-storage entry holding the session (the `$auth` store; read by inline scripts too). */
export const AUTH_STORE_KEY = 'auth-store';

/** How often the site checks for a newer build. */
export const BUILD_CHECK_INTERVAL_MS = 60 * MINUTE;
/** A failed code-chunk load reloads the page at most once per path within this window. */
export const RELOAD_GUARD_MS = 10_000;
/** Routes preloaded at the same time. */
export const ROUTE_PRELOAD_CONCURRENCY = 4;

/** Every API request is aborted after this long ('Request timeout'). */
export const REQUEST_TIMEOUT_MS = 30 * SECOND;
/** Background access-token refresh cadence while a token exists. */
export const TOKEN_REFRESH_INTERVAL_MS = 10 * MINUTE;
/** Delay before retrying a failed background refresh. */
export const REFRESH_RETRY_DELAY_MS = 30 * SECOND;
/** Consecutive background refresh failures after which auth is cleared. */
export const REFRESH_MAX_FAILURES = 3;
/** The lock that lets one tab at a time spend the shared refresh cookie (lib/tab-lock.ts). */
export const REFRESH_LOCK_NAME = 'sheaf:auth-refresh';
/** Before an authenticated request, refresh the token if it expires within this window. */
export const PRE_REQUEST_REFRESH_THRESHOLD_MS = 20 * SECOND;

/** User cache: 5-minute life, 100 entries. */
export const USER_CACHE_TTL_MS = 5 * MINUTE;
export const USER_CACHE_MAX = 100;
/** Dataset cache: 10-minute life, 200 entries. */
export const DATASET_CACHE_TTL_MS = 10 * MINUTE;
export const DATASET_CACHE_MAX = 200;
/** Expired cache entries are swept this often. */
export const CACHE_SWEEP_INTERVAL_MS = 60 * SECOND;

/** Default list page size (the API's `limit` default). */
export const DEFAULT_PAGE_SIZE = 20;

/** Toasts shown at once: a new toast replaces the current one. */
export const TOAST_LIMIT = 1;
/**
 * A dismissed toast stays in the store (closed, for its exit animation) this long before it is
 * removed: 1,000,000 ms, long enough never to matter (the common shadcn/ui value).
 */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** The API base when PUBLIC_API_BASE is unset and there is no page origin (SSR, tests). */
export const DEFAULT_API_BASE = 'http://localhost:8080';
/** Path prefix of every API call. */
export const API_PREFIX = '/api/v1';
