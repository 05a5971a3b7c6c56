/**
 * What a start of the embedded PostgreSQL finds of an earlier one (src/server/db/embedded-postgres.ts,
 * docs/database.md): a server still running, or only the pid file of one that stopped uncleanly.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { isAlive as alive } from '../lib/data-dir.ts';
import type { EmbeddedLog } from './embedded-postgres.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether `pid` is a PostgreSQL server of `dataDir` (`-D dataDir` on its command line). Where
 * the system does not tell (no /proc), the pid file is taken at its word.
 */
async function isServerOf(pid: number, dataDir: string): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (cmdline === null) return true;
  const args = cmdline.split('\0');
  const at = args.indexOf('-D');
  return at >= 0 && path.resolve(args[at + 1] ?? '') === path.resolve(dataDir);
}

/**
 * A server left running by a Sheaf process that was killed (`kill -9` does not reach the
 * child): the DATA_DIR lock proves no Sheaf uses it, so it is shut down before ours starts.
 * A pid file left by a server that stopped uncleanly (a power cut, a reboot) may name a pid
 * another program has since been given: that program is left alone and the stale file removed,
 * which PostgreSQL would otherwise take for a server still running.
 */
export async function stopLeftoverServer(
  dataDir: string,
  log: EmbeddedLog,
  stopTimeoutMs: number,
): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  if (!(await isServerOf(pid, dataDir))) {
    await rm(pidFile, { force: true });
    log.warn(
      { pid },
      'postmaster.pid names a process that is not this cluster’s server (left by an unclean stop); removed it',
    );
    return;
  }
  log.warn(
    { serverPid: pid },
    'an embedded PostgreSQL left by an earlier run is still running; stopping it',
  );
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + stopTimeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGQUIT');
  while (alive(pid)) await sleep(100);
}
