/**
 * Build step: writes brotli (`.br`, quality 11) and gzip (`.gz`, level 9) variants beside every
 * compressible file of the built client folder, so the server loads them ready-made and a start
 * does no bulk compression (see `src/server/site/static-files.ts`); the same for the SQL console's
 * DuckDB files, kept beside the build (`src/server/site/duckdb-files.ts`).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { isCompressible, VARIANTS } from '../server/site/compressible.ts';
import { precompressDuckdb } from '../server/site/duckdb-files.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function precompress(clientDir: string): Promise<number> {
  let count = 0;
  for (const file of await files(clientDir)) {
    if (VARIANTS.some((v) => file.endsWith(v.suffix))) continue;
    const body = await readFile(file);
    if (!isCompressible(file, body.length)) continue;
    const [br, gzipped] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gz(body, { level: 9 }),
    ]);
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gzipped);
    count++;
  }
  return count;
}

export default function precompressIntegration(): AstroIntegration {
  return {
    name: 'sheaf-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const count = await precompress(clientDir);
        logger.info(`brotli and gzip variants of ${count} files`);
        const duckdb = await precompressDuckdb(path.dirname(clientDir));
        logger.info(`brotli and gzip variants of the SQL console's ${duckdb} DuckDB files`);
      },
    },
  };
}
