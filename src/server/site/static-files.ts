import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isCompressible, typeOf, VARIANTS } from './compressible.ts';

export type StaticFile = {
  type: string;
  body: Buffer;
  /** Brotli and gzip variants: written by the build, or made on first use when missing. */
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
  cacheControl: string;
};

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

const readIfExists = (file: string) => readFile(file).catch(() => undefined);

/**
 * Variants the build did not write (an older build, a file added by hand) are made once, on
 * first use, at a quick setting, and kept.
 */
function makeVariantsLazily(file: StaticFile): void {
  let br: Buffer | undefined;
  let gz: Buffer | undefined;
  Object.defineProperties(file, {
    br: {
      get: () =>
        (br ??= brotliCompressSync(file.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
        })),
    },
    gzip: { get: () => (gz ??= gzipSync(file.body, { level: 6 })) },
  });
}

const cacheControlOf = (rel: string, type: string) =>
  rel.startsWith(`_astro${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : type.startsWith('text/html')
      ? 'public, max-age=0, must-revalidate'
      : 'public, max-age=3600';

/**
 * Loads the built client folder (prerendered pages and hashed assets) into memory with the
 * brotli and gzip variants that `npm run build` wrote beside them
 * (`src/integrations/precompress.ts`), so a start compresses nothing.
 */
export async function loadStaticFiles(clientDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  let rels: string[];
  try {
    rels = await walk(clientDir);
  } catch {
    return files;
  }
  const present = new Set(rels);
  const isVariant = (rel: string) =>
    VARIANTS.some((v) => rel.endsWith(v.suffix) && present.has(rel.slice(0, -v.suffix.length)));
  for (const rel of rels) {
    if (isVariant(rel)) continue;
    const full = path.join(clientDir, rel);
    const body = await readFile(full);
    const type = typeOf(rel);
    const compressible = isCompressible(rel, body.length);
    const [br, gzip] = compressible
      ? await Promise.all([readIfExists(`${full}.br`), readIfExists(`${full}.gz`)])
      : [undefined, undefined];
    const file: StaticFile = {
      type,
      body,
      br,
      gzip,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: cacheControlOf(rel, type),
    };
    if (compressible && (!br || !gzip)) makeVariantsLazily(file);
    for (const url of urlsOf(rel)) files.set(url, file);
  }
  return files;
}
