import type { BlobStore } from './blobs/store.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createTokenService, type TokenService } from './auth/tokens.ts';
import { createLoginThrottle, type LoginThrottle } from './auth/throttle.ts';
import { createTableEngine, type TableEngine } from './tables/engine.ts';

/** What every service receives: the database and the process-wide collaborators. */
export type Context = {
  db: Db;
  /** Which engine `db` is (reported by /health). */
  databaseKind: Database['kind'];
  config: Config;
  blobs: BlobStore;
  /** DuckDB over the blob store's Parquet files. */
  tables: TableEngine;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
};

/** The one way to assemble a Context: the server (main.ts), the tests and the benchmarks. */
export async function createContext(options: {
  config: Config;
  database: Database;
  blobs: BlobStore;
  /** The secret access tokens are signed with. */
  jwtSecret: string;
}): Promise<Context> {
  const { config, database, blobs } = options;
  return {
    db: database.db,
    databaseKind: database.kind,
    config,
    blobs,
    tables: await createTableEngine({ root: blobs.root, ...config.tables }),
    tokens: createTokenService(options.jwtSecret, config.accessTokenTtl),
    loginThrottle: createLoginThrottle({
      maxFailures: config.loginMaxFailures,
      maxFailuresPerIp: config.loginMaxFailuresPerIp,
      windowSeconds: config.loginWindowSeconds,
    }),
  };
}
