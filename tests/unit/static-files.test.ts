import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from '../../src/integrations/precompress.ts';
import { loadStaticFiles } from '../../src/server/site/static-files.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const clientDir = tempDirs('sheaf-client-');
const client = () => {
  const dir = clientDir();
  mkdirSync(path.join(dir, '_astro'));
  writeFileSync(path.join(dir, '_astro', 'page.abc.js'), 'console.log("数据集");\n'.repeat(200));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><p>你好</p>'.repeat(100));
  writeFileSync(path.join(dir, 'tiny.txt'), 'small');
  writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(2048, 7));
  return dir;
};

describe('pre-compressed site files', () => {
  it('the build writes brotli and gzip variants of text files over 512 bytes only', async () => {
    const dir = client();
    expect(await precompress(dir)).toBe(2);
    const js = readFileSync(path.join(dir, '_astro', 'page.abc.js'));
    expect(brotliDecompressSync(readFileSync(path.join(dir, '_astro', 'page.abc.js.br')))).toEqual(
      js,
    );
    expect(gunzipSync(readFileSync(path.join(dir, '_astro', 'page.abc.js.gz')))).toEqual(js);
    expect(existsSync(path.join(dir, 'tiny.txt.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'logo.png.gz'))).toBe(false);
    // A second build step over the same folder does not compress the variants again.
    expect(await precompress(dir)).toBe(2);
    expect(existsSync(path.join(dir, '_astro', 'page.abc.js.br.br'))).toBe(false);
  });

  it('the server serves the variants the build wrote, and never the variant files as pages', async () => {
    const dir = client();
    await precompress(dir);
    // Marker bytes prove the server took the build's file instead of compressing itself.
    writeFileSync(path.join(dir, 'index.html.br'), 'built-br');
    const files = await loadStaticFiles(dir);
    expect(files.get('/')?.br?.toString()).toBe('built-br');
    expect(files.get('/_astro/page.abc.js')?.type).toBe('text/javascript; charset=utf-8');
    expect(files.has('/index.html.br')).toBe(false);
    expect(files.has('/_astro/page.abc.js.gz')).toBe(false);
  });

  it('without variants (an older build) it compresses on first use', async () => {
    const files = await loadStaticFiles(client());
    const page = files.get('/')!;
    expect(brotliDecompressSync(page.br!)).toEqual(page.body);
    expect(gunzipSync(page.gzip!)).toEqual(page.body);
    expect(page.br).toBe(page.br);
    expect(files.get('/tiny.txt')?.br).toBeUndefined();
  });
});
