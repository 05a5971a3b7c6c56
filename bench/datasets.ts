/**
 * The datasets API at scale: 100,000 datasets (Chinese and English names and tags, 90 % public)
 * with a version each, served over HTTP on loopback by an in-process server, on PGlite and on
 * PostgreSQL (a fresh database, dropped afterwards; set BENCH_DATABASE_URL or TEST_DATABASE_URL
 * to a server where it may create databases). The load comes from a worker thread
 * (bench/load-worker.ts), so its own work does not queue on the server's event loop. Reports
 * requests/s, p50 and p99 per call.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { createLoginThrottle } from '../src/server/auth/throttle.ts';
import { createTokenService } from '../src/server/auth/tokens.ts';
import { createFsBlobStore } from '../src/server/blobs/fs-store.ts';
import { getConfig } from '../src/server/config.ts';
import type { Context } from '../src/server/context.ts';
import { openDatabase, type Database, type DatabaseOptions } from '../src/server/db/client.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';
import type { BenchFigure, BenchReport } from './report.ts';

const DATASETS = 100_000;
const USERS = 1_000;
const CONCURRENCY = 2;
const MAX_REQUESTS = 2_000;
const MAX_SECONDS = 10;
const WARMUP = 30;
const P99_TARGET_MS = 20;

/** Seeds users, datasets (names, descriptions and tags from word lists) and one version each. */
export const SEED = `
insert into users (username, email, nickname)
select 'user' || i, 'user' || i || '@example.com', '用户' || i from generate_series(1, ${USERS}) i;

insert into blobs (sha256, byte_size) values (repeat('ab', 32), 1234);

with words as (
  select
    array['中国','上海','北京','全球','城市','省级','年度','月度'] zh_place,
    array['人口普查','空气质量','交通流量','房价','降水量','国内生产总值','教育统计','医疗资源'] zh_topic,
    array['World','City','Global','Regional','Annual','Daily','Open','National'] en_place,
    array['population','air quality','traffic','housing prices','rainfall','GDP','education','health'] en_topic,
    array['人口','环境','交通','经济','气候','教育','医疗','城市',
          'census','climate','traffic','economy','health','education','housing','weather'] tag
), rows as (
  select i,
    case when i % 2 = 0
      then zh_place[1 + i % 8] || zh_topic[1 + (i / 8) % 8] || '数据 ' || i
      else en_place[1 + i % 8] || ' ' || en_topic[1 + (i / 8) % 8] || ' data ' || i end as name,
    case when i % 2 = 0
      then '本数据集收录' || zh_place[1 + (i / 3) % 8] || '的' || zh_topic[1 + (i / 5) % 8] || '记录，按年份整理。'
      else 'Records of ' || en_topic[1 + (i / 5) % 8] || ' in ' || en_place[1 + (i / 3) % 8] || ' areas, by year.' end as description,
    array[tag[1 + i % 16], tag[1 + (i / 16) % 16]] as tags
  from generate_series(1, ${DATASETS}) i, words
)
insert into datasets (owner_id, name, description, language, is_public, tags, heat, average_score,
  rating_count, download_count, latest_version, search_text, created_at, updated_at)
select 1 + i % ${USERS}, name, description,
  case when i % 2 = 0 then 'zh-CN' else 'en-US' end,
  i % 10 <> 0, tags, random() * 10, round((random() * 5)::numeric, 2), (random() * 50)::int,
  (random() * 1000)::int, 1, lower(name || ' ' || description || ' ' || array_to_string(tags, ' ')),
  now() - i * interval '1 minute', now() - i * interval '1 minute'
from rows;

insert into dataset_versions (dataset_id, version, changelog, attributes, attribute_types,
  entries_count, byte_size, sha256, preview)
select id, 1, 'initial', '["城市","value"]', '{"城市":"string","value":"integer"}', 100, 1234,
  repeat('ab', 32), '[["北京",1]]'
from datasets;

vacuum analyze;
`;

type Scenario = { label: string; url: (i: number) => string };

