import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { currentOwner } from '../lib/request-owner.ts';
import { createWorkGate } from '../lib/work-gate.ts';
import { engineFailure, queryInterrupted, shuttingDown } from './engine-errors.ts';
import { clearSpill, spillFolder } from './spill.ts';

/** DuckDB's share of the machine, from config (`DUCKDB_*`; docs/tables.md, "Bounds"). */
export type TableEngineOptions = {
  /** The blob store's folder: the only one queries may read or write. */
  root: string;
  memoryLimitMb: number;
  threads: number;
  /** Most spill (temporary) space DuckDB may use on disk. */
  tempLimitMb: number;
  /** Table queries of requests running at once, and waiting for a turn. */
  queries: number;
  queue: number;
  /** Longest a request's table work may take, waiting included; longest for a background job. */
  readTimeoutMs: number;
  jobTimeoutMs: number;
};

/** The in-process DuckDB that writes and reads versions' Parquet files. */
export type TableEngine = {
  /**
   * Runs `work` on a connection of its own, closed afterwards. Its owner is the request the
   * caller runs for (interrupted when the client leaves or after `readTimeoutMs`; admitted by
   * the request gate), else it is a background job (admitted one at a time, `jobTimeoutMs`).
   */
  use: <T>(work: (connection: DuckDBConnection) => Promise<T>) => Promise<T>;
  /** Statements running now (for tests and benches). */
  readonly running: number;
  /** Interrupts every running statement and refuses new work: the process is stopping. */
  interruptAll: () => void;
  close: () => void;
};

/** How often an aborted work's connection is interrupted again, until the work ends. */
const INTERRUPT_EVERY_MS = 50;

/**
 * One in-memory DuckDB per process, started at its first use (a server that has not yet read or
 * written a table file neither loads the library nor holds its memory). Its file access is
 * confined to the blob store before any query runs (`allowed_directories`, then external access
 * off and the configuration locked), so no query can touch another file; timestamps are read
 * and written in UTC. Its spill folder is this process's own, emptied at start and capped.
 *
 * Every piece of work has an owner and a time limit: a request's work waits for a turn at the
 * request gate, and is interrupted when its client goes away or its limit passes (503
 * QUERY_TIMEOUT); out of memory or spill space is 503 SERVER_BUSY; neither ever a 500.
 */
export async function createTableEngine(options: TableEngineOptions): Promise<TableEngine> {
  const root = path.resolve(options.root) + path.sep;
  const spill = spillFolder(root);
  await clearSpill(root);
  await mkdir(spill, { recursive: true });
  const requests = createWorkGate({
    kind: 'table',
    concurrency: options.queries,
    queue: options.queue,
  });
  const jobs = createWorkGate({ kind: 'table-job', concurrency: 1, queue: Infinity });
  const live = new Set<DuckDBConnection>();
  const stop = new AbortController();
  let started: Promise<DuckDBInstance> | undefined;
  let instance: DuckDBInstance | undefined;
  const start = async () => (instance = await openInstance(root, spill, options));

  /** Runs `work` on a new connection, interrupting it for good once `signal` aborts. */
  const onConnection = async <T>(
    work: (connection: DuckDBConnection) => Promise<T>,
    signal: AbortSignal,
  ): Promise<T> => {
    if (stop.signal.aborted) throw shuttingDown();
    started ??= start().catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    const connection = await (await started).connect();
    live.add(connection);
    let repeat: ReturnType<typeof setInterval> | undefined;
    const interrupt = () => {
      connection.interrupt();
      // A statement begun after the first interrupt is interrupted too.
      repeat ??= setInterval(() => connection.interrupt(), INTERRUPT_EVERY_MS);
    };
    signal.addEventListener('abort', interrupt, { once: true });
    try {
      if (signal.aborted) interrupt();
      return await work(connection);
    } finally {
      signal.removeEventListener('abort', interrupt);
      clearInterval(repeat);
      live.delete(connection);
      connection.closeSync();
    }
  };

  return {
    async use(work) {
      const owner = currentOwner();
      const limitMs = owner ? options.readTimeoutMs : options.jobTimeoutMs;
      const timeout = AbortSignal.timeout(limitMs);
      const signal = AbortSignal.any(
        owner ? [owner.signal, timeout, stop.signal] : [timeout, stop.signal],
      );
      const gate = owner ? requests : jobs;
      try {
        return await gate.run(() => onConnection(work, signal), signal);
      } catch (error) {
        if (signal.aborted) throw queryInterrupted(signal.reason, limitMs);
        throw engineFailure(error);
      }
    },
    get running() {
      return live.size;
    },
    interruptAll: () => stop.abort(shuttingDown()),
    close: () => instance?.closeSync(),
  };
}

/** A new DuckDB confined to the blob store, its spill folder capped. */
async function openInstance(
  root: string,
  spill: string,
  options: TableEngineOptions,
): Promise<DuckDBInstance> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const created = await DuckDBInstance.create(':memory:', {
    threads: String(options.threads),
    memory_limit: `${options.memoryLimitMb}MB`,
    temp_directory: spill,
    max_temp_directory_size: `${options.tempLimitMb}MB`,
    // DuckDB's allocator (its own jemalloc) gives freed memory back to the system over time,
    // on a thread of its own, not only when DuckDB next allocates (docs/performance.md,
    // "Memory comes back").
    allocator_background_threads: 'true',
    allocator_flush_threshold: '32MB',
  });
  const setup = await created.connect();
  try {
    await setup.run(`SET allowed_directories = [${literal(root)}]`);
    await setup.run(`SET enable_external_access = false`);
    await setup.run(`SET autoinstall_known_extensions = false`);
    await setup.run(`SET GLOBAL TimeZone = 'UTC'`);
    await setup.run(`SET lock_configuration = true`);
  } finally {
    setup.closeSync();
  }
  return created;
}

/** A SQL string literal. */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A quoted SQL identifier (any column name: Chinese, spaces, quotes). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
