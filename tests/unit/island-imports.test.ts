/**
 * What an island loads in the browser: every module its code imports at run time (static and
 * dynamic imports; `import type` is erased). zod is 28 KB gzip, and a contract file that holds
 * schemas pulls it into the bundle; islands take their limits from src/contracts/limits.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const islandsDir = path.resolve('src/islands');

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
    '%s never loads zod',
    (_name, file) => {
      const chain = packagesReached(file).get('zod');
      expect(chain, chain && `zod reached through ${chain.join(' → ')}`).toBeUndefined();
    },
  );
});
