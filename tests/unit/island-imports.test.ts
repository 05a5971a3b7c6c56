/**
 * What an island loads in the browser: every module its code imports at run time (static and
 * dynamic imports; `import type` is erased). Two packages the server uses stay out of every
 * island: zod (28 KB gzip; a contract file that holds schemas pulls it in, so islands take their
 * limits from src/contracts/limits.ts) and lru-cache (6 KB; the browser's caches are
 * src/lib/expiring-cache.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const islandsDir = path.resolve('src/islands');
const SERVER_ONLY_PACKAGES = ['zod', 'lru-cache'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });

/** Specifiers a module imports at run time. */
function runtimeImports(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*import\s+(?!type\s)[^'";]*?from\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?!type\s)[^'";]*?from\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) if (m[1]) found.push(m[1]);
  return found;
}

function resolveModule(specifier: string, from: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((f) => existsSync(f) && statSync(f).isFile());
}

/** Each package the module graph from `entry` imports, with the chain of files that leads there. */
function packagesReached(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    const here = [...chain, path.relative(process.cwd(), file)];
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      const target = resolveModule(specifier, file);
      if (target) visit(target, here);
      else if (!specifier.startsWith('.') && !packages.has(specifier))
        packages.set(specifier, here);
    }
  };
  visit(entry, []);
  return packages;
}

describe('island bundles', () => {
  const islands = sourceFiles(islandsDir).filter((f) => f.endsWith('.tsx'));

  it('finds the islands and follows their imports', () => {
    expect(islands.length).toBeGreaterThan(20);
    const form = islands.find((f) => f.endsWith('CreateDatasetForm.tsx'));
    expect(form).toBeDefined();
    expect([...packagesReached(form ?? '').keys()]).toContain('react');
  });

  it.each(islands.map((f) => [path.relative(islandsDir, f), f]))(
    '%s never loads zod or lru-cache',
    (_name, file) => {
      const reached = packagesReached(file);
      for (const name of SERVER_ONLY_PACKAGES) {
        const chain = reached.get(name);
        expect(chain, chain && `${name} reached through ${chain.join(' → ')}`).toBeUndefined();
      }
    },
  );
});
