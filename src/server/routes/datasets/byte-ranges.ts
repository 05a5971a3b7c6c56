import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { PUBLIC_SHARED_CACHE } from '../../../lib/shared-cache.ts';
import { matchesIfRange, notModified } from '../../lib/entity-tags.ts';

/** A single byte range of a file of `size` bytes, inclusive at both ends. */
export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range` header (RFC 9110 §14.1.2) for a file of `size` bytes: one range
 * (`bytes=a-b`, `bytes=a-`, `bytes=-n`) → that range clamped to the file; a range wholly past
 * the end → 'unsatisfiable'; anything else (several ranges, other units, nonsense) → null,
 * which means "send the whole file", as the RFC allows a server to.
 */
function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
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

/** What `sendEntity` sends: a length, validators, caching, and bytes by range. */
export type Entity = {
  size: number;
  etag: string;
  modified: Date;
  isPublic: boolean;
  open: (start: number, end: number) => NodeJS.ReadableStream;
};

const PRIVATE_CACHE = 'private, no-store';

/**
 * Sends an entity whole or by one byte range: `Content-Length`, `Accept-Ranges`, `ETag`,
 * `Last-Modified` and `Cache-Control` always; 304 for a matching `If-None-Match` (or, without
 * one, an `If-Modified-Since` not before `Last-Modified`); 206 with
 * `Content-Range` for a satisfiable `Range` (unless `If-Range` names another tag or date); 416 for a
 * range past the end. HEAD gets the same headers without a body.
 */
export function sendEntity(request: FastifyRequest, reply: FastifyReply, entity: Entity) {
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', entity.etag)
    .header('last-modified', entity.modified.toUTCString())
    .header('cache-control', entity.isPublic ? PUBLIC_SHARED_CACHE : PRIVATE_CACHE);
  const conditions = {
    ifNoneMatch: request.headers['if-none-match'],
    ifModifiedSince: request.headers['if-modified-since'],
  };
  if (notModified(conditions, entity.etag, entity.modified)) {
    // No payload at all (not null): HEAD's own handler would fail on a null one.
    return reply.status(304).send();
  }
  const ifRange = request.headers['if-range'];
  const wanted =
    typeof ifRange !== 'string' || matchesIfRange(ifRange, entity.etag, entity.modified)
      ? parseRange(request.headers.range, entity.size)
      : null;
  if (wanted === 'unsatisfiable') {
    throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The range is outside the file', undefined, {
      'content-range': `bytes */${entity.size}`,
    });
  }
  const { start, end } = wanted ?? { start: 0, end: entity.size - 1 };
  if (wanted) reply.status(206).header('content-range', `bytes ${start}-${end}/${entity.size}`);
  reply.header('content-length', String(Math.max(0, end - start + 1)));
  if (entity.size === 0) return reply.send('');
  return reply.send(entity.open(start, end));
}
