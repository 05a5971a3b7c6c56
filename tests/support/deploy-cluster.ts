/**
 * The deployment of docs/deploy.md on one machine, for tests: a PostgreSQL server (the embedded
 * one, as its own process), two Sheaf processes on it sharing one table folder (BLOB_STORE), and
 * nginx in front with deploy/nginx.conf. Expects dist/ (npm run build) and nginx (Debian).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE } from '../../scripts/start.js';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.ts';

type Origin = { port: number; process: ChildProcess };

export type Cluster = {
  /** The address visitors use: nginx. */
  url: string;
  origins: Origin[];
  /** An origin's own address (bypassing nginx). */
  originUrl: (index: number) => string;
  /** The PostgreSQL database every process uses (its DATABASE_URL). */
  databaseUrl: string;
  /** SIGTERM to one origin, wait for it to drain and exit, start it again, wait until it answers. */
  restart: (index: number) => Promise<void>;
  stop: () => Promise<void>;
};

const quietLog = { info: () => undefined, warn: () => undefined, error: console.error };

async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not become healthy`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** deploy/nginx.conf with this machine's ports and folders; fails when the file changed shape. */
function nginxConfig(options: { port: number; root: string; cache: string; origins: number[] }) {
  let conf = readFileSync('deploy/nginx.conf', 'utf8');
  const replace = (from: RegExp, to: string) => {
    if (!from.test(conf)) throw new Error(`deploy/nginx.conf has no ${from}`);
    conf = conf.replace(from, to);
  };
  replace(/listen 80;/, `listen 127.0.0.1:${options.port};`);
  replace(/root \/opt\/sheaf\/dist\/client;/, `root ${options.root};`);
  replace(/\/var\/cache\/nginx\/sheaf/, options.cache);
  replace(
    /server 127\.0\.0\.1:8080 ([^;]*);\s*server 127\.0\.0\.1:8081 ([^;]*);/,
    options.origins.map((p) => `server 127.0.0.1:${p} $1;`).join('\n        '),
  );
  return conf;
}

export async function startCluster(options: {
  basePort: number;
  /** How many Sheaf processes (2 unless told). */
  origins?: number;
  /** Settings for every process, over the cluster's own. */
  env?: Record<string, string>;
  /** false: no nginx in front (`url` is then the first process's own address). */
  edge?: boolean;
  /** Receives what the Sheaf processes write (then also passed on to this process's own). */
  output?: (text: string) => void;
}): Promise<Cluster> {
  const count = options.origins ?? 2;
  const work = mkdtempSync(path.join(tmpdir(), 'sheaf-cluster-'));
  const cache = path.resolve('node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  // Inside the project, so the server's entry still resolves packages from node_modules.
  const distDir = mkdtempSync(path.join(cache, 'sheaf-cluster-dist-'));
  cpSync('dist', distDir, { recursive: true });
  const database = await startEmbeddedPostgres({ dir: path.join(work, 'postgres'), log: quietLog });

  const nginxPort = options.basePort;
  const url = `http://127.0.0.1:${nginxPort}`;
  const blobs = path.join(work, 'blobs');
  const origins: Origin[] = [];
  const startOrigin = (index: number): Origin => {
    const port = nginxPort + 1 + index;
    // The bundle `npm start` runs (`npm run build` writes it), as a deployment would.
    const entry = path.join(distDir, path.relative('dist', BUNDLE));
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
      stdio: ['ignore', options.output ? 'pipe' : 'inherit', options.output ? 'pipe' : 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, `origin-${index}`),
        DIST_DIR: distDir,
        DATABASE_URL: database.url,
        BLOB_STORE: pathToFileURL(blobs).href,
        PUBLIC_SITE_URL: url,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_FAILURES: '3',
        RATE_LIMIT_IP_PER_MINUTE: '0',
        RATE_LIMIT_USER_PER_MINUTE: '0',
        ...options.env,
      },
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      from?.on('data', (chunk: Buffer) => {
        to.write(chunk);
        options.output?.(chunk.toString('utf8'));
      });
    }
    const origin = { port, process: child };
    origins[index] = origin;
    return origin;
  };
  const originUrl = (index: number) => `http://127.0.0.1:${nginxPort + 1 + index}`;

  // All at once, on an empty database: they migrate one after the other (advisory lock).
  const indexes = Array.from({ length: count }, (_, i) => i);
  for (const index of indexes) startOrigin(index);
  await Promise.all(indexes.map((index) => waitForHealth(originUrl(index))));

  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const nginx = options.edge === false ? undefined : await startNginx();

  async function startNginx() {
    const nginxDir = path.join(work, 'nginx');
    mkdirSync(path.join(nginxDir, 'cache'), { recursive: true });
    const confFile = path.join(nginxDir, 'nginx.conf');
    writeFileSync(
      confFile,
      nginxConfig({
        port: nginxPort,
        root: path.join(distDir, 'client'),
        cache: path.join(nginxDir, 'cache'),
        origins: indexes.map((index) => nginxPort + 1 + index),
      }),
    );
    const globals = `daemon off; user root; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log warn;`;
    const checked = spawnSync('nginx', ['-t', '-p', nginxDir, '-c', confFile, '-g', globals], {
      encoding: 'utf8',
    });
    if (checked.status !== 0) throw new Error(`nginx -t failed: ${checked.stderr}`);
    const child = spawn('nginx', ['-p', nginxDir, '-c', confFile, '-g', globals], {
      stdio: 'inherit',
    });
    await waitForHealth(url);
    return child;
  }

  return {
    url: nginx ? url : originUrl(0),
    origins,
    originUrl,
    databaseUrl: database.url,
    async restart(index) {
      const old = origins[index]!;
      old.process.kill('SIGTERM');
      await exited(old.process);
      startOrigin(index);
      await waitForHealth(originUrl(index));
    },
    async stop() {
      nginx?.kill('SIGQUIT');
      for (const origin of origins) origin.process.kill('SIGTERM');
      await Promise.all([
        ...(nginx ? [exited(nginx)] : []),
        ...origins.map((o) => exited(o.process)),
      ]);
      await database.stop();
      rmSync(work, { recursive: true, force: true });
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
