/**
 * Starts the production server for browser tests on a fresh DATA_DIR, from a private copy of
 * dist/ (so a rebuild during the run cannot change the files under it). Both are removed on exit.
 * Expects `npm run build` to have produced dist/.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-'));
const dataDir = path.join(root, 'data');
const distDir = path.join(root, 'dist');
cpSync('dist', distDir, { recursive: true });
const child = spawn(process.execPath, ['src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
    PUBLIC_SITE_URL: `http://127.0.0.1:${process.env['PORT'] ?? '8181'}`,
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(root, { recursive: true, force: true });
  process.exit(code ?? 0);
});
