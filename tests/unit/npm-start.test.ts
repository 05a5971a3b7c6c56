import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { alive } from '../support/processes.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
};

/** Stands in for scripts/start.js: says it is up, and writes `stopped` when SIGTERM reaches it. */
const SERVER_STUB = `
import { writeFileSync } from 'node:fs';
process.on('SIGTERM', () => { writeFileSync('stopped', 'SIGTERM'); process.exit(0); });
writeFileSync('pid', String(process.pid));
console.log('ready');
setInterval(() => {}, 1000);
`;

// Registered first, so its folders are removed after the stray server is stopped.
const tempDir = tempDirs('sheaf-npm-start-');
let stray: number | undefined;
afterEach(() => {
  if (stray !== undefined && alive(stray)) process.kill(stray, 'SIGKILL');
  stray = undefined;
});

describe('npm start', () => {
  it(
    'passes a SIGTERM sent to npm on to the server, which stops with it',
    { timeout: 60_000 },
    async () => {
      // The package's own start script, run by npm in a folder whose scripts/start.js is a stub.
      const dir = tempDir();
      mkdirSync(path.join(dir, 'scripts'));
      writeFileSync(path.join(dir, 'scripts/start.js'), SERVER_STUB);
      writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({
          name: 'start-check',
          type: 'module',
          scripts: { start: scripts['start'] },
        }),
      );
      const npm = spawn('npm', ['start', '--silent'], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve) => npm.stdout.on('data', () => resolve()));
      stray = Number(readFileSync(path.join(dir, 'pid'), 'utf8'));

      npm.kill('SIGTERM');
      await new Promise((resolve) => npm.once('exit', resolve));

      // What a supervisor or `kill <pid of npm start>` expects: no server left behind.
      expect(existsSync(path.join(dir, 'stopped'))).toBe(true);
      expect(alive(stray)).toBe(false);
    },
  );
});
