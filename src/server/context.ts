import type { BlobStore } from './blobs/store.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { TokenService } from './auth/tokens.ts';
import type { LoginThrottle } from './auth/throttle.ts';
import type { TableEngine } from './tables/engine.ts';

/** What every service receives: the database and the process-wide collaborators. */
export type Context = {
  db: Db;
  config: Config;
  blobs: BlobStore;
  /** DuckDB over the blob store's Parquet files. */
  tables: TableEngine;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
};
