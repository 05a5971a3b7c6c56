/**
 * The fault suite's server: the real `src/server/main.ts` as a child process on a DATA_DIR of
 * its own (embedded PostgreSQL, as `npm start` runs it), so that it can be killed, restarted and
 * weighed (RSS from /proc) like a deployed one. Also a small API client for the scenarios.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';
import { ALLOCATOR_ENV } from '../scripts/start.js';

export type Server = {
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** Stops it: SIGTERM, then SIGKILL after 10 s. */
  stop: () => Promise<void>;
};

const DIST_DIR = path.resolve(process.env['DIST_DIR'] ?? 'dist');
/** Whether the site is built, so that server-rendered pages can be loaded too. */
export const hasSite = existsSync(path.join(DIST_DIR, 'server', 'entry.mjs'));

/** A TCP port free on loopback now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the server (`entry`: its sources, or the bundle `npm run build` writes) on `port` with
 * `dataDir` (and `env`) and waits until /health answers 200.
 */
export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  entry = 'src/server/main.ts',
): Promise<Server> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      // As `npm start` runs it (scripts/start.js), unless the bench's own environment says else.
      ...ALLOCATOR_ENV,
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(hasSite && { DIST_DIR }),
      PORT: String(port),
      LOG_LEVEL: 'fatal',
      RATE_LIMIT_IP_PER_MINUTE: '0',
      RATE_LIMIT_USER_PER_MINUTE: '0',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntil(async () => {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    return (await fetch(`${base}/api/v1/health`)).status === 200;
  }, 120_000);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { base, dataDir, child, stop };
}

/** Polls `check` every 100 ms until it is true; the milliseconds it took. */
async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const ready = await check().catch((error: unknown) => {
      if (error instanceof Error && error.message.startsWith('the server exited')) throw error;
      return false;
    });
    if (ready) return performance.now() - started;
    await sleep(100);
  }
  throw new Error(`not ready after ${timeoutMs} ms`);
}

/** Resident memory of a process in MB (0 when it is gone). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The embedded PostgreSQL server's process id, from its postmaster.pid. */
export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'data', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined;
}

/** Answers counted by status ('network' when no answer came). */
export class Tally {
  readonly counts = new Map<string, number>();
  add(status: number | 'network'): void {
    const key = String(status);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
  /** Answers with a status of 500 or more, or none at all. */
  get failures(): number {
    return [...this.counts].reduce(
      (n, [k, v]) => (k === 'network' || Number(k) >= 500 ? n + v : n),
      0,
    );
  }
  toString(): string {
    return [...this.counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}×${v}`)
      .join(' ');
  }
}

/** A registered user's bearer header on `base`. */
export async function signUp(base: string, username: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'Secret-pass-1' }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register: ${res.status}`);
  const { access_token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/** A small CSV of `rows` rows (city, year, people). */
export const smallCsv = (rows: number, seed = 0): string =>
  [
    'city,year,people',
    ...Array.from({ length: rows }, (_, i) => `城市${seed}-${i},${2000 + (i % 25)},${i * 37}`),
  ].join('\n');

/** Publishes a dataset from a CSV (the streamed upload); its id. */
export async function publish(
  base: string,
  auth: Record<string, string>,
  name: string,
  csv: string,
): Promise<number> {
  const res = await fetch(`${base}/api/v1/datasets?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: csv,
  });
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}
