import { Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { payloadTooLarge } from '../errors.ts';

/**
 * A request body held to `limitBytes`, lower than the app-wide limit: a declared
 * Content-Length over it is refused at once (413), and a body that turns out longer fails
 * as it passes the limit, before it is all buffered.
 */
export function limitBody(
  request: FastifyRequest,
  payload: Readable,
  limitBytes: number,
): Readable {
  if (Number(request.headers['content-length'] ?? 0) > limitBytes) {
    throw payloadTooLarge(limitBytes);
  }
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limitBytes ? payloadTooLarge(limitBytes) : null, chunk);
    },
  });
  payload.on('error', (err) => limited.destroy(err));
  return payload.pipe(limited);
}
