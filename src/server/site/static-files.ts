import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type StaticFile = {
  type: string;
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
  cacheControl: string;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

async function walk(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full, base) : Promise.resolve([path.relative(base, full)]);
    }),
  );
  return nested.flat();
}

/** URL paths a built file answers: `/a/index.html` also answers `/a`; `/a.html` also `/a`. */
function urlsOf(rel: string): string[] {
  const url = `/${rel.split(path.sep).join('/')}`;
  if (url.endsWith('/index.html')) {
    const dir = url.slice(0, -'/index.html'.length);
    return [url, dir || '/', ...(dir ? [`${dir}/`] : [])];
  }
  if (url.endsWith('.html')) return [url, url.slice(0, -'.html'.length)];
  return [url];
}

/**
 * Loads the built client folder (prerendered pages and hashed assets) into memory with
 * brotli and gzip variants made once at start-up.
 */
export async function loadStaticFiles(clientDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  let rels: string[];
  try {
    rels = await walk(clientDir);
  } catch {
    return files;
  }
  for (const rel of rels) {
    const body = await readFile(path.join(clientDir, rel));
    const type = TYPES[path.extname(rel)] ?? 'application/octet-stream';
    const compressible = COMPRESSIBLE.test(type) && body.length > 512;
    const hashed = rel.startsWith(`_astro${path.sep}`);
    const file: StaticFile = {
      type,
      body,
      br: compressible
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : undefined,
      gzip: compressible ? gzipSync(body, { level: 9 }) : undefined,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: hashed
        ? 'public, max-age=31536000, immutable'
        : type.startsWith('text/html')
          ? 'public, max-age=0, must-revalidate'
          : 'public, max-age=3600',
    };
    for (const url of urlsOf(rel)) files.set(url, file);
  }
  return files;
}
