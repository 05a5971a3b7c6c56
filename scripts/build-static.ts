/**
 * `npm run build:static -- --origin https://app.example --out dist/static`: after `npm run build`,
 * the prerendered pages and hashed assets of dist/client as files for any static host or CDN,
 * with the API and the server-rendered pages left to the Node origin (docs/deploy.md,
 * "Static host"). Links to pages the build did not write as files go to the origin; every page
 * names the origin for its islands and gets the first-visit language script; a 404.html sends
 * unknown addresses on to the origin; robots.txt names the origin's sitemap. The brotli and gzip
 * copies of the build are left out.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scriptHash } from '../src/lib/csp.ts';
import { notFoundPage } from '../src/lib/static-export/not-found.ts';
import { rewritePage, rewriteRobots } from '../src/lib/static-export/page.ts';
import { firstVisitScript } from '../src/lib/static-export/scripts.ts';

const USAGE =
  'Usage: npm run build:static -- --origin https://the.node.origin [--out dist/static] [--from dist/client]';

function fail(message: string): never {
  console.error(`build:static: ${message}`);
  process.exit(1);
}

function options() {
  try {
    return parseArgs({
      options: {
        origin: { type: 'string' },
        out: { type: 'string', default: 'dist/static' },
        from: { type: 'string', default: 'dist/client' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (err) {
    return fail(`${(err as Error).message}\n${USAGE}`);
  }
}

const values = options();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/** The Node origin: an http(s) origin with nothing after it. */
function originOf(value: string | undefined): string {
  if (!value) fail('--origin <https://the.node.origin> is required');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`--origin ${value} is not a URL`);
  }
  if (!/^https?:$/.test(url.protocol) || value.replace(/\/+$/, '') !== url.origin) {
    fail(`--origin ${value} must be an http(s) origin without a path`);
  }
  return url.origin;
}

const origin = originOf(values.origin);
const from = path.resolve(values.from);
const out = path.resolve(values.out);
if (!existsSync(path.join(from, '_astro'))) fail(`${values.from} is no build: run npm run build`);
if (from === out || from.startsWith(`${out}${path.sep}`) || out.startsWith(`${from}${path.sep}`)) {
  fail('--out must be a folder outside the build');
}
// An earlier export is replaced; any other folder with files in it is left alone.
if (existsSync(out) && readdirSync(out).length > 0) {
  if (!existsSync(path.join(out, '404.html'))) fail(`${values.out} is not empty`);
  rmSync(out, { recursive: true });
}

const isVariant = (file: string) => file.endsWith('.br') || file.endsWith('.gz');
mkdirSync(out, { recursive: true });
cpSync(from, out, { recursive: true, filter: (file) => !isVariant(file) });

/** Whether the export has a file for a site path ('/terms' → terms/index.html). */
function hasPage(pathname: string): boolean {
  const file = path.join(out, pathname);
  if (!file.startsWith(out)) return false;
  if (existsSync(path.join(file, 'index.html'))) return true;
  return !pathname.endsWith('/') && existsSync(file) && statSync(file).isFile();
}

const source = firstVisitScript();
const script = { source, hash: scriptHash(source) };
let pages = 0;
for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
  const file = path.join(entry.parentPath, entry.name);
  writeFileSync(file, rewritePage(readFileSync(file, 'utf8'), { origin, hasPage, script }));
  pages++;
}
writeFileSync(path.join(out, '404.html'), notFoundPage(origin));
const robots = path.join(out, 'robots.txt');
if (existsSync(robots)) {
  writeFileSync(robots, rewriteRobots(readFileSync(robots, 'utf8'), origin, hasPage));
}
console.log(`build:static: ${pages} pages and 404.html in ${values.out}, for ${origin}`);
