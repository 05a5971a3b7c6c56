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

/** A user with one public dataset, made through the API; answers the pages to measure. */
async function seedPages(base: string): Promise<string[]> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const registered = await post('/auth/register', {
    username: 'lighthouse',
    email: 'lighthouse@example.com',
    password: 'correct horse battery',
  });
  const token = String(registered['access_token']);
  const user = registered['user'] as { id: number };
  const dataset = await post(
    '/datasets',
    {
      name: '中国城市人口',
      description: '中国主要城市的常住人口、面积与所在省份（2020 年第七次全国人口普查）。',
      tags: ['人口', '城市', '普查'],
      attributes: ['城市', '省份', '常住人口', '面积（平方公里）'],
      entries: [
        ['北京', '北京', 21893095, 16410.54],
        ['上海', '上海', 24870895, 6340.5],
        ['广州', '广东', 18676605, 7434.4],
        ['深圳', '广东', 17560061, 1997.47],
        ['成都', '四川', 20937757, 14335],
      ],
    },
    token,
  );
  return [
    '/',
    '/datasets',
    `/datasets/${String(dataset['id'])}`,
    `/users/${user.id}`,
    '/news',
    '/terms',
  ];
}

type Scores = Record<(typeof CATEGORIES)[number], number | null>;

export async function runLighthouseBench(): Promise<BenchReport> {
  const server = await startProductionServer();
  const chrome = await launch({
    chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const rows: { url: string; status: number; scores: Scores }[] = [];
  try {
    const pages = await seedPages(server.base);
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
