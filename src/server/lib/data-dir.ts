import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Whether a process with this pid runs (one we may not signal counts as running). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the exclusive lock `DATA_DIR/sheaf.lock` (holding the owner's pid). The embedded
 * database loses data when two processes open it, so a second process is refused.
 * A lock left by a process that no longer runs is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<{ file: string; release: () => void }> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'sheaf.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
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
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
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
