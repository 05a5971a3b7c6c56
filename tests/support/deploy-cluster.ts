/**
 * The deployment of docs/deploy.md on one machine, for tests: a PostgreSQL server (the embedded
 * one, as its own process), two Sheaf processes on it sharing one table folder (BLOB_STORE), and
 * nginx in front with deploy/nginx.conf. Expects dist/ (npm run build) and nginx (Debian).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE } from '../../scripts/start.js';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src/server/db/embedded-postgres.ts';
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

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * Until `url` answers its health check; fails at once if `child`, which should answer, exits (a
 * request under way then stops: another program may hold the port and never answer).
 */
async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const gone = new AbortController();
  const onExit = () => gone.abort();
  child.once('exit', onExit);
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${url}: its process exited (${child.signalCode ?? child.exitCode})`);
      }
      const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(until - Date.now())]);
      try {
        const res = await fetch(`${url}/api/v1/health`, { signal });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > until) throw new Error(`${url} did not become healthy`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    child.off('exit', onExit);
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

type Options = {
  basePort: number;
  /** How many Sheaf processes (2 unless told). */
  origins?: number;
  /** Settings for every process, over the cluster's own. */
  env?: Record<string, string>;
  /** false: no nginx in front (`url` is then the first process's own address). */
  edge?: boolean;
  /** Receives what the Sheaf processes write (then also passed on to this process's own). */
  output?: (text: string) => void;
};

/** What a cluster has started so far: all of it lives in (or names) the folder `work`. */
type Parts = { work: string; database?: EmbeddedPostgres; origins: Origin[]; nginx?: ChildProcess };

/** Stops whatever of `parts` was started, then removes its folder (also when stopping failed). */
async function stopParts(parts: Parts): Promise<void> {
  try {
    parts.nginx?.kill('SIGQUIT');
    for (const origin of parts.origins) origin.process.kill('SIGTERM');
    await Promise.all([
      ...(parts.nginx ? [exited(parts.nginx)] : []),
      ...parts.origins.map((o) => exited(o.process)),
    ]);
    await parts.database?.stop();
  } finally {
    rmSync(parts.work, { recursive: true, force: true });
  }
}

/**
 * Starts the cluster in a new `sheaf-cluster-*` folder of the system's temporary folder. When a
 * part fails to start (a port taken, an origin that exits), what was started is stopped, the
 * folder removed, and the part's error thrown.
 */
export async function startCluster(options: Options): Promise<Cluster> {
  const parts: Parts = { work: mkdtempSync(path.join(tmpdir(), 'sheaf-cluster-')), origins: [] };
  try {
    return await startParts(parts, options);
  } catch (error) {
    await stopParts(parts).catch((stopError: unknown) =>
      console.error('the cluster that failed to start did not stop:', stopError),
    );
    throw error;
  }
}

async function startParts(parts: Parts, options: Options): Promise<Cluster> {
  const { work, origins } = parts;
  const count = options.origins ?? 2;
  // A copy (a rebuild during the run changes nothing under it) that resolves packages from the
  // project's node_modules through a link beside it.
  const distDir = path.join(work, 'dist');
  cpSync('dist', distDir, { recursive: true });
  symlinkSync(path.resolve('node_modules'), path.join(work, 'node_modules'), 'dir');
  parts.database = await startEmbeddedPostgres({
    dir: path.join(work, 'postgres'),
    log: quietLog,
  });
  const database = parts.database;

  const nginxPort = options.basePort;
  const url = `http://127.0.0.1:${nginxPort}`;
  const blobs = path.join(work, 'blobs');
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
  await Promise.all(
    indexes.map((index) => waitForHealth(originUrl(index), origins[index]!.process)),
  );

  if (options.edge !== false) {
    parts.nginx = startNginx({
      work,
      port: nginxPort,
      root: path.join(distDir, 'client'),
      origins: indexes.map((index) => nginxPort + 1 + index),
    });
    await waitForHealth(url, parts.nginx);
  }

  return {
    url: parts.nginx ? url : originUrl(0),
    origins,
    originUrl,
    databaseUrl: database.url,
    async restart(index) {
      const old = origins[index]!;
      old.process.kill('SIGTERM');
      await exited(old.process);
      const { process: child } = startOrigin(index);
      await waitForHealth(originUrl(index), child);
    },
    stop: () => stopParts(parts),
  };
}

/** nginx with deploy/nginx.conf for these ports, in `work`/nginx; checked with `nginx -t` first. */
function startNginx(options: { work: string; port: number; root: string; origins: number[] }) {
  const nginxDir = path.join(options.work, 'nginx');
  mkdirSync(path.join(nginxDir, 'cache'), { recursive: true });
  const confFile = path.join(nginxDir, 'nginx.conf');
  writeFileSync(confFile, nginxConfig({ ...options, cache: path.join(nginxDir, 'cache') }));
  const globals = `daemon off; user root; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log warn;`;
  const checked = spawnSync('nginx', ['-t', '-p', nginxDir, '-c', confFile, '-g', globals], {
    encoding: 'utf8',
  });
  if (checked.status !== 0) throw new Error(`nginx -t failed: ${checked.stderr}`);
  return spawn('nginx', ['-p', nginxDir, '-c', confFile, '-g', globals], { stdio: 'inherit' });
}
