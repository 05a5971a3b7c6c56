/**
 * Starts the production server from an existing build (`astro build`; this builds nothing) on a
 * free loopback port and a temporary DATA_DIR, for measurements (`npm run budget`, the
 * Lighthouse bench). It serves a private copy of the build, so a rebuild while it runs cannot
 * pull files from under it. `stop()` ends it and removes the copy and the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type ProductionServer = { base: string; stop: () => Promise<void> };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** `distDir`: the build to serve (default: the project's dist/). */
export async function startProductionServer(distDir = 'dist'): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sheaf-measure-'));
  // Inside the project, so the copy still resolves packages from node_modules.
  const cache = path.resolve('node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const copy = mkdtempSync(path.join(cache, 'sheaf-measure-dist-'));
  cpSync(distDir, copy, { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_SITE_URL: base,
      LOG_LEVEL: 'warn',
      DIST_DIR: copy,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
