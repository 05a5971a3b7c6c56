import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/** A single byte range of a file of `size` bytes, inclusive at both ends. */
export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range` header (RFC 9110 §14.1.2) for a file of `size` bytes: one range
 * (`bytes=a-b`, `bytes=a-`, `bytes=-n`) → that range clamped to the file; a range wholly past
 * the end → 'unsatisfiable'; anything else (several ranges, other units, nonsense) → null,
 * which means "send the whole file", as the RFC allows a server to.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** A stored file to send: its path, size, modification time and entity tag. */
export type SentFile = { path: string; size: number; modified: Date; etag: string };

/**
 * Sends a file whole or by one byte range: `Accept-Ranges`, `ETag` and `Last-Modified` always;
 * 304 for a matching `If-None-Match`; 206 with `Content-Range` for a satisfiable `Range` (unless
 * an `If-Range` names another version); 416 for a range past the end.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: SentFile) {
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', file.etag)
    .header('last-modified', file.modified.toUTCString())
    .header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send(null);
  const ifRange = request.headers['if-range'];
  const wanted =
    ifRange === undefined || ifRange === file.etag
      ? parseRange(request.headers.range, file.size)
      : null;
  if (wanted === 'unsatisfiable') {
    throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The range is outside the file', undefined, {
      'content-range': `bytes */${file.size}`,
    });
  }
  const { start, end } = wanted ?? { start: 0, end: file.size - 1 };
  if (wanted) reply.status(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  reply.header('content-length', String(Math.max(0, end - start + 1)));
  if (file.size === 0) return reply.send('');
  return reply.send(createReadStream(file.path, { start, end }));
}
