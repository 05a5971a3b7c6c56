/**
 * `npm start`: builds the site when the build is missing or older than its sources, then
 * runs the server (API and site on one port).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const newest = (p: string): number => {
  const s = statSync(p, { throwIfNoEntry: false });
  if (!s) return 0;
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
};

const built = newest('dist/server/entry.mjs');
const sources = Math.max(newest('src'), newest('public'), newest('astro.config.mjs'));
if (built === 0 || built < sources) {
  const build = spawnSync('npx', ['--no-install', 'astro', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env['NODE_ENV'] ??= 'production';
await import('../src/server/main.ts');
