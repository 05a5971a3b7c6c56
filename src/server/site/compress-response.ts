import { STATUS_CODES, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import {
  COMPRESSIBLE,
  compressBody,
  negotiateEncoding,
  varyOnEncoding,
} from '../lib/content-encoding.ts';

function headerValue(headers: OutgoingHttpHeaders | undefined, res: ServerResponse, name: string) {
  const fromArgs = headers
    ? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1]
    : undefined;
  return String(fromArgs ?? res.getHeader(name) ?? '');
}

/**
 * Compresses what Astro's SSR handler writes to a raw Node response (HTML, XML, JSON). A page
 * renders in a few milliseconds in many small chunks, so they are gathered, compressed once at
 * the end (`compressBody`) and sent in one write (flushing a compressor per chunk cost more CPU
 * than the rendering itself). A client that takes no compression gets the page gathered and sent
 * in one write as well: written chunk by chunk, a dataset page's hundreds of writes were 12 % of
 * its rendering's time. Other responses pass untouched.
 */
export function compressResponse(
  res: ServerResponse,
  acceptEncoding: string | string[] | undefined,
): void {
  const encoding = negotiateEncoding(acceptEncoding);
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    headers?: OutgoingHttpHeaders,
  ) => ServerResponse;
  let chunks: Buffer[] | undefined;

  res.writeHead = (status: number, ...rest: unknown[]) => {
    // A page that sets only its status (Astro.response.status = 404) keeps Response's reason
    // 'OK': the status line would read '404 OK'. Such a status gets its own reason phrase.
    if (status !== 200 && res.statusMessage === 'OK')
      res.statusMessage = STATUS_CODES[status] ?? '';
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null);
    const type = headerValue(headers, res, 'content-type');
    const already = headerValue(headers, res, 'content-encoding');
    if (COMPRESSIBLE.test(type) && !already && status !== 204 && status !== 304) {
      chunks = [];
      if (!encoding) return writeHead(status, headers);
      const next: OutgoingHttpHeaders = { ...headers };
      for (const key of Object.keys(next)) {
        if (key.toLowerCase() === 'content-length') delete next[key];
      }
      res.removeHeader('content-length');
      next['content-encoding'] = encoding;
      const vary = headerValue(headers, res, 'vary');
      for (const key of Object.keys(next)) if (key.toLowerCase() === 'vary') delete next[key];
      res.removeHeader('vary');
      next['vary'] = varyOnEncoding(vary);
      return writeHead(status, next);
    }
    return writeHead(status, headers);
  };

  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks?.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks?.push(Buffer.from(chunk));
  };

  res.write = ((chunk: unknown) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!chunks) return write(chunk);
    keep(chunk);
    return true;
  }) as typeof res.write;

  res.end = ((chunk?: unknown) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!chunks) return end(typeof chunk === 'function' ? undefined : chunk);
    if (typeof chunk !== 'function') keep(chunk);
    const body = Buffer.concat(chunks);
    chunks = [];
    if (!encoding) return end(body);
    compressBody(body, encoding).then(
      (compressed) => end(compressed),
      (err: unknown) => res.destroy(err instanceof Error ? err : new Error(String(err))),
    );
    return res;
  }) as typeof res.end;
}
