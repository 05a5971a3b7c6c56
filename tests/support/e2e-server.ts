/**
 * Starts the production server for browser tests on a fresh DATA_DIR (removed on exit).
 * Expects `npm run build` to have produced dist/.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sheaf-e2e-'));
const child = spawn(process.execPath, ['src/server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
    PUBLIC_SITE_URL: `http://127.0.0.1:${process.env['PORT'] ?? '8181'}`,
    E2E_DATA_DIR: dataDir,
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
