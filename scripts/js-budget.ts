/**
 * `npm run budget` (after `astro build`): the JavaScript each prerendered page ships — inline
 * scripts, module scripts, island components and renderers, and every module they import
 * statically — as gzip bytes per page. Fails when a page without islands ships any JavaScript.
 * The server-rendered pages (home, dataset list, a dataset's page, a profile, in both locales)
 * are fetched from the production server, started from the same build on a temporary DATA_DIR
 * with one published dataset, and measured alike; those that must ship none are
 * SSR_PAGES_WITHOUT_JS.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startProductionServer } from './production-server.ts';
import { seedSamplePages } from './sample-pages.ts';

const clientDir = path.resolve(process.argv[2] ?? 'dist/client');
/** `BUDGET_FILES='/datasets/1 (SSR)'`: also lists that page's files with their gzip size. */
const listed = process.env.BUDGET_FILES;
/** Server-rendered pages that have no islands and so must ship no JavaScript. */
const SSR_PAGES_WITHOUT_JS = ['/', '/en-US'];

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '_astro' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** Site-absolute or relative module URLs a script imports statically. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const re of [/\bfrom\s*["']([^"']+)["']/g, /\bimport\s*["']([^"']+)["']/g]) {
    // Only module paths: text such as a translation `from: 'From'` is not an import.
    for (const m of code.matchAll(re)) if (m[1] && /^(\.{1,2}\/|\/)/.test(m[1])) found.add(m[1]);
  }
  return [...found];
}

