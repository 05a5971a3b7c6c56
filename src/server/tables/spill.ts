import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { errorCode } from '../../contracts/narrowing.ts';

/**
 * DuckDB's spill files live in `<blobs>/tmp/duckdb/<host>-<pid>`: a folder per process, since
 * several processes may share one blob folder (docs/deploy.md). A process that was killed leaves
 * its folder behind; the next start on the same host removes every folder of this host whose
 * process is gone, and files of the earlier shared layout.
 */
const spillRoot = (root: string) => path.join(root, 'tmp', 'duckdb');
const host = () => hostname().replaceAll(/[^\w.-]/g, '_');

export const spillFolder = (root: string) => path.join(spillRoot(root), `${host()}-${process.pid}`);

/** Whether a process with this id runs on this host. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** Removes the spill files no running process of this host owns (this one's included). */
export async function clearSpill(root: string): Promise<void> {
  const folder = spillRoot(root);
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const mine = `${host()}-`;
  await Promise.all(
    entries
      .filter((entry) => {
        if (!entry.isDirectory()) return true;
        if (!entry.name.startsWith(mine)) return false;
        const pid = Number(entry.name.slice(mine.length));
        return !Number.isInteger(pid) || pid === process.pid || !alive(pid);
      })
      .map((entry) => rm(path.join(folder, entry.name), { recursive: true, force: true })),
  );
}
