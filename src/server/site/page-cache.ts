import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import {
  COMPRESSIBLE,
  compressSync,
  negotiateEncoding,
  type ContentEncoding,
} from '../lib/content-encoding.ts';

/** A rendered page kept for the next visitors: what Astro wrote, uncompressed. */
export type CachedPage = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The body in each encoding asked for so far. */
  encoded?: Partial<Record<ContentEncoding, Buffer>>;
};

/**
 * Headers that describe one transfer, not the page; never replayed from the cache. HSTS goes
 * only with a request that came over https (app.ts), and every request sets its own.
 */
const PER_TRANSFER = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'strict-transport-security',
]);

export type PageCacheOptions = { ttlMs: number; maxBytes: number };

/** The server's setting: five seconds, at most 64 MB of pages. */
export const PAGE_CACHE: PageCacheOptions = { ttlMs: 5_000, maxBytes: 64 * 1024 * 1024 };

/**
 * A short micro-cache of server-rendered pages. Every page is rendered as a guest sees it (the
 * session lives in the browser), so one rendering serves every visitor of the same URL until
 * the cache is cleared by a write through the API or the entry ages out (`ttlMs`, a few
 * seconds, for counters that change without a write, such as downloads). A page is kept only
 * when it answered 200 and set no cookie of its own. See docs/performance.md.
 */
export function createPageCache({ ttlMs, maxBytes }: PageCacheOptions) {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.body.length + 512,
    ttl: ttlMs,
  });
  let generation = 0;

  return {
    get: (key: string) => pages.get(key),

    /** Drops every page (after any write: a dataset made private disappears at once). */
    invalidate: () => {
      generation++;
      pages.clear();
    },

    /**
     * Records what the page handler writes to `res` and keeps it under `key` when it is
     * cacheable. Install after any compressor so the chunks seen here are the page's own bytes.
     * `ownCookie` is the Set-Cookie this server added before rendering (the locale cookie).
     */
    capture(res: ServerResponse, key: string, ownCookie: unknown): void {
      const started = generation;
      const chunks: Buffer[] = [];
      let headerArgs: OutgoingHttpHeaders = {};
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      const record = (chunk: unknown) => {
        if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
        else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      };
      res.writeHead = (status: number, ...rest: unknown[]) => {
        const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && !!r);
        if (headers) headerArgs = headers;
        return writeHead(status, ...rest);
      };
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        record(chunk);
        return write(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (typeof chunk !== 'function') record(chunk);
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries({ ...res.getHeaders(), ...headerArgs })) {
          const lower = name.toLowerCase();
          if (!PER_TRANSFER.has(lower) && value !== undefined) headers[lower] = value;
        }
        const cookie = headers['set-cookie'];
        const ownCookieOnly = cookie === undefined || String(cookie) === String(ownCookie);
        delete headers['set-cookie'];
        if (res.statusCode === 200 && ownCookieOnly && started === generation) {
          pages.set(key, { status: 200, headers, body: Buffer.concat(chunks) });
        }
        return end(chunk, ...rest);
      }) as typeof res.end;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The cached page's body in the best encoding the client accepts (compressed once, kept). */
export function encodedBody(
  page: CachedPage,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; encoding?: ContentEncoding } {
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding || !COMPRESSIBLE.test(String(page.headers['content-type'] ?? ''))) {
    return { body: page.body };
  }
  page.encoded ??= {};
  const body = (page.encoded[encoding] ??= compressSync(page.body, encoding));
  return { body, encoding };
}
