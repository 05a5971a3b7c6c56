import path from 'node:path';

/** Content types of the built client folder, by extension. */
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
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest|wasm)|image\/svg)/;

export const typeOf = (file: string): string =>
  TYPES[path.extname(file)] ?? 'application/octet-stream';

/** Worth compressing: a text-like type and more than 512 bytes. */
export const isCompressible = (file: string, size: number): boolean =>
  COMPRESSIBLE.test(typeOf(file)) && size > 512;

/** Pre-compressed variants written by the build beside each compressible file. */
export const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
