/**
 * Lighthouse budgets for the pages people read: starts the production server (from an existing
 * `astro build`; this builds nothing) on a temporary DATA_DIR, runs Lighthouse with its mobile
 * defaults in Debian's Chromium on each page in both locales, and prints the four category
 * scores. Target: 100 for accessibility, best practices and SEO.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchReport } from './report.ts';

const PAGES = ['/', '/datasets', '/news', '/terms', '/privacy'];
const LOCALES = [
  { locale: 'zh-CN', prefix: '' },
  { locale: 'en-US', prefix: '/en-US' },
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MUST_BE_100 = ['accessibility', 'best-practices', 'seo'] as const;
/** Lab metrics printed beside the scores, to explain a performance figure. */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sheaf-lighthouse-'));
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

type Scores = Record<(typeof CATEGORIES)[number], number | null>;

export async function runLighthouseBench(): Promise<BenchReport> {
  const server = await startServer();
  const chrome = await launch({
    chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const rows: { url: string; status: number; scores: Scores }[] = [];
  try {
    for (const { locale, prefix } of LOCALES) {
      for (const page of PAGES) {
        const url = `${server.base}${prefix}${page === '/' && prefix ? '' : page}`;
        // The locale cookie keeps a first visit from being sent to the browser's language.
        const headers = { Cookie: `locale=${locale}` };
        const status = (await fetch(url, { headers, redirect: 'manual' })).status;
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          extraHeaders: headers,
        });
        const categories = result?.lhr.categories ?? {};
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => {
            const score = categories[c]?.score;
            return [c, typeof score === 'number' ? Math.round(score * 100) : null];
          }),
        ) as Scores;
        const audits = result?.lhr.audits ?? {};
        const metrics = METRICS.map(
          ([id, label]) => `${label} ${audits[id]?.displayValue ?? '–'}`,
        ).join(', ');
        const error = result?.lhr.runtimeError?.code;
        rows.push({ url: url.slice(server.base.length), status, scores });
        console.log(
          `${url.slice(server.base.length).padEnd(20)} ${String(status).padEnd(4)}`,
          CATEGORIES.map((c) => `${c} ${scores[c] ?? '–'}`).join('  '),
          error ? `  (${error})` : `  (${metrics})`,
        );
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return {
    title: 'Lighthouse, mobile (performance · accessibility · best practices · SEO)',
    figures: rows.map((r) => ({
      label: `${r.url} (${r.status})`,
      value: CATEGORIES.map((c) => String(r.scores[c] ?? '–').padStart(3)).join(' · '),
      target: 'a11y, best practices, SEO = 100',
      ok: MUST_BE_100.every((c) => r.scores[c] === 100),
    })),
  };
}
