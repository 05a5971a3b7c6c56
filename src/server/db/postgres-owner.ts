/**
 * Running the embedded PostgreSQL's programs as the user they must run as (PostgreSQL refuses
 * root), with folders that user owns. Used by embedded-postgres.ts.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

export type Owner = { uid: number; gid: number } | undefined;

/**
 * PostgreSQL refuses to run as root: under root the server runs as the `postgres` user (or
 * `nobody` where there is none) and its folders are handed to that user.
 */
export function serverOwner(): Owner {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (Number.isInteger(uid) && uid > 0) return { uid, gid };
    } catch {
      /* no such user */
    }
  }
  throw new Error('Running as root, and neither a "postgres" nor a "nobody" user exists.');
}

export async function ownedDir(dir: string, owner: Owner): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (!owner) return;
  await chown(dir, owner.uid, owner.gid);
  // DATA_DIR is Sheaf's own folder: the server user may pass through it (not list or read it).
  const parent = await stat(path.dirname(dir));
  if (!(parent.mode & 0o001)) await chmod(path.dirname(dir), parent.mode | 0o001);
  if (spawnSync('test', ['-w', dir], owner).status !== 0) {
    throw new Error(
      `The embedded PostgreSQL runs as uid ${owner.uid} (PostgreSQL refuses root), which cannot ` +
        `reach ${dir}: put DATA_DIR where that user can enter every parent folder.`,
    );
  }
}

/** Runs `file` as `owner` to its end; its output, or an error that quotes it. */
export function run(file: string, args: string[], owner: Owner): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(file)} failed:\n${output}`)),
    );
  });
}
