/**
 * Lighthouse budgets for the pages people read: starts the production server (from an existing
 * `astro build`; this builds nothing) on a temporary DATA_DIR, publishes one public dataset as a
 * new user through the API, then runs Lighthouse with its mobile defaults in Debian's Chromium
 * on the home page, the dataset list, that dataset's page, that user's profile, news and terms,
 * in both locales, and prints the four category scores. Target: 100 for accessibility, best
 * practices and SEO.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProductionServer } from '../scripts/production-server.ts';
import { seedSamplePages } from '../scripts/sample-pages.ts';
import type { BenchReport } from './report.ts';

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

type Scores = Record<(typeof CATEGORIES)[number], number | null>;

export async function runLighthouseBench(): Promise<BenchReport> {
  const server = await startProductionServer();
  const chrome = await launch({
    chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const rows: { url: string; status: number; scores: Scores }[] = [];
  try {
    const pages = await seedSamplePages(server.base);
    for (const { locale, prefix } of LOCALES) {
      for (const page of pages) {
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
