import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatches, PATCHES } from '../../src/integrations/render-patches.ts';

const require = createRequire(import.meta.url);
const moduleFile = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
const installed = {
  digest: moduleFile('astro', 'dist/core/encryption.js'),
  react: moduleFile('@astrojs/react', 'dist/server.js'),
};

describe('the patches of the server rendering (docs/performance.md)', () => {
  it('finds the code it rewrites in the installed Astro and React renderer', () => {
    for (const file of Object.values(installed)) {
      const patched = applyPatches(readFileSync(file, 'utf8'), file);
      expect(patched).not.toBeNull();
    }
    expect(PATCHES).toHaveLength(2);
  });

  it('leaves other modules alone and fails loudly when the code has changed', () => {
    expect(applyPatches('export const x = 1;', '/src/lib/x.ts')).toBeNull();
    expect(() => applyPatches('export {}', installed.digest)).toThrow(/no longer contains/);
  });

  it('hashes a text once, keeps at most 256 texts, and renames the original digest', async () => {
    const original = readFileSync(installed.digest, 'utf8');
    const code = applyPatches(original, installed.digest)!;
    expect(code).toContain('async function computeCspDigest(data, algorithm) {');
    // The wrapper appended to the module, run against a counting stand-in for the digest.
    const wrapper = code.slice(original.length);
    const calls: string[] = [];
    const compute = (data: string) => {
      calls.push(data);
      return Promise.resolve(`sha256-${data.length}`);
    };
    const module = `export default (computeCspDigest) => {${wrapper}; return generateCspDigest; };`;
    const url = `data:text/javascript;base64,${Buffer.from(module).toString('base64')}`;
    const { default: withDigest } = (await import(/* @vite-ignore */ url)) as {
      default: (compute: unknown) => (data: string, algorithm: string) => Promise<string>;
    };
    const digest = withDigest(compute);
    const css = 'body{color:red}'.repeat(1000);
    expect(digest(css, 'SHA-256')).toBe(digest(css, 'SHA-256'));
    expect(calls).toHaveLength(1);
    for (let i = 0; i < 300; i++) void digest(`script ${i}`, 'SHA-256');
    void digest('script 299', 'SHA-256');
    expect(calls).toHaveLength(302);
  });
});
