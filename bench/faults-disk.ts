/**
 * The disk under the table files fills up: the server runs with BLOB_STORE on a small tmpfs
 * (mounting one needs root; otherwise the scenario reports that it did not run). A publish on
 * the full disk must be refused with 507 INSUFFICIENT_STORAGE, leave no dataset behind, and turn
 * /health to 503 degraded; once space is freed, publishing works again without a restart.
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, publish, signUp, smallCsv, startServer } from './faults-server.ts';
import type { BenchFigure } from './report.ts';

/** Writes zeros into `file` until the file system refuses (ENOSPC). */
async function fill(file: string): Promise<void> {
  const handle = await open(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) await handle.write(chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    await handle.close();
  }
}

/** How many datasets the signed-in user has. */
const ownTotal = async (base: string, auth: Record<string, string>) => {
  const res = await fetch(`${base}/api/v1/datasets/me`, { headers: auth });
  return ((await res.json()) as { total: number }).total;
};

export async function fullDisk(): Promise<BenchFigure[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'sheaf-disk-'));
  // The embedded PostgreSQL runs as its own user, which must be able to enter the folder.
  await chmod(work, 0o755);
  const small = path.join(work, 'tables');
  await mkdir(small);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', small]);
  if (mounted.status !== 0) {
    await rm(work, { recursive: true, force: true });
    return [{ label: 'disk full', value: 'not run (mounting a small file system needs root)' }];
  }
  const server = await startServer(path.join(work, 'data'), await freePort(), {
    BLOB_STORE: pathToFileURL(small).href,
  });
  try {
    const auth = await signUp(server.base, 'diskfull');
    await publish(server.base, auth, 'before full', smallCsv(50));
    await fill(path.join(small, 'filler'));
    const refused = await fetch(`${server.base}/api/v1/datasets?name=when%20full`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: smallCsv(2_000, 7),
    });
    const answer = (await refused.json()) as { code?: string };
    const health = await fetch(`${server.base}/api/v1/health`);
    const left = (await ownTotal(server.base, auth)) - 1;
    await rm(path.join(small, 'filler'));
    const again = await publish(server.base, auth, 'after freeing', smallCsv(50)).then(
      () => 201,
      () => 0,
    );
    const healthAfter = (await fetch(`${server.base}/api/v1/health`)).status;
    return [
      {
        label: 'publish on a full disk',
        value: `${refused.status} ${answer.code ?? ''}`,
        target: '507 INSUFFICIENT_STORAGE',
        ok: refused.status === 507 && answer.code === 'INSUFFICIENT_STORAGE',
      },
      { label: 'datasets left by it', value: String(left), target: '0', ok: left === 0 },
      {
        label: '/health while full',
        value: String(health.status),
        target: '503',
        ok: health.status === 503,
      },
      {
        label: 'publish and /health once space is freed',
        value: `${again} / ${healthAfter}`,
        target: '201 / 200',
        ok: again === 201 && healthAfter === 200,
      },
    ];
  } finally {
    await server.stop();
    spawnSync('umount', [small]);
    await rm(work, { recursive: true, force: true });
  }
}
