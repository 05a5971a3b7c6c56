/**
 * Build step: writes brotli (`.br`, quality 11) and gzip (`.gz`, level 9) variants beside every
 * compressible file of the built client folder, so the server loads them ready-made and a start
 * does no bulk compression (see `src/server/site/static-files.ts`); and brotli 9 / gzip 9 copies
 * of the SQL console's DuckDB files beside the build (`src/server/site/duckdb-files.ts`).
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
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

/**
 * Writes `<base>.br` (brotli at `quality`) and `<base>.gz` (gzip level 9) of `body`, each under
 * a temporary name first: a build stopped half-way leaves no truncated variant behind.
 */
async function writeVariants(base: string, body: Buffer, quality: number): Promise<void> {
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    gz(body, { level: 9 }),
  ]);
  for (const [suffix, bytes] of [['.br', br] as const, ['.gz', gzipped] as const]) {
    await writeFile(`${base}${suffix}.part`, bytes);
    await rename(`${base}${suffix}.part`, `${base}${suffix}`);
  }
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

/** Where the DuckDB copies are kept between builds: Astro empties dist/ on every build. */
const DUCKDB_CACHE = path.resolve('node_modules/.cache/sheaf-duckdb');

/**
 * The SQL console's DuckDB files, compressed once so that the server sends them ready-made
 * instead of compressing 18 MB for every visitor (brotli 4 took 0.4–0.5 s of server CPU per
 * download of the module). Brotli quality 9: quality 11 would take 48 s a module. Made once per
 * package version into `cacheDir` (4 s of a 12 s build), then copied into the build. Answers how
 * many files it had to compress.
 */
export async function precompressDuckdb(
  distDir: string,
  names: readonly string[] = DUCKDB_FILES,
  cacheDir = DUCKDB_CACHE,
): Promise<number> {
  const { dist, version } = await duckdbPackage();
  const dir = duckdbVariantsDir(distDir, version);
  const cached = path.join(cacheDir, version);
  await Promise.all([mkdir(dir, { recursive: true }), mkdir(cached, { recursive: true })]);
  let made = 0;
  for (const name of names) {
    const copies = ['.br', '.gz'].map((suffix) => `${name}${suffix}`);
    if (!copies.every((copy) => existsSync(path.join(cached, copy)))) {
      await writeVariants(path.join(cached, name), await readFile(path.join(dist, name)), 9);
      made++;
    }
    for (const copy of copies) await copyFile(path.join(cached, copy), path.join(dir, copy));
  }
  return made;
}

export default function precompressIntegration(): AstroIntegration {
  return {
    name: 'sheaf-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const count = await precompress(clientDir);
        logger.info(`brotli and gzip variants of ${count} files`);
        const made = await precompressDuckdb(path.dirname(clientDir));
        logger.info(
          `brotli and gzip variants of the SQL console's ${DUCKDB_FILES.length} DuckDB files (${made} compressed now, the others kept in ${path.relative('.', DUCKDB_CACHE)})`,
        );
      },
    },
  };
}
