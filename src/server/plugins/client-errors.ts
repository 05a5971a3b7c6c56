import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const KINDS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: 'Request timed out' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers are too large',
  },
};
const MALFORMED = { status: 400, code: 'MALFORMED_REQUEST', message: 'Malformed HTTP request' };

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
