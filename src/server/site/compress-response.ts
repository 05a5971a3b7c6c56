import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

export const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|ld\+json))/;

function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepts = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return undefined;
}

function headerValue(headers: OutgoingHttpHeaders | undefined, res: ServerResponse, name: string) {
  const fromArgs = headers
    ? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1]
    : undefined;
  return String(fromArgs ?? res.getHeader(name) ?? '');
}

/**
 * Compresses what Astro's SSR handler writes to a raw Node response (HTML, XML, JSON), keeping
 * it streamed: every write is flushed through the compressor. Other responses pass untouched.
 */
export function compressResponse(res: ServerResponse, acceptEncoding: string | undefined): void {
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding) return;
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    headers?: OutgoingHttpHeaders,
  ) => ServerResponse;
  let compressor: Transform | undefined;

  res.writeHead = (status: number, ...rest: unknown[]) => {
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null);
    const type = headerValue(headers, res, 'content-type');
    const already = headerValue(headers, res, 'content-encoding');
    if (COMPRESSIBLE.test(type) && !already && status !== 204 && status !== 304) {
      compressor =
        encoding === 'br'
          ? createBrotliCompress({
              flush: constants.BROTLI_OPERATION_FLUSH,
              params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
            })
          : createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 });
      compressor.on('data', (chunk: Buffer) => write(chunk));
      compressor.on('end', () => end());
      const next: OutgoingHttpHeaders = { ...headers };
      for (const key of Object.keys(next)) {
        if (key.toLowerCase() === 'content-length') delete next[key];
      }
      res.removeHeader('content-length');
      next['content-encoding'] = encoding;
      const vary = headerValue(headers, res, 'vary');
      for (const key of Object.keys(next)) if (key.toLowerCase() === 'vary') delete next[key];
      res.removeHeader('vary');
      next['vary'] = vary ? `${vary}, accept-encoding` : 'accept-encoding';
      return writeHead(status, next);
    }
    return writeHead(status, headers);
  };

  res.write = ((chunk: unknown) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    return compressor ? compressor.write(chunk) : write(chunk);
  }) as typeof res.write;

  res.end = ((chunk?: unknown) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!compressor) return end(typeof chunk === 'function' ? undefined : chunk);
    if (chunk !== undefined && typeof chunk !== 'function') compressor.write(chunk);
    compressor.end();
    return res;
  }) as typeof res.end;
}
