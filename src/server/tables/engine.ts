import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

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
 * One in-memory DuckDB per process. Its file access is confined to the blob store before any
 * query runs (`allowed_directories`, then external access off and the configuration locked), so
 * no query can touch another file; timestamps are read and written in UTC.
 */
export async function createTableEngine(options: TableEngineOptions): Promise<TableEngine> {
  const root = path.resolve(options.root) + path.sep;
  const spill = path.join(root, 'tmp', 'duckdb');
  await mkdir(spill, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(options.threads),
    memory_limit: `${options.memoryLimitMb}MB`,
    temp_directory: spill,
  });
  const setup = await instance.connect();
  try {
    await setup.run(`SET allowed_directories = [${literal(root)}]`);
    await setup.run(`SET enable_external_access = false`);
    await setup.run(`SET autoinstall_known_extensions = false`);
    await setup.run(`SET GLOBAL TimeZone = 'UTC'`);
    await setup.run(`SET lock_configuration = true`);
  } finally {
    setup.closeSync();
  }
  return {
    async use(work) {
      const connection = await instance.connect();
      try {
        return await work(connection);
      } finally {
        connection.closeSync();
      }
    },
    close: () => instance.closeSync(),
  };
}

/** A SQL string literal. */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A quoted SQL identifier (any column name: Chinese, spaces, quotes). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
