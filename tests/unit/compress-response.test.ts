import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding, PREBUILT } from '../../src/server/lib/content-encoding.ts';
import { compressResponse } from '../../src/server/site/compress-response.ts';

const page = Array.from({ length: 200 }, (_, i) => `<p>第 ${i} 行 row ${i}</p>`);
let server: Server;
let port: number;
/** The writes that reached the Node response of the last page (under compressResponse's). */
let sent: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    sent = [];
    const write = res.write.bind(res) as (chunk: unknown) => boolean;
    const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
    res.write = ((chunk: unknown) => (sent.push('write'), write(chunk))) as typeof res.write;
    res.end = ((chunk?: unknown) => (sent.push('end'), end(chunk))) as typeof res.end;
    compressResponse(res, req.headers['accept-encoding']);
    const type = req.url === '/image' ? 'image/png' : 'text/html; charset=utf-8';
    // Astro copies its Response's statusText, 'OK' unless a page sets it with the status.
    res.statusMessage = 'OK';
    res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': type, vary: 'cookie' });
    // Written the way Astro streams a page: many small chunks.
    for (const part of page) res.write(part);
    res.end('<footer>end</footer>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding: string) {
  type Answer = { status: string; headers: Record<string, unknown>; body: Buffer };
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({
          status: `${res.statusCode} ${res.statusMessage}`,
          headers: res.headers,
          body: Buffer.concat(parts),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const expected = `${page.join('')}<footer>end</footer>`;

describe('compressed server-rendered pages', () => {
  it('sends brotli when accepted, the whole page, varying on the encoding too', async () => {
    const res = await get('/', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('cookie, accept-encoding');
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(expected);
  });

  it("names a page's status in its status line: 404 Not Found, not 404 OK", async () => {
    expect((await get('/missing', 'gzip')).status).toBe('404 Not Found');
    expect((await get('/', 'gzip')).status).toBe('200 OK');
  });

  it('sends zstd to a browser that takes it', async () => {
    const res = await get('/', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('zstd');
    expect(zstdDecompressSync(res.body).toString('utf8')).toBe(expected);
  });

  it('sends gzip to a client without brotli', async () => {
    const res = await get('/', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8')).toBe(expected);
  });

  it('sends the page as written when nothing is accepted, and never compresses images', async () => {
    const plain = await get('/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(expected);
    // Gathered and sent whole, as a compressed page is, not in its 201 pieces.
    expect(sent).toEqual(['end']);
    const refused = await get('/', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString('utf8')).toBe(expected);
    const image = await get('/image', 'br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.toString('utf8')).toBe(expected);
  });
});

describe('negotiating the encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'zstd'],
    ['zstd;q=0.5, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['BR;Q=0.9, GZIP;Q=0.9', 'br'],
    ['x-gzip', 'gzip'],
    ['*', 'zstd'],
    ['*;q=0.5, zstd;q=0, br;q=0', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['deflate', undefined],
    ['br;q=oops', undefined],
    ['', undefined],
  ])('answers %j with %s', (header, encoding) => {
    expect(negotiateEncoding(header)).toBe(encoding);
  });

  it('answers a client that names no encoding with none', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('picks among the encodings a file was built in', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', PREBUILT)).toBe('br');
    expect(negotiateEncoding('zstd, gzip', PREBUILT)).toBe('gzip');
    expect(negotiateEncoding('zstd', PREBUILT)).toBeUndefined();
  });
});