const SORTS = ['recent', 'heat', 'downloads', 'score', 'name'];
const scenarios = (publicIds: number[]): Scenario[] => [
  {
    label: 'list (5 sorts, first 5 pages)',
    url: (i) => `/datasets?sort=${SORTS[i % 5]}&offset=${20 * (i % 5)}`,
  },
  {
    label: 'list filtered (tag + language)',
    url: (i) =>
      i % 2 === 0
        ? `/datasets?tags=${encodeURIComponent('人口')}&language=zh-CN`
        : '/datasets?tags=climate&language=en-US&sort=heat',
  },
  { label: 'detail', url: (i) => `/datasets/${publicIds[(i * 7919) % publicIds.length]}` },
  {
    label: 'search "人口普查"',
    url: () => `/datasets/search?query=${encodeURIComponent('人口普查')}`,
  },
  { label: 'search "population"', url: () => '/datasets/search?query=population' },
];

type Result = { count: number; seconds: number; p50: number; p99: number; errors: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Loads one scenario from a worker thread (bench/load-worker.ts). */
async function load(base: string, scenario: Scenario): Promise<Result> {
  const job: LoadJob = {
    urls: Array.from({ length: MAX_REQUESTS }, (_, i) => base + scenario.url(i)),
    warmup: Array.from({ length: WARMUP }, (_, i) => base + scenario.url(i)),
    concurrency: CONCURRENCY,
    maxSeconds: MAX_SECONDS,
  };
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: job });
  const [result] = (await once(worker, 'message')) as [LoadResult];
  await worker.terminate();
  const times = result.times.sort((a, b) => a - b);
  return {
    count: times.length,
    seconds: result.seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors: result.errors,
  };
}

/** Opens a fresh database of the kind, seeds it, serves it and loads every scenario. */
async function benchOn(
  kind: 'pglite' | 'postgres',
  options: DatabaseOptions,
): Promise<BenchFigure[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sheaf-bench-datasets-'));
  let database: Database | undefined;
  try {
    database = await openDatabase(options);
    const t0 = performance.now();
    for (const statement of SEED.split(/;\s*\n\s*\n/)) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
    const seedSeconds = (performance.now() - t0) / 1000;
    console.log(`${kind}: seeded ${DATASETS} datasets in ${seedSeconds.toFixed(1)} s`);
    const idRows: unknown = await database.db.execute(
      sql`select id from datasets where is_public order by id`,
    );
    const publicIds = (idRows as { rows: { id: number }[] }).rows.map((r) => r.id);

    const config = getConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const ctx: Context = {
      db: database.db,
      config,
      blobs: await createFsBlobStore(path.join(dataDir, 'blobs')),
      tokens: createTokenService(randomBytes(32).toString('hex'), config.accessTokenTtl),
      loginThrottle: createLoginThrottle({
        maxFailures: config.loginMaxFailures,
        maxFailuresPerIp: config.loginMaxFailuresPerIp,
        windowSeconds: config.loginWindowSeconds,
      }),
    };
    const app = await buildApp({ ctx, databaseKind: kind });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}/api/v1`;
    const figures: BenchFigure[] = [
      {
        label: `${kind}: seed ${DATASETS.toLocaleString('en')} datasets`,
        value: `${seedSeconds.toFixed(1)} s`,
      },
    ];
    try {
      for (const scenario of scenarios(publicIds)) {
        const r = await load(base, scenario);
        const line = `${(r.count / r.seconds).toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.count} requests${r.errors ? `, ${r.errors} errors` : ''})`;
        console.log(`${kind}: ${scenario.label}: ${line}`);
        const targeted = kind === 'postgres' && /^(list|detail)/.test(scenario.label);
        figures.push({
          label: `${kind}: ${scenario.label}`,
          value: line,
          ...(targeted
            ? { target: `p99 < ${P99_TARGET_MS} ms`, ok: r.p99 < P99_TARGET_MS && r.errors === 0 }
            : {}),
        });
      }
    } finally {
      await app.close();
    }
    return figures;
  } finally {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database for the run; dropped by the returned function. */
async function freshPostgres(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sheaf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.href,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function runDatasetsBench(): Promise<BenchReport> {
  const figures: BenchFigure[] = [];
  figures.push(...(await benchOn('pglite', { kind: 'pglite', dataDir: undefined })));
  const adminUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const pgdb = await freshPostgres(adminUrl);
    try {
      figures.push(...(await benchOn('postgres', { kind: 'postgres', url: pgdb.url })));
    } finally {
      await pgdb.drop();
    }
  } else {
    figures.push({
      label: 'postgres',
      value: 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
    });
  }
  return {
    title: `Datasets API over HTTP: ${DATASETS.toLocaleString('en')} datasets, ${CONCURRENCY} concurrent clients`,
    figures,
  };
}
