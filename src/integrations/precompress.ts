/**
 * Build step: writes brotli (`.br`, quality 11) and gzip (`.gz`, level 9) variants beside every
 * compressible file of the built client folder, so the server loads them ready-made and a start
 * does no bulk compression (see `src/server/site/static-files.ts`); and brotli 9 / gzip 9 copies
 * of the SQL console's DuckDB files beside the build (`src/server/site/duckdb-files.ts`).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { DUCKDB_FILES } from '../lib/sql-console.ts';
import { isCompressible, VARIANTS } from '../server/site/compressible.ts';
import { duckdbPackage, duckdbVariantsDir } from '../server/site/duckdb-files.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes `<base>.br` (brotli at `quality`) and `<base>.gz` (gzip level 9) of `body`. */
async function writeVariants(base: string, body: Buffer, quality: number): Promise<void> {
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    gz(body, { level: 9 }),
  ]);
  await writeFile(`${base}.br`, br);
  await writeFile(`${base}.gz`, gzipped);
}

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
    await writeVariants(file, body, 11);
    count++;
  }
  return count;
}

/**
 * The SQL console's DuckDB files, compressed once so that the server sends them ready-made
 * instead of compressing 18 MB for every visitor (brotli 4 took 0.4–0.5 s of server CPU per
 * download of the module). Brotli quality 9: quality 11 would take 48 s a module.
 */
export async function precompressDuckdb(
  distDir: string,
  names: readonly string[] = DUCKDB_FILES,
): Promise<number> {
  const { dist, version } = await duckdbPackage();
  const dir = duckdbVariantsDir(distDir, version);
  await mkdir(dir, { recursive: true });
  for (const name of names) {
    await writeVariants(path.join(dir, name), await readFile(path.join(dist, name)), 9);
  }
  return names.length;
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
