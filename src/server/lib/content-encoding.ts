import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** The response encodings the server writes, in its order of preference. */
const ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof ENCODINGS)[number];

/** What the server compresses: text, JSON, XML and feeds (not images, archives or Parquet). */
export const COMPRESSIBLE = /^(text\/|application\/(json|xml|[\w.-]+\+(json|xml))\b)/;

/** Bodies up to this size are compressed in one call on the event loop (see compressBody). */
const SYNC_LIMIT = 256 * 1024;

const negotiated = new Map<string, ContentEncoding | undefined>();

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): the acceptable
 * one with the highest weight, brotli before gzip when equal; `q=0` refuses, `*` stands for
 * codings not named, `x-gzip` is gzip. No header: none (a client that sends none may not
 * decompress). Clients send a handful of distinct headers, so answers are remembered.
 */
export function negotiateEncoding(
  header: string | string[] | undefined,
): ContentEncoding | undefined {
  if (!header) return undefined;
  const text = String(header);
  if (negotiated.has(text)) return negotiated.get(text);
  const weights = new Map<string, number>();
  for (const part of text.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | undefined;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  if (negotiated.size < 1000) negotiated.set(text, best);
  return best;
}

const brotliParams = (size: number) => ({
  params: {
    // Quality 4: 40 % less CPU than 5 for 7 % more bytes (docs/performance.md).
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** One body compressed on the event loop (for bodies kept and sent many times). */
export function compressSync(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, brotliParams(body.length))
    : gzipSync(body, { level: 6 });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * One response body compressed in one call. Up to 256 KB (every page and nearly every JSON
 * answer) this runs on the event loop: a page of 80 KB takes 0.8 ms there, while handing it to
 * libuv's thread pool cost 1.1–1.6 ms of CPU in all at ten concurrent requests, which a 2-core
 * machine pays in throughput (docs/performance.md, "Compression"). Larger bodies go to the pool.
 */
export async function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  if (body.length <= SYNC_LIMIT) return compressSync(body, encoding);
  return encoding === 'br'
    ? brotliAsync(body, brotliParams(body.length))
    : gzipAsync(body, { level: 6 });
}

/** `vary` with accept-encoding added once. */
export function varyOnEncoding(vary: string | number | readonly string[] | undefined): string {
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/\baccept-encoding\b/i.test(current)) return current;
  return current ? `${current}, accept-encoding` : 'accept-encoding';
}
