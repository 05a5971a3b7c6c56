/**
 * Restart time (docs/performance.md, "Memory and start-up"): `npm start`'s command line on an
 * existing DATA_DIR holding BENCH_DATASETS seeded datasets (default 100,000; bench/datasets-seed.ts),
 * timed from spawn to the first 200 on `/`, BENCH_RUNS times (default 3) after one unmeasured
 * start. On the embedded default and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on an external
 * PostgreSQL (a fresh database, dropped afterwards). The last run's idle RSS is read 40 s after
 * its start (BENCH_IDLE_SECONDS). BENCH_ENTRIES (comma-separated) starts other entries in turn, e.g.
 * `src/server/main.ts` (the unbundled server) beside `scripts/start.js`. BENCH_CPU_PROF=<folder>
 * writes each run's `--cpu-prof` there.
 * Expects `npm run build` to have run.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';
import { seed } from './datasets-seed.ts';
import { freePort } from './faults-server.ts';
import type { BenchFigure, BenchReport } from './report.ts';

const DATASETS = Number(process.env['BENCH_DATASETS'] ?? 100_000);
const USERS = Math.max(1_000, Math.floor(DATASETS / 100));
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const IDLE_SECONDS = Number(process.env['BENCH_IDLE_SECONDS'] ?? 40);
const CPU_PROF = process.env['BENCH_CPU_PROF'];
const ENTRIES = (process.env['BENCH_ENTRIES'] ?? 'scripts/start.js').split(',');
const TARGET_SECONDS = 3;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Migrates the database at `url` and fills it with the seed. */
async function seeded(url: string): Promise<number> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const t0 = performance.now();
    await seed(database, DATASETS, USERS);
    return (performance.now() - t0) / 1000;
  } finally {
    await database.close();
  }
}

type Start = { seconds: number; listening: number; cpuSeconds: number; rssMb?: number };

/** User and system CPU seconds the process has used so far (Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Runs the entry once: seconds to the first 200 on `/` (and, within them, to the first answer on
 * the health check: the rest is the first page's rendering), then stops it.
 */
async function startOnce(
  entry: string,
  env: Record<string, string>,
  idle: boolean,
): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const prof = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...prof, entry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_SITE_URL: base,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let listening = 0;
    for (const url of [`${base}/api/v1/health`, `${base}/`]) {
      for (;;) {
        if (child.exitCode !== null) throw new Error('the server exited while starting');
        const res = await fetch(url).catch(() => null);
        if (res?.status === 200) break;
        await sleep(10);
      }
      listening ||= (performance.now() - t0) / 1000;
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = cpuSecondsOf(child.pid!);
    if (!idle) return { seconds, listening, cpuSeconds };
    await sleep(Math.max(0, IDLE_SECONDS * 1000 - (performance.now() - t0)));
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
    return { seconds, listening, cpuSeconds, rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');

/** Figures of one entry's timed starts. */
function figuresOf(label: string, starts: Start[]): BenchFigure[] {
  const seconds = starts.map((s) => s.seconds);
  const cpu = starts.map((s) => s.cpuSeconds);
  const listening = starts.map((s) => s.listening);
  const rss = starts.at(-1)?.rssMb;
  return [
    {
      label: `${label}: restart to first 200 on /`,
      value:
        `median ${median(seconds).toFixed(2)} s (${list(seconds)}); ` +
        `listening at ${list(listening)} s; CPU ${list(cpu)} s`,
      target: `< ${TARGET_SECONDS} s`,
      ok: median(seconds) < TARGET_SECONDS,
    },
    ...(rss === undefined
      ? []
      : [
          {
            label: `${label}: idle RSS ${IDLE_SECONDS} s after start`,
            value: `${rss.toFixed(0)} MB`,
            target: '< 200 MB',
            ok: rss < 200,
          },
        ]),
  ];
}

/**
 * One unmeasured start of each entry (it also warms the page cache of the files), then RUNS
 * timed rounds, the entries taking turns within each so that both see the same machine load.
 */
async function restarts(kind: string, env: Record<string, string>): Promise<BenchFigure[]> {
  for (const entry of ENTRIES) await startOnce(entry, env, false);
  const loadBefore = loadavg()[0]!;
  const starts = new Map<string, Start[]>(ENTRIES.map((e) => [e, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const entry of ENTRIES) {
      const start = await startOnce(entry, env, i === RUNS - 1 && IDLE_SECONDS > 0);
      starts.get(entry)!.push(start);
      const detail = `listening at ${start.listening.toFixed(2)} s, ${start.cpuSeconds.toFixed(2)} s CPU`;
      console.log(`${kind}, ${entry}: start ${i + 1}: ${start.seconds.toFixed(2)} s (${detail})`);
    }
  }
  return [
    ...[...starts].flatMap(([entry, s]) => figuresOf(`${kind}, ${entry}`, s)),
    {
      label: `${kind}: machine load`,
      value: `1-minute load average ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
    },
  ];
}

/**
 * BENCH_DATA_DIR: a DATA_DIR kept between runs — seeded when it has no database yet, reused as it
 * is otherwise (the seed takes minutes at 100,000).
 */
async function onEmbedded(): Promise<BenchFigure[]> {
  const kept = process.env['BENCH_DATA_DIR'];
  const dataDir = kept ?? (await mkdtemp(path.join(tmpdir(), 'sheaf-bench-startup-')));
  try {
    if (!kept || !existsSync(path.join(kept, 'postgres'))) {
      const dir = path.join(dataDir, 'postgres');
      const server = await startEmbeddedPostgres({ dir, log: quiet });
      try {
        const seconds = await seeded(server.url);
        console.log(`embedded: seeded ${DATASETS} datasets in ${seconds.toFixed(1)} s`);
      } finally {
        await server.stop();
      }
    }
    return await restarts('embedded', { DATA_DIR: dataDir });
  } finally {
    if (!kept) await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string): Promise<BenchFigure[]> {
  const name = `sheaf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sheaf-bench-startup-'));
  try {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const seconds = await seeded(u.href);
    console.log(`postgres: seeded ${DATASETS} datasets in ${seconds.toFixed(1)} s`);
    return await restarts('postgres', { DATA_DIR: dataDir, DATABASE_URL: u.href });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function runStartupBench(): Promise<BenchReport> {
  const kinds = (process.env['BENCH_KINDS'] ?? 'embedded,postgres').split(',');
  const figures: BenchFigure[] = [];
  if (kinds.includes('embedded')) figures.push(...(await onEmbedded()));
  const adminUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  if (kinds.includes('postgres') && adminUrl) figures.push(...(await onPostgres(adminUrl)));
  else if (kinds.includes('postgres')) {
    figures.push({
      label: 'postgres',
      value: 'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
    });
  }
  return {
    title: `Restart: ${DATASETS.toLocaleString('en')} datasets, ${RUNS} starts per database`,
    figures,
  };
}
