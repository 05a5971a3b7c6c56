/**
 * The datasets API and pages at scale (issue "Fast at 100,000 datasets and beyond"):
 * BENCH_DATASETS datasets (default 100,000; Chinese and English, 90 % public, one version each),
 * on the embedded default (a PostgreSQL server of our own in a temporary folder), on PGlite
 * (`BENCH_KINDS=pglite`) and on an external PostgreSQL (a fresh database, dropped afterwards; set
 * BENCH_DATABASE_URL or TEST_DATABASE_URL to a server where it may create databases). Each call
 * is loaded over HTTP on loopback by 10 connections from a worker thread (bench/load-worker.ts)
 * for BENCH_SECONDS (default 5) and reported as p95, p99, requests/s and the ratio to a bare
 * Fastify hello-world measured in the same run. Like the issue's autocannon, the client asks
 * for no compression; BENCH_ACCEPT_ENCODING (e.g. `gzip`) sends that Accept-Encoding instead.
 * Server-rendered pages are included when the site is built (`npm run build`). The machine's
 * load average is reported beside the figures. BENCH_CPU_PROF=<folder> saves a CPU profile of the
 * server's thread per call (bench/cpu-profile.ts).
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { createFsBlobStore } from '../src/server/blobs/fs-store.ts';
import { getConfig } from '../src/server/config.ts';
import { createContext, type Context } from '../src/server/context.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { openDatabase, type Db, type DatabaseOptions } from '../src/server/db/client.ts';
import { forgetCounts } from '../src/server/services/datasets/counts.ts';
import { mountSite } from '../src/server/site/mount.ts';
import { createServedSite } from '../src/server/site/services.ts';
import { profiled } from './cpu-profile.ts';
import { seed } from './datasets-seed.ts';
import { scenarios, type Figures, type Measured, type Setting } from './datasets-scenarios.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';
import type { BenchFigure, BenchReport } from './report.ts';

const DATASETS = Number(process.env['BENCH_DATASETS'] ?? 100_000);
const USERS = Math.max(1_000, Math.floor(DATASETS / 100));
const CONNECTIONS = 10;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
// BENCH_ONLY: measure only the calls whose label contains it (and the JSON detail, for ratios).
const WARMUP = 50;
const DIST_DIR = path.resolve(process.env['DIST_DIR'] ?? 'dist');
const ACCEPT_ENCODING = process.env['BENCH_ACCEPT_ENCODING'] || undefined;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A worker thread loading `url(i)` from 10 connections for `seconds`. */
function load(url: (i: number) => string, seconds: number, warmup = WARMUP) {
  const job: LoadJob = {
    urls: Array.from({ length: 200_000 }, (_, i) => url(i)),
    // Other URLs than the measured ones, so that no rendered page is cached before it is measured.
    warmup: Array.from({ length: warmup }, (_, i) => url(1_000_000 + i)),
    concurrency: CONNECTIONS,
    maxSeconds: seconds,
    acceptEncoding: ACCEPT_ENCODING,
  };
  return new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: job });
}

