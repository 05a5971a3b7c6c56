/** The calls `npm run bench -- datasets` measures, one per row of the table, with targets. */
import type { Db } from '../src/server/db/client.ts';

export type Measured = { rps: number; p50: number; p95: number; p99: number; errors: number };
/** Figures measured so far in this run, by scenario label. */
export type Figures = Map<string, Measured>;

/** What the scenarios know about the seeded data and the server. */
export type Setting = {
  origin: string;
  /** The served database (the bench clears its caches for `cold` scenarios). */
  db: Db;
  /** Whether server-rendered pages are served (the site is built). */
  site: boolean;
  publicIds: number[];
  users: number;
  /** The offset of the last full page of public datasets (90,000 − 20 for 100,000). */
  deepOffset: number;
  /** The cursor of the page after `deepOffset − 20`. */
  deepCursor: string;
};

type Verdict = { text: string; ok: boolean };
export type Scenario = {
  label: string;
  url: (i: number) => string;
  target?: (m: Measured, earlier: Figures) => Verdict;
  /** Measured with the brief caches (totals, search rankings, landmarks) cleared every 1 ms. */
  cold?: boolean;
  /** Loaded from as many connections again while the call is measured (not measured). */
  beside?: (i: number) => string;
};

const p95Under = (ms: number) => (m: Measured) => ({ text: `p95 < ${ms} ms`, ok: m.p95 < ms });
const p99Under = (ms: number) => (m: Measured) => ({ text: `p99 < ${ms} ms`, ok: m.p99 < ms });
const DETAIL = 'JSON detail';
const halfOfDetail = (m: Measured, earlier: Figures) => {
  const detail = earlier.get(DETAIL)?.rps ?? Infinity;
  return { text: '≥ 0.5 × JSON detail req/s', ok: m.rps >= 0.5 * detail };
};

const SORTS = ['recent', 'heat', 'downloads', 'score', 'name'];

const ZH_TOPICS = ['人口普查', '空气质量', '交通流量', '房价', '降水量', '教育统计', '医疗资源'];
const EN_TOPICS = ['population', 'traffic', 'housing', 'rainfall', 'education', 'health'];
const TAGS = ['人口', '环境', '交通', '经济', 'census', 'climate', 'traffic', 'economy'];

/**
 * The `i`-th of a new query per request, none asked twice in a run: by turns Chinese, English
 * and mixed (a seeded word list's term and a number prefix, so a few datasets match), a third of
 * each matching nothing (a place the seed never names, a made-up word, both). The made-up English
 * words have trigrams, so their near misses are looked for; the Chinese ones do not.
 */
function newQuery(i: number): string {
  const none = Math.floor(i / 3) % 3 === 0;
  const n = String(i);
  switch (i % 3) {
    case 0:
      return none ? `哈尔滨${ZH_TOPICS[i % 7]}${n}` : `${ZH_TOPICS[i % 7]} ${n}`;
    case 1:
      return none ? `qz${n}xv ${EN_TOPICS[i % 6]}` : `${EN_TOPICS[i % 6]} ${n}`;
    default:
      return none ? `哈尔滨 qz${n}xv` : `${TAGS[i % 8]} ${EN_TOPICS[i % 6]} ${n}`;
  }
}

export function scenarios(s: Setting, datasets: number): Scenario[] {
  const api = `${s.origin}/api/v1`;
  const search = (q: string) => () => `${api}/datasets/search?query=${encodeURIComponent(q)}`;
  const searchTarget = p95Under(datasets >= 1_000_000 ? 60 : 30);
  const anId = (i: number) => s.publicIds[(i * 7919) % s.publicIds.length]!;
  const api_: Scenario[] = [
    { label: 'search 1-character Chinese (城)', url: search('城'), target: searchTarget },
    { label: 'search 2-character Chinese (数据)', url: search('数据'), target: searchTarget },
    { label: 'search 2-character Chinese (城市)', url: search('城市'), target: searchTarget },
    { label: 'search English word (population)', url: search('population'), target: searchTarget },
    { label: 'search 数据, caches cleared', url: search('数据'), cold: true },
    { label: 'search population, caches cleared', url: search('population'), cold: true },
    {
      label: `list offset=${s.deepOffset.toLocaleString('en')} (last page)`,
      url: () => `${api}/datasets?offset=${s.deepOffset}`,
      target: p95Under(30),
    },
    {
      label: 'list by cursor, last page',
      url: () => `${api}/datasets?cursor=${s.deepCursor}`,
      target: p95Under(30),
    },
    { label: 'list default', url: () => `${api}/datasets`, target: p99Under(20) },
    {
      label: 'list by tag (人口 / climate)',
      url: (i) => `${api}/datasets?tags=${i % 2 ? 'climate' : encodeURIComponent('人口')}`,
      target: p99Under(20),
    },
    {
      label: 'list sorted (5 sorts)',
      url: (i) => `${api}/datasets?sort=${SORTS[i % 5]}`,
      target: p99Under(20),
    },
    { label: DETAIL, url: (i) => `${api}/datasets/${anId(i)}`, target: p99Under(20) },
    // After the detail: the last one is measured against it.
    { label: 'search, a new query per request', url: (i) => search(newQuery(i))() },
    {
      label: 'search, a new query per request matching nothing',
      // The queries of newQuery that match nothing, all three kinds by turns.
      url: (i) => search(newQuery(9 * Math.floor(i / 3) + (i % 3)))(),
    },
    {
      label: 'JSON detail, 10 more connections searching a new query per request',
      url: (i) => `${api}/datasets/${anId(i)}`,
      beside: (i) => search(newQuery(i))(),
      target: (m, earlier) => {
        const detail = earlier.get(DETAIL)?.rps ?? Infinity;
        return { text: '≥ 0.25 × JSON detail req/s', ok: m.rps >= 0.25 * detail };
      },
    },
  ];
  if (!s.site) return api_;
  // A new query string each time: the micro-cache never answers, every request is rendered.
  const fresh = (i: number) => `?r=${i}`;
  const rendered: Scenario[] = [
    {
      label: 'SSR dataset page, rendered',
      url: (i) => `${s.origin}/datasets/${anId(i)}`,
      target: halfOfDetail,
    },
    {
      label: 'SSR list page, rendered',
      url: (i) => `${s.origin}/datasets${fresh(i)}`,
      target: halfOfDetail,
    },
    {
      label: 'SSR profile page, rendered',
      url: (i) => `${s.origin}/users/${1 + ((i * 31) % s.users)}${fresh(i)}`,
      target: halfOfDetail,
    },
    {
      label: 'SSR home page, rendered',
      url: (i) => `${s.origin}/${fresh(i)}`,
      target: halfOfDetail,
    },
  ];
  // One URL, as the autocannon asked for it: the production server's micro-cache
  // answers all but the first request of each five seconds.
  const served: Scenario[] = [
    {
      label: 'SSR dataset page, one URL as served',
      url: () => `${s.origin}/datasets/${anId(0)}`,
      target: halfOfDetail,
    },
    {
      label: 'SSR list page, one URL as served',
      url: () => `${s.origin}/datasets`,
      target: halfOfDetail,
    },
    {
      label: 'SSR profile page, one URL as served',
      url: () => `${s.origin}/users/1`,
      target: halfOfDetail,
    },
    { label: 'SSR home page, one URL as served', url: () => `${s.origin}/`, target: halfOfDetail },
  ];
  return [...api_, ...rendered, ...served];
}
