import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { DUCKDB_FILES } from '../../lib/sql-console.ts';
import { VARIANTS } from './compressible.ts';

/** The installed DuckDB-WASM package: its folder of built files and its version. */
export async function duckdbPackage(): Promise<{ dist: string; version: string }> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@duckdb/duckdb-wasm'));
  const manifest = JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return { dist, version: manifest.version };
}

/** Where the build keeps the compressed copies of one package version's files. */
export const duckdbVariantsDir = (distDir: string, version: string): string =>
  path.join(distDir, 'duckdb', version);

type DuckdbVariant = { file: string; size: number };
/** By file name, then encoding: the ready-compressed copies found. */
type DuckdbVariants = Map<string, Map<string, DuckdbVariant>>;

/** The compressed copies the build left for this package version (none when not built). */
export async function findDuckdbVariants(distDir: string, version: string) {
  const dir = duckdbVariantsDir(distDir, version);
  const found: DuckdbVariants = new Map();
  for (const name of DUCKDB_FILES) {
    const byEncoding = new Map<string, DuckdbVariant>();
    for (const { encoding, suffix } of VARIANTS) {
      const file = path.join(dir, name + suffix);
      const size = await stat(file).then(
        (s) => s.size,
        () => null,
      );
      if (size !== null) byEncoding.set(encoding, { file, size });
    }
    found.set(name, byEncoding);
  }
  return found;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Build step: brotli (quality 9) and gzip (level 9) copies of the SQL console's DuckDB files, so
 * that the server sends them ready-made instead of compressing 18 MB for every visitor (brotli
 * 4 took 0.4–0.5 s of server CPU per download of the module). Quality 11 would take 48 s a module.
 */
export async function precompressDuckdb(
  distDir: string,
  names: readonly string[] = DUCKDB_FILES,
): Promise<number> {
  const { dist, version } = await duckdbPackage();
  const dir = duckdbVariantsDir(distDir, version);
  await mkdir(dir, { recursive: true });
  for (const name of names) {
    const body = await readFile(path.join(dist, name));
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    await writeFile(path.join(dir, `${name}.br`), br);
    await writeFile(path.join(dir, `${name}.gz`), gzipped);
  }
  return names.length;
}
