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

/**
 * glibc's allocator settings for the server process. glibc reads them from the environment once,
 * as a process starts, so when one is not set `npm start` starts itself again with them, in
 * place (`process.execve`: the same process id, so systemd and a container see no difference);
 * a value an operator sets is kept.
 * Without them each thread of the pool that allocated (DuckDB's queries, file reads, zlib) kept
 * an arena of its own, and freed memory stayed in them after a load (docs/performance.md,
 * "Memory comes back"). `MALLOC_TRIM_THRESHOLD_` is glibc's default, but set: it then no longer
 * grows with each large block freed (up to 32 MB kept at the top of each arena), and large
 * blocks are mapped and unmapped on their own. The benches start the server with them too.
 */
export const ALLOCATOR_ENV = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
});

/** Starts this process again with ALLOCATOR_ENV when part of it is missing (Linux only). */
const withAllocatorEnv = () => {
  const missing = Object.entries(ALLOCATOR_ENV).filter(([name]) => process.env[name] === undefined);
  if (missing.length === 0 || process.platform !== 'linux' || !process.execve) return;
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { ...process.env, ...Object.fromEntries(missing) },
  );
};

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
  withAllocatorEnv();
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
