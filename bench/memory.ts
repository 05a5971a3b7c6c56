/**
 * `npm run bench -- memory`: does memory come back? The server as it is deployed (the bundle
 * `npm run build` writes, else `src/server/main.ts`; embedded PostgreSQL, its own DATA_DIR) is
 * weighed idle, then loaded with MEMORY_STEPS requests (default 120; at most MEMORY_LOAD_SECONDS,
 * default 600) from MEMORY_CLIENTS (default 4) clients — uploads, rows pages, downloads and
 * compares (bench/memory-load.ts) — its RSS read from /proc every second, then every 10 s for a
 * minute after the load. A fixed number of requests, not a time, so that runs on a busy machine
 * do the same work. Targets (issue 42): RSS
 * never past 400 MB, and within 20 % of idle a minute after the load. The server's environment
 * is the bench's, so `MALLOC_ARENA_MAX=2 npm run bench -- memory` or `DUCKDB_MEMORY_MB=…` weigh
 * a setting.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, publish, signUp, startServer } from './faults-server.ts';
import { load, ROWS, tableCsv } from './memory-load.ts';
import type { BenchFigure, BenchReport } from './report.ts';

const STEPS = Number(process.env['MEMORY_STEPS'] ?? 120);
const LOAD_SECONDS = Number(process.env['MEMORY_LOAD_SECONDS'] ?? 600);
const CLIENTS = Number(process.env['MEMORY_CLIENTS'] ?? 4);
const PEAK_TARGET_MB = 400;
const BUNDLE = 'dist/node/main.mjs';

/** The process's resident memory, all of it and its anonymous part (heap, arenas), in MB. */
function memoryOf(pid: number | undefined): { rss: number; anon: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024 };
  } catch {
    return { rss: 0, anon: 0 };
  }
}

const mb = (n: number) => `${n.toFixed(0)} MB`;
const pct = (n: number, of: number) => `${n >= of ? '+' : ''}${((n / of - 1) * 100).toFixed(0)} %`;

/**
 * Idle again after one small upload and a page of its rows, once the server has had 25 s of
 * quiet: DuckDB's library (about 35 MB of code) is then loaded, as it stays once a table is read.
 */
async function warmIdle(base: string, auth: Record<string, string>, pid: number | undefined) {
  const id = await publish(base, auth, '内存 预热', tableCsv(100, 0));
  await (await fetch(`${base}/api/v1/datasets/${id}/versions/1/rows?limit=50`)).arrayBuffer();
  await sleep(25_000);
  return memoryOf(pid);
}

export async function runMemoryBench(): Promise<BenchReport> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sheaf-memory-'));
  const entry = existsSync(BUNDLE) ? BUNDLE : 'src/server/main.ts';
  const server = await startServer(dataDir, await freePort(), {}, entry);
  const pid = server.child.pid;
  try {
    const auth = await signUp(server.base, 'memory');
    await sleep(10_000);
    const idle = memoryOf(pid);
    console.log(`memory: ${entry}, idle ${mb(idle.rss)} (anonymous ${mb(idle.anon)})`);
    const warm = await warmIdle(server.base, auth, pid);
    console.log(`memory: idle after a first table read ${mb(warm.rss)}`);
    let peak = idle;
    const sampler = setInterval(() => {
      const now = memoryOf(pid);
      if (now.rss > peak.rss) peak = now;
    }, 1000);
    const started = performance.now();
    const tally = await load(server.base, auth, {
      steps: STEPS,
      seconds: LOAD_SECONDS,
      clients: CLIENTS,
    });
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const ended = memoryOf(pid);
    const after: { rss: number; anon: number }[] = [];
    for (let i = 0; i < 6; i++) {
      await sleep(10_000);
      after.push(memoryOf(pid));
      console.log(`memory: ${(i + 1) * 10} s after the load: ${mb(after.at(-1)!.rss)}`);
    }
    const minute = after.at(-1)!;
    const figures: BenchFigure[] = [
      { label: 'server', value: `${entry}, ${ROWS.toLocaleString('en')}-row tables` },
      {
        label: 'load',
        value: `${tally.total} requests in ${seconds.toFixed(0)} s, ${CLIENTS} clients: ${tally.toString()}`,
      },
      { label: 'idle RSS (anonymous)', value: `${mb(idle.rss)} (${mb(idle.anon)})` },
      {
        label: 'peak RSS under load (anonymous)',
        value: `${mb(peak.rss)} (${mb(peak.anon)})`,
        target: `≤ ${PEAK_TARGET_MB} MB`,
        ok: peak.rss <= PEAK_TARGET_MB,
      },
      {
        label: 'idle after one small table read (DuckDB loaded)',
        value: `${mb(warm.rss)} (${mb(warm.anon)})`,
      },
      { label: 'RSS as the load ended', value: mb(ended.rss) },
      {
        label: 'RSS every 10 s after (MB)',
        value: after.map((s) => s.rss.toFixed(0)).join(' '),
      },
      {
        label: 'RSS a minute after (anonymous)',
        value: `${mb(minute.rss)} (${mb(minute.anon)}), ${pct(minute.rss, idle.rss)} from idle`,
        target: '≤ +20 %',
        ok: minute.rss <= idle.rss * 1.2,
      },
      {
        label: 'RSS a minute after, from idle after a table read',
        value: pct(minute.rss, warm.rss),
      },
    ];
    return { title: 'Memory: load, then a minute of rest', figures };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
