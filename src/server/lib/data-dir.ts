import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from '../../contracts/narrowing.ts';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Whether a process with this pid runs (one we may not signal counts as running). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
};

/**
 * When a process started (clock ticks after boot: field 22 of `/proc/<pid>/stat`), or undefined
 * where the system does not tell. With the pid it names one process, even across reboots.
 */
const startedAt = (pid: number | 'self'): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold anything.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
};

/** Whether the lock's owner (`pid [start time]`, as written below) still runs. */
function ownerRuns(lock: string): boolean {
  const [pidText = '', started] = lock.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return false;
  // The pid may have gone to another program since (a reboot after a power cut).
  const now = started === undefined ? undefined : startedAt(pid);
  return now === undefined || now === started;
}

/**
 * Takes the exclusive lock `DATA_DIR/sheaf.lock` (holding the owner's pid and, where the system
 * tells, when it started). The embedded database loses data when two processes open it, so a
 * second process is refused. A lock left by a process that no longer runs is taken over, and so
 * is one whose pid another program has been given since.
 */
export async function lockDataDir(dataDir: string): Promise<{ file: string; release: () => void }> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'sheaf.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, [process.pid, startedAt('self')].join(' ').trim());
      closeSync(fd);
      let released = false;
      return {
        file,
        release: () => {
          if (released) return;
          released = true;
          try {
            unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw err;
      const lock = readFileSync(file, 'utf8');
      if (ownerRuns(lock)) {
        const [pid] = lock.trim().split(/\s+/);
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Sheaf process (pid ${pid}); lock file: ${file}. ` +
            'Stop that process, or start this one with a different DATA_DIR.',
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${file}`);
}

/** The JWT secret kept in DATA_DIR when none is configured, so restarts keep sessions. */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first start */
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
