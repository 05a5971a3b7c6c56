import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply } from 'fastify';
import type { ErrorCode } from '../../contracts/error-codes.ts';
import type { ApiErrorBody } from '../../contracts/errors.ts';

type Kind = { status: number; code: ErrorCode; message: string };

const KINDS: Record<string, Kind> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: 'Request timed out' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers are too large',
  },
};
const MALFORMED: Kind = {
  status: 400,
  code: 'MALFORMED_REQUEST',
  message: 'Malformed HTTP request',
};
/** A path's or a query string's percent-escapes that are not UTF-8 (`%ff`, `%ed%a0%80`, `%`). */
export const BAD_ESCAPE = 'Malformed URL: a percent-escape is not valid UTF-8';

/**
 * What Node's HTTP parser rejects before Fastify sees a request (oversized headers, bad framing,
 * a timeout) answers in the API's error shape `{message, code, details}`, then closes.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const kind = KINDS[err.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ message: kind.message, code: kind.code, details: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${kind.status} ${STATUS_CODES[kind.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * What Fastify refuses before routing (a path whose percent-escapes are not UTF-8, such as `%ff`
 * or a lone `%`) answers in the API's error shape too, instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_BAD_URL' ? BAD_ESCAPE : MALFORMED.message;
  void reply
    .status(error.statusCode ?? MALFORMED.status)
    .send({ message, code: MALFORMED.code, details: null } satisfies ApiErrorBody);
}