/** Loads `url(i)` from 10 connections for SECONDS, `beside(i)` from 10 more meanwhile. */
async function measure(
  url: (i: number) => string,
  beside?: (i: number) => string,
): Promise<Measured> {
  const other = beside && load(beside, SECONDS + 2, 0);
  const worker = load(url, SECONDS);
  const [result] = (await once(worker, 'message')) as [LoadResult];
  await worker.terminate();
  await other?.terminate();
  const times = result.times.sort((a, b) => a - b);
  return {
    rps: times.length / result.seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors,
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Requests/s of a bare Fastify hello-world on this machine, now. */
async function helloWorld(): Promise<Measured> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const base = await listen(app);
  try {
    return await measure(() => `${base}/`);
  } finally {
    await app.close();
  }
}

async function rowsOf<T>(db: Db, query: string): Promise<T[]> {
  const result: unknown = await db.execute(sql.raw(query));
  return (result as { rows: T[] }).rows;
}

/**
 * Publishes one real dataset through the API and points every seeded version at its stored
 * content, so that pages which read a version's rows find them.
 */
async function shareRealContent(ctx: Context, origin: string): Promise<void> {
  const token = await ctx.tokens.signAccess({ userId: 1, role: 'user' });
  const res = await fetch(`${origin}/api/v1/datasets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: '城市人口 sample',
      attributes: ['城市', 'value'],
      entries: Array.from({ length: 100 }, (_, i) => [`城市${i}`, i]),
    }),
  });
  if (res.status !== 201) throw new Error(`publishing the sample failed: ${res.status}`);
  await ctx.db.execute(sql`
    update dataset_versions v set sha256 = s.sha256, byte_size = s.byte_size
    from (select sha256, byte_size from dataset_versions order by id desc limit 1) s`);
}

/** What the scenarios need to know about the seeded data. */
async function settingOf(db: Db, origin: string, site: boolean): Promise<Setting> {
  const ids = await rowsOf<{ id: number }>(
    db,
    'select id from datasets where is_public order by id',
  );
  const deep = Math.max(0, ids.length - 40);
  const res = await fetch(`${origin}/api/v1/datasets?offset=${deep}`);
  const body = (await res.json()) as { next_cursor: string | null };
  return {
    origin,
    db,
    site,
    publicIds: ids.map((r) => Number(r.id)),
    users: USERS,
    deepOffset: ids.length - 20,
    deepCursor: body.next_cursor ?? '',
  };
}

const line = (m: Measured, hello: Measured) =>
  `p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, ${m.rps.toFixed(0)} req/s, ` +
  `${(m.rps / hello.rps).toFixed(3)}× hello${m.errors ? `, ${m.errors} errors` : ''}`;

/** Seeds a fresh database of the kind, serves it and measures every scenario. */
async function benchOn(kind: 'embedded' | 'pglite' | 'postgres', options: DatabaseOptions) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sheaf-bench-datasets-'));
  const database = await openDatabase(options);
  try {
    const t0 = performance.now();
    await seed(database, DATASETS, USERS);
    const seconds = (performance.now() - t0) / 1000;
    console.log(`${kind}: seeded ${DATASETS} datasets in ${seconds.toFixed(1)} s`);
    // Throughput, not the rate limit, is measured: ten connections share one address.
    const config = getConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_IP_PER_MINUTE: '0',
      RATE_LIMIT_USER_PER_MINUTE: '0',
    });
    const blobs = await createFsBlobStore(path.join(dataDir, 'blobs'));
    const jwtSecret = randomBytes(32).toString('hex');
    const ctx = await createContext({ config, database, blobs, jwtSecret });
    const app = await buildApp({ ctx });
    const site = existsSync(path.join(DIST_DIR, 'server', 'entry.mjs'));
    if (site) {
      // As the production server runs it (src/server/main.ts): with the page micro-cache.
      const { services, pageCache } = createServedSite(ctx);
      await mountSite(app, { distDir: DIST_DIR, services, secureCookies: false, pageCache });
    }
    const origin = await listen(app);
    await shareRealContent(ctx, origin);
    const setting = await settingOf(database.db, origin, site);
    try {
      return await measureAll(kind, setting, seconds);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `, total N` when the call answers a list, else nothing. */
async function totalOf(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.headers.get('content-type')?.includes('json')) return '';
  const body = (await res.json()) as { total?: number };
  return body.total === undefined ? '' : `, total ${body.total.toLocaleString('en')}`;
}

async function measureAll(kind: string, setting: Setting, seedSeconds: number) {
  const loadBefore = loadavg()[0]!;
  const hello = await helloWorld();
  const figures: BenchFigure[] = [
    { label: `${kind}: seed`, value: `${seedSeconds.toFixed(1)} s` },
    { label: `${kind}: bare Fastify hello-world`, value: line(hello, hello) },
  ];
  const measured: Figures = new Map();
  const only = process.env['BENCH_ONLY'];
  const chosen = scenarios(setting, DATASETS).filter(
    (s) => !only || s.label.includes(only) || s.label === 'JSON detail',
  );
  for (const scenario of chosen) {
    const clearing = scenario.cold ? setInterval(() => forgetCounts(setting.db), 1) : undefined;
    const m = await profiled(`${kind} ${scenario.label}`, () =>
      measure(scenario.url, scenario.beside),
    );
    clearInterval(clearing);
    measured.set(scenario.label, m);
    const total = await totalOf(scenario.url(0));
    const verdict = scenario.target?.(m, measured);
    figures.push({
      label: `${kind}: ${scenario.label}`,
      value: line(m, hello) + total,
      ...(verdict ? { target: verdict.text, ok: verdict.ok && m.errors === 0 } : {}),
    });
    console.log(`${kind}: ${scenario.label}: ${line(m, hello)}${total}`);
  }
  figures.push({
    label: `${kind}: machine load`,
    value: `1-minute load average ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
  });
  return figures;
}

/** A fresh PostgreSQL database for the run; dropped by the returned function. */
async function freshPostgres(adminUrl: string) {
  const name = `sheaf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return { url: u.href, drop };
}

export async function runDatasetsBench(): Promise<BenchReport> {
  process.env['NODE_ENV'] ??= 'production';
  const figures: BenchFigure[] = [];
  const kinds = (process.env['BENCH_KINDS'] ?? 'embedded,postgres').split(',');
  if (kinds.includes('embedded')) {
    // The embedded default: a PostgreSQL server of our own (db/embedded-postgres.ts).
    const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-bench-embedded-'));
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const server = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), log: quiet });
    try {
      figures.push(...(await benchOn('embedded', { kind: 'postgres', url: server.url })));
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (kinds.includes('pglite')) {
    figures.push(...(await benchOn('pglite', { kind: 'pglite', dataDir: undefined })));
  }
  const adminUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  if (kinds.includes('postgres') && adminUrl) {
    const fresh = await freshPostgres(adminUrl);
    try {
      figures.push(...(await benchOn('postgres', { kind: 'postgres', url: fresh.url })));
    } finally {
      await fresh.drop();
    }
  } else if (kinds.includes('postgres')) {
    figures.push({
      label: 'postgres',
      value: 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
    });
  }
  return {
    title: `Datasets at scale: ${DATASETS.toLocaleString('en')} datasets, ${CONNECTIONS} connections, ${SECONDS} s per call, ${ACCEPT_ENCODING ? `Accept-Encoding: ${ACCEPT_ENCODING}` : 'uncompressed'}`,
    figures,
  };
}
