import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DUCKDB_FILES } from '../../lib/sql-console.ts';
import { VARIANTS } from './compressible.ts';
import { z } from 'zod';

/** What the site reads of an installed package's package.json. */
export const packageManifest = z.object({ version: z.string() });

/** The installed DuckDB-WASM package: its folder of built files and its version. */
export async function duckdbPackage(): Promise<{ dist: string; version: string }> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@duckdb/duckdb-wasm'));
  const manifest = packageManifest.parse(
    JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')),
  );
  return { dist, version: manifest.version };
}

/** Where the build (integrations/precompress.ts) keeps a package version's compressed copies. */
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
