import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './blobs/store.ts';
import { createChangeFeed, type ChangeFeed } from './changes.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createTokenService, type TokenService } from './auth/tokens.ts';
import { createLoginThrottle, type LoginThrottle } from './auth/throttle.ts';
import { forgetCounts } from './services/datasets/counts.ts';
import { forgetOpenSessions } from './services/sessions.ts';
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
  /** Writes announced to every process of the site (see changes.ts). */
  changes: ChangeFeed;
};

/** The one way to assemble a Context: the server (main.ts), the tests and the benchmarks. */
export async function createContext(options: {
  config: Config;
  database: Database;
  blobs: BlobStore;
  /** The secret access tokens are signed with. */
  jwtSecret: string;
  /** The server's log (one JSON line per problem); the console without it (tests, benchmarks). */
  log?: Pick<FastifyBaseLogger, 'error'>;
}): Promise<Context> {
  const { config, database, blobs } = options;
  const changes = await createChangeFeed({
    db: database.db,
    // Only a database that other processes can share (DATABASE_URL) has anyone to tell; the
    // embedded one belongs to this process alone (the DATA_DIR lock).
    url: config.databaseUrl ? database.url : undefined,
    log: (err) =>
      options.log
        ? options.log.error({ err }, 'announcing writes between processes failed')
        : console.error('announcing writes between processes:', err),
  });
  // Another process's write: its totals and ended sessions count here too.
  changes.subscribe(() => forgetCounts(database.db));
  changes.subscribe(forgetOpenSessions);
  return {
    db: database.db,
    databaseKind: database.kind,
    config,
    blobs,
    tables: await createTableEngine({ root: blobs.root, ...config.tables }),
    tokens: createTokenService(options.jwtSecret, config.accessTokenTtl),
    changes,
    loginThrottle: createLoginThrottle(database.db, {
      maxFailures: config.loginMaxFailures,
      maxFailuresPerIp: config.loginMaxFailuresPerIp,
      windowSeconds: config.loginWindowSeconds,
    }),
  };
}
