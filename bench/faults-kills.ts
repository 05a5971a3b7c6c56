/**
 * Kills: the embedded PostgreSQL server killed (SIGKILL, an immediate stop) under read load, and
 * the Sheaf process killed in the middle of a large streamed publish, then started again on the
 * same DATA_DIR. What counts: no crash, errors that say "unavailable" (503) rather than 500,
 * how long until service is back, and nothing half-written.
 */
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { postmasterPid, startServer, Tally, type Server } from './faults-server.ts';
import type { BenchFigure } from './report.ts';

/** 2 readers for `ms`, tallying answers. */
async function readLoad(base: string, ms: number, tally: Tally): Promise<void> {
  const deadline = performance.now() + ms;
  const reader = async () => {
    for (let i = 0; performance.now() < deadline; i++) {
      try {
        const res = await fetch(`${base}/api/v1/datasets?limit=10&offset=${i % 20}`);
        await res.arrayBuffer();
        tally.add(res.status);
      } catch {
        tally.add('network');
      }
    }
  };
  await Promise.all([reader(), reader()]);
}

/**
 * Polls `url` every 50 ms for `ms`: how long after the start the last failed answer came (0
 * when none failed), i.e. when service was back for good.
 */
async function recovery(url: string, ms: number): Promise<number> {
  const started = performance.now();
  let lastFailure = 0;
  while (performance.now() - started < ms) {
    const status = await fetch(url)
      .then(async (res) => (await res.arrayBuffer(), res.status))
      .catch(() => 0);
    if (status !== 200) lastFailure = performance.now() - started;
    await sleep(50);
  }
  return lastFailure;
}

export async function killDatabase(server: Server): Promise<BenchFigure[]> {
  const pid = postmasterPid(server.dataDir);
  if (!pid) return [{ label: 'database kill', value: 'not the embedded PostgreSQL: skipped' }];
  const tally = new Tally();
  const load = readLoad(server.base, 9000, tally);
  await sleep(2000);
  process.kill(pid, 'SIGKILL');
  const back = await recovery(`${server.base}/api/v1/datasets?limit=1`, 6000);
  await load;
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const fives = Number(tally.counts.get('500') ?? 0) + Number(tally.counts.get('network') ?? 0);
  return [
    { label: 'database kill: answers under load', value: tally.toString() },
    {
      label: 'database kill: Sheaf still running',
      value: alive ? 'yes' : 'no',
      target: 'yes',
      ok: alive,
    },
    {
      label: 'database kill: 500s or no answer',
      value: String(fives),
      target: '0 (503 while down)',
      ok: fives === 0,
    },
    {
      label: 'database kill: back after',
      value: `${(back / 1000).toFixed(2)} s`,
      target: '< 2 s',
      ok: back < 2000,
    },
  ];
}

/** Files below DATA_DIR/blobs (a blob is stored once, with its derived files beside it). */
async function blobFiles(dataDir: string): Promise<number> {
  const entries = await readdir(path.join(dataDir, 'blobs'), {
    recursive: true,
    withFileTypes: true,
  });
  return entries.filter((e) => e.isFile()).length;
}

/**
 * Streams an endless CSV to the streamed upload (node:http, so that the socket's backpressure
 * paces it) until the connection breaks.
 */
function endlessUpload(base: string, auth: Record<string, string>): Promise<void> {
  const rows = Array.from({ length: 20_000 }, (_, i) => `城市${i},${2000 + (i % 25)},${i}`);
  const chunk = Buffer.from(rows.join('\n') + '\n');
  return new Promise((resolve) => {
    const req = request(`${base}/api/v1/datasets?name=killed`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => (res.resume(), resolve()));
    req.write('city,year,people\n');
    const pump = () => {
      while (!req.destroyed && req.write(chunk));
      if (!req.destroyed) req.once('drain', pump);
    };
    pump();
  });
}

export async function killPublish(
  server: Server,
  auth: Record<string, string>,
  port: number,
): Promise<{ figures: BenchFigure[]; server: Server }> {
  const count = async (s: Server) => {
    const res = await fetch(`${s.base}/api/v1/datasets/me?limit=1`, { headers: auth });
    return ((await res.json()) as { total: number }).total;
  };
  const before = await count(server);
  const filesBefore = await blobFiles(server.dataDir);
  const upload = endlessUpload(server.base, auth);
  await sleep(3000);
  const exited = once(server.child, 'exit');
  server.child.kill('SIGKILL');
  await Promise.all([upload, exited]);
  const restarted = performance.now();
  const again = await startServer(server.dataDir, port);
  const restart = (performance.now() - restarted) / 1000;
  const after = await count(again);
  const stray = (await blobFiles(again.dataDir)) - filesBefore;
  return {
    server: again,
    figures: [
      {
        label: 'publish kill: datasets before → after',
        value: `${before} → ${after}`,
        target: 'unchanged',
        ok: before === after,
      },
      {
        label: 'publish kill: restart to /health',
        value: `${restart.toFixed(1)} s`,
        target: '< 30 s',
        ok: restart < 30,
      },
      {
        label: 'publish kill: stray blob files',
        value: `${stray} (the sweep removes them after 1 h)`,
      },
    ],
  };
}
