/**
 * `npm run bench -- scale`: the deployment of docs/deploy.md (tests/support/deploy-cluster.ts:
 * nginx with deploy/nginx.conf, PostgreSQL, Sheaf processes sharing it) with one and with two
 * processes. Measures, through nginx, the dataset list (JSON) and the server-rendered dataset
 * page from 16 connections in a worker thread (bench/load-worker.ts), and the edge cache's hit
 * ratio under a read-heavy anonymous mix. Needs dist/ (npm run build) and nginx.
 * BENCH_SECONDS sets each measurement's length (default 10).
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { startCluster, type Cluster } from '../tests/support/deploy-cluster.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';
import type { BenchFigure, BenchReport } from './report.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = 16;
const DATASETS = 120;

async function measure(url: (i: number) => string): Promise<{ rps: number; errors: number }> {
  const job: LoadJob = {
    urls: Array.from({ length: 500_000 }, (_, i) => url(i)),
    warmup: Array.from({ length: 40 }, (_, i) => url(i)),
    concurrency: CONNECTIONS,
    maxSeconds: SECONDS,
  };
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: job });
  const [result] = (await once(worker, 'message')) as [LoadResult];
  await worker.terminate();
  return { rps: result.times.length / result.seconds, errors: result.errors };
}

/** A publisher and DATASETS small public datasets; their ids. */
async function seed(cluster: Cluster): Promise<number[]> {
  const username = `scale${Date.now().toString(36)}`;
  const registered = await fetch(`${cluster.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'bench-pass-9' }),
  });
  const { access_token: token } = (await registered.json()) as { access_token: string };
  const ids: number[] = [];
  for (let i = 0; i < DATASETS; i++) {
    const rows = Array.from({ length: 50 }, (_, r) => `城市${r},${r * i}`).join('\n');
    const res = await fetch(`${cluster.url}/api/v1/datasets?name=scale%20${i}&tags=bench`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: `city,n\n${rows}\n`,
    });
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** Share of anonymous page reads nginx answered from its cache (X-Cache-Status HIT). */
async function edgeHitRatio(cluster: Cluster, ids: number[]): Promise<number> {
  // What visitors read most: the home page, then dataset pages and lists.
  const paths = ['/', '/', '/', '/en-US', ...ids.slice(0, 6).map((id) => `/datasets/${id}`)];
  let hits = 0;
  let total = 0;
  const until = performance.now() + SECONDS * 1000;
  const client = async (offset: number) => {
    for (let i = offset; performance.now() < until; i++) {
      const path = paths[i % paths.length]!;
      const locale = path.startsWith('/en-US') ? 'en-US' : 'zh-CN';
      const res = await fetch(`${cluster.url}${path}`, { headers: { cookie: `locale=${locale}` } });
      await res.arrayBuffer();
      total++;
      if (res.headers.get('x-cache-status') === 'HIT') hits++;
    }
  };
  await Promise.all([0, 1, 2, 3].map(client));
  return total === 0 ? 0 : hits / total;
}

type Run = { list: number; page: number; errors: number; hitRatio: number };

async function runWith(origins: number): Promise<Run> {
  const cluster = await startCluster({
    basePort: 41_000 + (process.pid % 1000) * 4,
    origins,
    env: { LOG_LEVEL: 'error' },
  });
  try {
    const ids = await seed(cluster);
    const list = await measure(
      (i) => `${cluster.url}/api/v1/datasets?offset=${(i * 20) % DATASETS}&limit=20`,
    );
    const page = await measure((i) => `${cluster.url}/datasets/${ids[i % ids.length]}`);
    const hitRatio = await edgeHitRatio(cluster, ids);
    return { list: list.rps, page: page.rps, errors: list.errors + page.errors, hitRatio };
  } finally {
    await cluster.stop();
  }
}

export async function runScaleBench(): Promise<BenchReport> {
  const one = await runWith(1);
  const two = await runWith(2);
  const rps = (n: number) => `${Math.round(n)} req/s`;
  const figures: BenchFigure[] = [
    { label: 'dataset list through nginx, 1 process', value: rps(one.list) },
    { label: 'dataset list through nginx, 2 processes', value: rps(two.list) },
    { label: 'dataset list, 2 ÷ 1 processes', value: `${(two.list / one.list).toFixed(2)}×` },
    { label: 'SSR dataset page through nginx, 1 process', value: rps(one.page) },
    { label: 'SSR dataset page through nginx, 2 processes', value: rps(two.page) },
    { label: 'SSR dataset page, 2 ÷ 1 processes', value: `${(two.page / one.page).toFixed(2)}×` },
    {
      label: 'edge cache hit ratio, anonymous read mix (2 processes)',
      value: `${(two.hitRatio * 100).toFixed(1)} %`,
    },
    {
      label: 'answers other than 200',
      value: String(one.errors + two.errors),
      target: '0',
      ok: one.errors + two.errors === 0,
    },
  ];
  return {
    title: `Scale-out through nginx (${CONNECTIONS} connections, ${SECONDS} s each)`,
    figures,
  };
}
