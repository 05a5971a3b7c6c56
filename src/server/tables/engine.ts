import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/** DuckDB's share of the machine, from config (`DUCKDB_MEMORY_MB`, `DUCKDB_THREADS`). */
export type TableEngineOptions = {
  /** The blob store's folder: the only one queries may read or write. */
  root: string;
  memoryLimitMb: number;
  threads: number;
};

/** The in-process DuckDB that writes and reads versions' Parquet files. */
export type TableEngine = {
  /** Runs `work` on a connection of its own, closed afterwards. */
  use: <T>(work: (connection: DuckDBConnection) => Promise<T>) => Promise<T>;
  close: () => void;
};

/**
 * One in-memory DuckDB per process, started at its first use (a server that has not yet read or
 * written a table file neither loads the library nor holds its memory). Its file access is
 * confined to the blob store before any query runs (`allowed_directories`, then external access
 * off and the configuration locked), so no query can touch another file; timestamps are read
 * and written in UTC.
 */
export async function createTableEngine(options: TableEngineOptions): Promise<TableEngine> {
  const root = path.resolve(options.root) + path.sep;
  const spill = path.join(root, 'tmp', 'duckdb');
  await mkdir(spill, { recursive: true });
  let started: Promise<DuckDBInstance> | undefined;
  let instance: DuckDBInstance | undefined;
  const start = async () => {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const created = await DuckDBInstance.create(':memory:', {
      threads: String(options.threads),
      memory_limit: `${options.memoryLimitMb}MB`,
      temp_directory: spill,
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
    return (instance = created);
  };
  return {
    async use(work) {
      started ??= start().catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      const connection = await (await started).connect();
      try {
        return await work(connection);
      } finally {
        connection.closeSync();
      }
    },
    close: () => instance?.closeSync(),
  };
}

/** A SQL string literal. */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A quoted SQL identifier (any column name: Chinese, spaces, quotes). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