/** The file behind a URL found in `fromFile` (or in a page, when `fromFile` is undefined). */
function resolveUrl(url: string, fromFile: string | undefined): string | undefined {
  if (/^(https?:)?\/\//.test(url) || url.startsWith('data:')) return undefined;
  const clean = url.split(/[?#]/)[0] ?? url;
  return clean.startsWith('/')
    ? path.join(clientDir, clean)
    : fromFile
      ? path.resolve(path.dirname(fromFile), clean)
      : undefined;
}

type PageReport = {
  page: string;
  islands: number;
  files: number;
  inline: number;
  rawBytes: number;
  gzipBytes: number;
  /** The header's account and menu scripts (gzip), on every page, not in the totals. */
  headerBytes: number;
};

/** A page's JavaScript; `page` names it in the report. */
function measure(html: string, page: string): PageReport {
  const islands = (html.match(/<astro-island\b/g) ?? []).length;
  const entries = new Set<string>();
  let inline = 0;
  let rawBytes = 0;
  let gzipBytes = 0;
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}=["']([^"']+)["']`).exec(tag)?.[1];
  // The header's account script (lib/header-account.ts) is on every page by design, guests and
  // signed-in alike; it is reported apart and not counted as the page's JavaScript.
  const account = /<[^>]*data-header-account[^>]*>[\s\S]*?(<script\b[^>]*>[\s\S]*?<\/script>)/.exec(
    html,
  )?.[1];
  // So is the phone menu's (lib/header-menu.ts): Escape and a tap outside close the menu.
  const menu = /<script\b[^>]*\bdata-header-menu-script\b[^>]*>[\s\S]*?<\/script>/.exec(html)?.[0];
  // And the inbox link's (lib/header-inbox.ts): the unread count for a signed-in person.
  const inbox = /<script\b[^>]*\bdata-header-inbox-script\b[^>]*>[\s\S]*?<\/script>/.exec(
    html,
  )?.[0];
  const headerBytes = [account, menu, inbox].reduce((n, s) => n + (s ? gz(s) : 0), 0);
  const lang = /<html\b[^>]*\blang=["']([^"']+)["']/.exec(html)?.[1] ?? 'zh-CN';
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (m[0] === account || m[0] === menu || m[0] === inbox) continue;
    const [, attrs = '', body = ''] = m;
    const type = attr(attrs, 'type');
    if (type && !/module|javascript/.test(type)) continue; // JSON-LD and other data
    const src = attr(attrs, 'src');
    if (src) {
      const file = resolveUrl(src, undefined);
      if (file) entries.add(file);
    } else if (body.trim()) {
      inline++;
      rawBytes += Buffer.byteLength(body);
      gzipBytes += gz(body);
      for (const url of staticImports(body)) {
        const file = resolveUrl(url, undefined);
        if (file) entries.add(file);
      }
    }
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(m[0], name);
      const file = url ? resolveUrl(url, undefined) : undefined;
      if (file) entries.add(file);
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*rel=["']modulepreload["'][^>]*>/g)) {
    const href = attr(m[0], 'href');
    const file = href ? resolveUrl(href, undefined) : undefined;
    if (file) entries.add(file);
  }
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file);
    rawBytes += code.length;
    gzipBytes += gz(code);
    if (listed === page)
      console.log(
        `${(gz(code) / 1024).toFixed(1).padStart(7)} KB  ${path.relative(clientDir, file)}`,
      );
    // The page's dictionary chunk is imported dynamically (src/i18n/index.ts) but always loaded.
    const dictionaries = [
      ...code.toString('utf8').matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g),
    ]
      .map((d) => d[1] ?? '')
      .filter((url) => path.basename(url).startsWith(`${lang}.`));
    for (const url of [...staticImports(code.toString('utf8')), ...dictionaries]) {
      const next = resolveUrl(url, file);
      if (next && !seen.has(next)) queue.push(next);
    }
  }
  return { page, islands, files: seen.size, inline, rawBytes, gzipBytes, headerBytes };
}

const pageOfFile = (htmlFile: string) => {
  const rel = path.relative(clientDir, htmlFile).split(path.sep).join('/');
  return `/${rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
};

const reports = htmlFiles(clientDir)
  .map((file) => measure(readFileSync(file, 'utf8'), pageOfFile(file)))
  .sort((a, b) => a.page.localeCompare(b.page));
if (reports.length === 0) {
  console.error(`No prerendered pages in ${clientDir}: run \`astro build\` first.`);
  process.exit(1);
}

const server = await startProductionServer(path.dirname(clientDir));
try {
  const prerendered = new Set(reports.map((r) => r.page));
  // The server-rendered pages of a published dataset (its page, the list, its owner's profile).
  const sample = (await seedSamplePages(server.base)).filter((p) => !prerendered.has(p));
  const ssrPages = [...sample, ...sample.map((p) => `/en-US${p === '/' ? '' : p}`)];
  for (const page of ssrPages) {
    const locale = page.startsWith('/en-US') ? 'en-US' : 'zh-CN';
    const res = await fetch(`${server.base}${page}`, {
      headers: { cookie: `locale=${locale}` },
      redirect: 'manual',
    });
    if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
    const report = measure(await res.text(), `${page} (SSR)`);
    if (report.islands > 0 && SSR_PAGES_WITHOUT_JS.includes(page))
      throw new Error(`${page} is listed as a page without islands`);
    reports.push(report);
  }
} finally {
  await server.stop();
}
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(
  'page'.padEnd(44),
  'islands',
  'scripts',
  '   raw KB',
  '  gzip KB',
  '  header scripts KB',
);
for (const r of reports) {
  console.log(
    r.page.padEnd(44),
    String(r.islands).padStart(7),
    String(r.files + r.inline).padStart(7),
    kb(r.rawBytes).padStart(9),
    kb(r.gzipBytes).padStart(9),
    kb(r.headerBytes).padStart(19),
  );
}
const offenders = reports.filter((r) => r.islands === 0 && r.files + r.inline > 0);
if (offenders.length > 0) {
  console.error(
    `\nPages without islands must ship no JavaScript: ${offenders.map((r) => r.page).join(', ')}`,
  );
  process.exit(1);
}
console.log(`\n${reports.length} pages; every page without islands ships 0 bytes of JavaScript.`);
