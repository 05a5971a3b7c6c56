import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/lib/data-dir.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const tempDir = tempDirs('sheaf-lock-');

describe('DATA_DIR lock', () => {
  it(
    'refuses a second server on the same DATA_DIR with a message naming the lock',
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDir();
      // The first "server": a process holding the lock.
      const holder = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { lockDataDir } = await import(${JSON.stringify(path.resolve('src/server/lib/data-dir.ts'))});
         await lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      try {
        const second = spawnSync(process.execPath, ['src/server/main.ts'], {
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(second.status).toBe(1);
        expect(second.stderr).toContain(`DATA_DIR ${dataDir} is in use by another Sheaf process`);
        expect(second.stderr).toContain(path.join(dataDir, 'sheaf.lock'));
      } finally {
        holder.kill('SIGTERM');
      }
    },
  );

  it('takes over a lock whose pid another program has been given since', async () => {
    const dataDir = tempDir();
    // A Sheaf takes the lock and is killed without releasing it…
    const crashed = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { lockDataDir } = await import(${JSON.stringify(path.resolve('src/server/lib/data-dir.ts'))});
         await lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => crashed.stdout.once('data', () => resolve()));
    const gone = new Promise((resolve) => crashed.once('exit', resolve));
    crashed.kill('SIGKILL');
    await gone;
    // …and after a reboot its pid belongs to another program.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    try {
      const file = path.join(dataDir, 'sheaf.lock');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(String(crashed.pid), String(other.pid)),
      );
      const lock = await lockDataDir(dataDir);
      lock.release();
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that no longer runs, and releases it', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'sheaf.lock'), '999999999');
    const lock = await lockDataDir(dataDir);
    lock.release();
    const again = await lockDataDir(dataDir);
    expect(again.file).toBe(path.join(dataDir, 'sheaf.lock'));
    again.release();
  });
});
