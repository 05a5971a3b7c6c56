import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  zstdCompress,
  zstdCompressSync,
} from 'node:zlib';

/**
 * The encodings a response is compressed in as it is sent, in the server's order of preference:
 * zstd where the browser takes it (Chrome, Edge, Firefox), at a third of brotli's CPU for the
 * same size, then brotli (Safari), then gzip (scripts; Node's fetch asks for gzip only).
 */
const LIVE = ['zstd', 'br', 'gzip'] as const;
export type ContentEncoding = (typeof LIVE)[number];
/** What files compressed by the build come in (`.br`, `.gz`). */
export const PREBUILT = ['br', 'gzip'] as const satisfies readonly ContentEncoding[];

/** What the server compresses: text, JSON, XML and feeds (not images, archives or Parquet). */
export const COMPRESSIBLE = /^(text\/|application\/(json|xml|[\w.-]+\+(json|xml))\b)/;

/** Bodies up to this size are compressed in one call on the event loop (see compressBody). */
const SYNC_LIMIT = 256 * 1024;

const negotiated = new Map<string, ContentEncoding | undefined>();

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): of those
 * `offered`, the acceptable one with the highest weight, in the offered order when equal; `q=0`
 * refuses, `*` stands for codings not named, `x-gzip` is gzip. No header: none (a client that
 * sends none may not decompress). Clients send a handful of distinct headers, so answers are
 * remembered.
 */
export function negotiateEncoding<E extends ContentEncoding = ContentEncoding>(
  header: string | string[] | undefined,
  offered: readonly E[] = LIVE as readonly ContentEncoding[] as readonly E[],
): E | undefined {
  if (!header) return undefined;
  const key = `${offered.join()} ${String(header)}`;
  if (negotiated.has(key)) return negotiated.get(key) as E | undefined;
  const weights = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(weight) ? weight : 0);
  }
  let best: E | undefined;
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  if (negotiated.size < 1000) negotiated.set(key, best);
  return best;
}

const brotliParams = (size: number) => ({
  params: {
    // Quality 4: 40 % less CPU than 5 for 7 % more bytes (docs/performance.md).
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const zstdParams = { params: { [constants.ZSTD_c_compressionLevel]: 3 } };
/** Level 3: half the CPU of level 6 for 9 % more bytes (docs/performance.md, "Compression"). */
const gzipParams = { level: 3 };

/** One body compressed on the event loop (for bodies kept and sent many times). */
export function compressSync(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'zstd') return zstdCompressSync(body, zstdParams);
  if (encoding === 'br') return brotliCompressSync(body, brotliParams(body.length));
  return gzipSync(body, gzipParams);
}

const zstdAsync = promisify(zstdCompress);
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * One response body compressed in one call. Up to 256 KB (every page and nearly every JSON
 * answer) this runs on the event loop: a dataset page of 80 KB takes 0.3 ms in zstd, 1 ms in
 * brotli, 0.6 ms in gzip there, while handing a body to libuv's thread pool cost 40–90 % more
 * CPU in all at ten concurrent requests, which a 2-core machine pays in throughput
 * (docs/performance.md, "Compression"). Larger bodies go to the pool.
 */
export async function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (body.length <= SYNC_LIMIT) return compressSync(body, encoding);
  if (encoding === 'zstd') return zstdAsync(body, zstdParams);
  if (encoding === 'br') return brotliAsync(body, brotliParams(body.length));
  return gzipAsync(body, gzipParams);
}

/** `vary` with accept-encoding added once. */
export function varyOnEncoding(vary: string | number | readonly string[] | undefined): string {
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/\baccept-encoding\b/i.test(current)) return current;
  return current ? `${current}, accept-encoding` : 'accept-encoding';
}
