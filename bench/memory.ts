/**
 * `npm run bench -- memory`: does memory come back? The server as it is deployed (the bundle
 * `npm run build` writes, else `src/server/main.ts`; embedded PostgreSQL, its own DATA_DIR) is
 * weighed idle, then loaded for MEMORY_LOAD_SECONDS (default 60) by MEMORY_CLIENTS (default 4)
 * clients with uploads, rows pages, downloads and compares (bench/memory-load.ts), its RSS read
 * from /proc every second, then every 10 s for a minute after the load. Targets (issue 42): RSS
 * never past 400 MB, and within 20 % of idle a minute after the load. The server's environment
 * is the bench's, so `MALLOC_ARENA_MAX=2 npm run bench -- memory` or `DUCKDB_MEMORY_MB=…` weigh
 * a setting.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, signUp, startServer } from './faults-server.ts';
import { load, ROWS } from './memory-load.ts';
import type { BenchFigure, BenchReport } from './report.ts';

const LOAD_SECONDS = Number(process.env['MEMORY_LOAD_SECONDS'] ?? 60);
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
    let peak = idle;
    const sampler = setInterval(() => {
      const now = memoryOf(pid);
      if (now.rss > peak.rss) peak = now;
    }, 1000);
    const started = performance.now();
    const tally = await load(server.base, auth, LOAD_SECONDS, CLIENTS);
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
    ];
    return { title: 'Memory: load, then a minute of rest', figures };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
