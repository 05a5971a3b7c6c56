import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache, encodedBody, type PageCache } from '../../src/server/site/page-cache.ts';

let server: Server | undefined;
afterEach(() => server?.close());

/** A page handler that writes in chunks like Astro does, counting its renders. */
async function serve(cache: PageCache, page: { status?: number; cookie?: string } = {}) {
  let renders = 0;
  server = createServer((req, res) => {
    cache.capture(res, req.url ?? '/', undefined);
    renders++;
    res.writeHead(page.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0',
      // Sent because this request came over https (app.ts); another may not have.
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      ...(page.cookie && { 'set-cookie': page.cookie }),
    });
    res.write('<p>数据集 ');
    res.end(`${renders}</p>`);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string) => fetch(base + path).then((r) => r.text()),
    renders: () => renders,
  };
}

const options = { ttlMs: 60_000, maxBytes: 1_000_000 };

describe('the page micro-cache', () => {
  it('keeps a 200 page under its URL with its headers, and drops it on invalidate', async () => {
    const cache = createPageCache(options);
    const site = await serve(cache);
    expect(await site.get('/datasets?page=2')).toBe('<p>数据集 1</p>');
    const kept = cache.get('/datasets?page=2');
    expect(kept?.body.toString()).toBe('<p>数据集 1</p>');
    expect(kept?.headers['cache-control']).toBe('public, max-age=0');
    expect(kept?.headers['content-length']).toBeUndefined();
    expect(kept?.headers['strict-transport-security']).toBeUndefined();
    expect(cache.get('/datasets')).toBeUndefined();
    cache.invalidate();
    expect(cache.get('/datasets?page=2')).toBeUndefined();
  });

  it('never keeps an error page or a page that sets its own cookie', async () => {
    const failing = createPageCache(options);
    await (await serve(failing, { status: 404 })).get('/datasets/9');
    expect(failing.get('/datasets/9')).toBeUndefined();
    server?.close();
    const cookied = createPageCache(options);
    await (await serve(cookied, { cookie: 'session=abc' })).get('/profile');
    expect(cookied.get('/profile')).toBeUndefined();
  });

  it('forgets a rendering that a write overtook (it may show what the write removed)', async () => {
    const cache = createPageCache(options);
    server = createServer((_req, res) => {
      cache.capture(res, '/', undefined);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>before');
      cache.invalidate(); // e.g. a dataset made private while this page was rendering
      res.end('</p>');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(cache.get('/')).toBeUndefined();
  });

  it('ages pages out', async () => {
    // A second of life: long enough that a loaded machine still finds the page just after
    // serving it.
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000_000 });
    await (await serve(cache)).get('/');
    expect(cache.get('/')).toBeDefined();
    await new Promise((r) => setTimeout(r, 1_200));
    expect(cache.get('/')).toBeUndefined();
  });

  it('compresses a kept page once per encoding the client accepts', () => {
    const page = {
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: Buffer.from('<p>x</p>'.repeat(100)),
    };
    const gz = encodedBody(page, 'gzip, deflate');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(page.body);
    expect(encodedBody(page, 'gzip').body).toBe(gz.body);
    expect(encodedBody(page, 'br, gzip').encoding).toBe('br');
    expect(encodedBody(page, undefined)).toEqual({ body: page.body });
  });
});
