/**
 * A fake `fetch` for browser-client unit tests: answers from a handler, records every request
 * (method, URL, headers, parsed body, credentials). Nothing reaches the network.
 */
import { vi } from 'vitest';

export type SentRequest = {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
  keepalive: boolean | undefined;
};

export type Handler = (request: SentRequest) => Response | Promise<Response>;

/** A JSON response. */
export function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

/** A response that never comes unless the request is aborted. */
export function hang(request: SentRequest): Promise<Response> {
  return new Promise((_, reject) => {
    if (request.signal?.aborted) reject(request.signal.reason as Error);
    request.signal?.addEventListener('abort', () => reject(request.signal?.reason as Error));
  });
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Replaces the global fetch; `requests` lists what was sent, in order. */
export function installFakeFetch(handler: Handler) {
  const requests: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: new URL(typeof input === 'string' ? input : input instanceof URL ? input : input.url),
      headers: new Headers(init.headers),
      body: parseBody(init.body),
      credentials: init.credentials,
      signal: init.signal ?? undefined,
      keepalive: init.keepalive,
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, fetch };
}
