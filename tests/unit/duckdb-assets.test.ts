import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountDuckdbAssets } from '../../src/server/site/duckdb-assets.ts';
import { precompressDuckdb } from '../../src/integrations/precompress.ts';
import { duckdbPackage, duckdbVariantsDir } from '../../src/server/site/duckdb-files.ts';

const WORKER = 'duckdb-browser-eh.worker.js';
const PATH = `/duckdb/${WORKER}`;
let distDir: string;
let cacheDir: string;
let original: Buffer;
let made: number;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'sheaf-duckdb-'));
  cacheDir = await mkdtemp(path.join(tmpdir(), 'sheaf-duckdb-cache-'));
  const { dist } = await duckdbPackage();
  original = await readFile(path.join(dist, WORKER));
  // The worker alone: the 18 MB modules take seconds to compress.
  made = await precompressDuckdb(distDir, [WORKER], cacheDir);
});
afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

async function appOn(dir: string) {
  const app = Fastify();
  await mountDuckdbAssets(app, dir);
  return app;
}

describe('the SQL console DuckDB files', () => {
  it('are compressed once per package version; a later build copies them', async () => {
    expect(made).toBe(1);
    const { version } = await duckdbPackage();
    const nextBuild = await mkdtemp(path.join(tmpdir(), 'sheaf-duckdb-next-'));
    try {
      expect(await precompressDuckdb(nextBuild, [WORKER], cacheDir)).toBe(0);
      for (const suffix of ['.br', '.gz']) {
        const copy = (dir: string) =>
          readFile(path.join(duckdbVariantsDir(dir, version), `${WORKER}${suffix}`));
        expect((await copy(nextBuild)).equals(await copy(distDir))).toBe(true);
      }
      expect(
        gunzipSync(
          await readFile(path.join(duckdbVariantsDir(nextBuild, version), `${WORKER}.gz`)),
        ).equals(original),
      ).toBe(true);
    } finally {
      await rm(nextBuild, { recursive: true, force: true });
    }
  });

  it('are sent in the copy the build compressed, with its length', async () => {
    const app = await appOn(distDir);
    const { version } = await duckdbPackage();
    const ready = await readFile(path.join(duckdbVariantsDir(distDir, version), `${WORKER}.br`));
    const res = await app.inject({ url: PATH, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(ready.length));
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.rawPayload.equals(ready)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).equals(original)).toBe(true);

    const gz = await app.inject({ url: PATH, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);
    await app.close();
  });

  it('are compressed as they stream when the build left no copy', async () => {
    const app = await appOn(path.join(distDir, 'not-built'));
    const res = await app.inject({ url: PATH, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(res.rawPayload).equals(original)).toBe(true);
    await app.close();
  });

  it('are sent as they are without Accept-Encoding, and 304 for the same ETag', async () => {
    const app = await appOn(distDir);
    const plain = await app.inject({ url: PATH });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(original.length));
    expect(plain.rawPayload.equals(original)).toBe(true);
    const again = await app.inject({
      url: PATH,
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await app.close();
  });

  it('never reach other files of the package', async () => {
    const app = await appOn(distDir);
    for (const url of ['/duckdb/package.json', '/duckdb/..%2Fpackage.json', `${PATH}.map`]) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
    await app.close();
  });
});
