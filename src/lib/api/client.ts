/**
 * The one HTTP client for the API: `apiRequest(path, options)` and `apiBase()`.
 * One ofetch instance: base URL (PUBLIC_API_BASE or the page's own origin), cookies included,
 * 30 s timeout, JSON, snake_case request keys and camelCase response keys, the bearer token for
 * authenticated calls with a refresh first when it expires within 20 s, a 401 on an
 * authenticated call clears auth, and every failure mapped to the error catalogue (`ApiError`).
 */
import { FetchError, ofetch } from 'ofetch';
import { parseJsonExact } from '../big-integer.ts';
import { keysToCamel, keysToSnake } from '../case.ts';
import {
  API_PREFIX,
  DEFAULT_API_BASE,
  PRE_REQUEST_REFRESH_THRESHOLD_MS,
  REQUEST_TIMEOUT_MS,
} from '../constants.ts';
import {
  httpError,
  invalidJsonError,
  networkError,
  noTokenError,
  preRequestRefreshError,
  timeoutError,
  type ApiError,
} from './errors.ts';
import { nodeOrigin } from '../site-origin.ts';
import { currentSession } from './session.ts';
import { isRecord } from '../../contracts/narrowing.ts';

/**
 * - `optional` (default): sends the bearer token when signed in, anonymous otherwise;
 * - `required`: fails with 'No authentication token' when signed out, without a request;
 * - `none`: never sends it (register, login, refresh).
 */
export type AuthMode = 'required' | 'optional' | 'none';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters, camelCase keys (converted); undefined values are left out. */
  query?: Record<string, unknown>;
  /** JSON body with camelCase keys (converted), or anything fetch accepts with `rawBody`. */
  body?: unknown;
  auth?: AuthMode;
  /** Refresh a token that expires within 20 s before sending (default true; logout skips it). */
  preRefresh?: boolean;
  /** Send `body` unchanged (no key conversion): FormData, Blob, or a pass-through payload. */
  rawBody?: boolean;
  /**
   * `blob` for file downloads; `wire` parses JSON and keeps its keys as sent (where user data is
   * keyed by column names); the default parses JSON and camelCases its keys.
   */
  responseType?: 'json' | 'blob' | 'wire';
  /** Aborting it fails the call with 'Request timeout', like the 30 s timeout. */
  signal?: AbortSignal;
  /** The request outlives the page (`fetch`'s `keepalive`): a save sent as the page is left. */
  keepalive?: boolean;
  /** Headers sent besides the client's own (a publish's `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/**
 * The API origin: PUBLIC_API_BASE, else the Node origin a static host's page names
 * (site-origin.ts), else the page's own origin, else http://localhost:8080.
 */
export function apiBase(): string {
  const configured: unknown = import.meta.env.PUBLIC_API_BASE;
  if (typeof configured === 'string' && configured !== '') return configured.replace(/\/+$/, '');
  const origin = nodeOrigin();
  if (origin) return origin;
  if (typeof window !== 'undefined' && /^https?:/.test(window.location.origin)) {
    return window.location.origin;
  }
  return DEFAULT_API_BASE;
}

const api = ofetch.create({
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  retry: false,
  ignoreResponseError: true,
  headers: { accept: 'application/json' },
});

const INVALID_JSON = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return parseJsonExact(text);
  } catch {
    return INVALID_JSON;
  }
}

/**
 * The bearer token to send, refreshing it first when it is about to expire. Exported for the
 * upload sender (`upload.ts`), which needs XMLHttpRequest for its progress events.
 */
export async function bearerToken(auth: AuthMode, preRefresh: boolean): Promise<string | null> {
  if (auth === 'none') return null;
  const session = currentSession();
  const token = session.token();
  if (!token) {
    if (auth === 'required') throw noTokenError();
    return null;
  }
  const expiresAt = session.expiresAt();
  if (!preRefresh || expiresAt === null) return token;
  if (expiresAt - Date.now() > PRE_REQUEST_REFRESH_THRESHOLD_MS) return token;
  try {
    await session.refresh();
  } catch (error) {
    session.clear();
    throw preRequestRefreshError(error);
  }
  const fresh = session.token();
  if (!fresh) throw preRequestRefreshError();
  return fresh;
}

function hasName(value: unknown, ...names: string[]): boolean {
  const name = isRecord(value) ? value['name'] : undefined;
  return typeof name === 'string' && names.includes(name);
}

/** No response at all: an abort or timeout, or the network failed. */
function transportError(error: unknown): ApiError {
  const cause: unknown = error instanceof FetchError ? error.cause : error;
  const aborted = error instanceof FetchError && error.options?.signal?.aborted === true;
  if (aborted || hasName(cause, 'AbortError', 'TimeoutError')) return timeoutError(cause);
  return networkError(cause);
}

/** The camelCased error body of a non-OK response, if it is JSON. */
async function errorBody(data: unknown): Promise<unknown> {
  if (data instanceof Blob) return errorBody(parseJson(await data.text()));
  return data === INVALID_JSON ? undefined : keysToCamel(data);
}

/** Calls the API at `API_PREFIX + path`; resolves with the camelCased body, rejects with ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', auth = 'optional', preRefresh = true, responseType = 'json' } = options;
  const token = await bearerToken(auth, preRefresh);
  const headers: Record<string, string> = {
    ...options.headers,
    ...(token && { authorization: `Bearer ${token}` }),
  };
  const body =
    options.body === undefined || options.rawBody ? options.body : keysToSnake(options.body);

  let response;
  try {
    response = await api.raw<unknown, 'json' | 'blob'>(path, {
      baseURL: apiBase() + API_PREFIX,
      method,
      headers,
      query: options.query && keysToSnake<Record<string, unknown>>(options.query),
      body: body as BodyInit | Record<string, unknown> | undefined,
      ...(options.keepalive && { keepalive: true }),
      ...(options.signal && {
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      }),
      ...(responseType === 'blob'
        ? { responseType: 'blob' as const }
        : { parseResponse: parseJson }),
    });
  } catch (error) {
    throw transportError(error);
  }

  const data = response._data;
  if (!response.ok) {
    if (response.status === 401 && token) currentSession().clear();
    throw httpError(response.status, response.statusText, await errorBody(data));
  }
  if (data === INVALID_JSON) throw invalidJsonError(response.status);
  return (responseType === 'json' ? keysToCamel(data) : data) as T;
}
