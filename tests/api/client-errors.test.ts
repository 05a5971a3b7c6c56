import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../support/api.ts';

const t = suiteApp();
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

/** Sends raw bytes and reads the whole answer. */
const raw = (request: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });

const bodyOf = (answer: string): unknown =>
  JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('requests Node rejects before routing', () => {
  it('oversized headers: 431 with the error shape', async () => {
    const answer = await raw(
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.startsWith('HTTP/1.1 431')).toBe(true);
    expect(bodyOf(answer)).toEqual({
      message: 'The request headers are too large',
      code: 'HEADERS_TOO_LARGE',
      details: null,
    });
  });

  it('a URL over 16 KB: 431 with the error shape, on any call', async () => {
    const long = `?query=${'a'.repeat(17_000)}`;
    for (const url of ['/api/v1/datasets', '/api/v1/health']) {
      const answer = await raw(`GET ${url}${long} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(answer.startsWith('HTTP/1.1 431')).toBe(true);
      expect(bodyOf(answer)).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
    }
  });

  it('bad framing: 400 with the error shape', async () => {
    const answer = await raw(
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    );
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    expect(bodyOf(answer)).toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  it('a path or query whose percent-escapes are not UTF-8: 400 with the error shape', async () => {
    for (const url of [
      '/api/v1/users/1%ff',
      '/api/v1/datasets/%c3%28',
      '/api/v1/%',
      '/datasets/%e4%b8',
      '/api/v1/datasets/search?query=%ff',
      '/api/v1/datasets?query=%ED%A0%80',
      '/api/v1/users?query=ok&offset=1&limit=%',
      '/api/v1/datasets/search?query=a?b%c3%28',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        400,
        {
          message: 'Malformed URL: a percent-escape is not valid UTF-8',
          code: 'MALFORMED_REQUEST',
          details: null,
        },
      ]);
    }
  });
});
