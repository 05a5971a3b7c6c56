import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  COMPRESSIBLE,
  compressBody,
  negotiateEncoding,
  varyOnEncoding,
} from '../lib/content-encoding.ts';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const THRESHOLD = 1024;

async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) {
    return payload;
  }
  // Measured, not copied: a client that asks for no compression gets the string as it is.
  if (Buffer.byteLength(payload) < THRESHOLD) return payload;
  void reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  void reply.header('content-encoding', encoding).removeHeader('content-length');
  return compressBody(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
}

/**
 * Compresses the API's JSON and text answers by negotiation (zstd, br, gzip; q=0 honoured, Vary:
 * Accept-Encoding) in one call each, sent in one write with their length. Routes declared with
 * `compress: false` (downloads) are left alone. Streamed answers and compressed request bodies
 * are @fastify/compress's, registered after this (it skips an answer already encoded here): its
 * own path turns every answer into a stream piped through a compressor and sent in chunks,
 * which cost a JSON detail more CPU than reading the dataset (docs/performance.md,
 * "Compression").
 */
export function compressAnswers(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    if (route.compress === false) return;
    const before = route.onSend === undefined ? [] : [route.onSend].flat();
    route.onSend = [...before, compressAnswer];
  });
}
