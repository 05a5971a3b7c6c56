// @ts-check
/**
 * `npm start`: builds the site and the server bundle when either is missing or older than its
 * sources, then runs the bundled server (API and site on one port). Plain JavaScript, as the
 * bundle is: the first TypeScript file a process loads costs it about half a second of CPU to
 * set up type stripping (docs/performance.md, "Memory and start-up").
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What scripts/bundle-server.ts writes, and what it is made from. */
export const BUNDLE = 'dist/node/main.mjs';
const BUNDLE_SOURCES = ['src', 'package-lock.json', 'scripts/bundle-server.ts'];

/** @type {(p: string) => number} */
const newest = (p) => {
  const s = statSync(p, { throwIfNoEntry: false });
  if (!s) return 0;
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
};
/** @type {(built: string, sources: string[]) => boolean} */
const stale = (built, sources) => {
  const at = newest(built);
  return at === 0 || at < Math.max(...sources.map(newest));
};

if (import.meta.main) {
  if (stale('dist/server/entry.mjs', ['src', 'public', 'astro.config.mjs'])) {
    const build = spawnSync('npx', ['--no-install', 'astro', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (stale(BUNDLE, BUNDLE_SOURCES)) {
    const bundle = spawnSync(process.execPath, ['scripts/bundle-server.ts'], { stdio: 'inherit' });
    if (bundle.status !== 0) process.exit(bundle.status ?? 1);
  }
  process.env['NODE_ENV'] ??= 'production';
  // V8's compiled code of the bundle and the site, kept in the system's temporary folder.
  enableCompileCache();
  await import(pathToFileURL(path.resolve(BUNDLE)).href);
}
