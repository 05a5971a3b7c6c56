/**
 * Sending a large body with upload progress. fetch reports no upload progress, so this one call
 * path uses XMLHttpRequest, with the same contract as `apiRequest`: the API base, cookies, the
 * bearer token (refreshed first when it expires within 20 s; a 401 clears auth), snake_case
 * query keys, a camelCased answer and the error catalogue. The 30 s request timeout is
 * applied to silence: the call fails with 'Request timeout' when 30 s pass without any progress
 * (a large upload may take longer in all; see docs/browser-client.md).
 */
import { keysToCamel, keysToSnake } from '../case.ts';
import { API_PREFIX, REQUEST_TIMEOUT_MS } from '../constants.ts';
import { apiBase, bearerToken } from './client.ts';
import { httpError, invalidJsonError, networkError, timeoutError } from './errors.ts';
import { currentSession } from './session.ts';

export type UploadProgress = {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send in all, when known. */
  total: number | null;
};

export type UploadOptions = {
  method?: 'POST' | 'PUT';
  /** Query parameters, camelCase keys (converted); undefined values are left out, lists repeated. */
  query?: Record<string, unknown>;
  /** Sent as is. */
  body: Blob | string;
  contentType: string;
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it fails the call with 'Request timeout'. */
  signal?: AbortSignal;
  /** Headers sent besides the client's own (a publish's `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/** `?a=1&tags=x&tags=y` from a camelCase query (empty string when nothing is set). */
function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(keysToSnake<Record<string, unknown>>(query))) {
    if (value === undefined || value === null) continue;
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** Sends `body` to `API_PREFIX + path`; resolves with the camelCased answer, rejects with ApiError. */
export async function uploadRequest<T>(path: string, options: UploadOptions): Promise<T> {
  const token = await bearerToken('required', true);
  const url = `${apiBase()}${API_PREFIX}${path}${queryString(options.query)}`;

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = () => {
      xhr.abort();
      finish(() => reject(timeoutError(options.signal?.reason)));
    };
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        finish(() => reject(timeoutError()));
      }, REQUEST_TIMEOUT_MS);
    };

    xhr.open(options.method ?? 'POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', options.contentType);
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      xhr.setRequestHeader(name, value);
    }
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      restartTimer();
      options.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : null,
      });
    };
    xhr.upload.onload = restartTimer;
    xhr.onprogress = restartTimer;
    xhr.onerror = () => finish(() => reject(networkError()));
    xhr.onload = () =>
      finish(() => {
        const body = parse(xhr.responseText);
        if (xhr.status < 200 || xhr.status >= 300) {
          if (xhr.status === 401 && token) currentSession().clear();
          reject(httpError(xhr.status, xhr.statusText, body.ok ? keysToCamel(body.value) : null));
          return;
        }
        if (!body.ok) reject(invalidJsonError(xhr.status));
        else resolve(keysToCamel<T>(body.value));
      });

    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    restartTimer();
    xhr.send(options.body);
  });
}
