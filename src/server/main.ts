// First: libraries pick their production build from NODE_ENV when loaded.
import './production-env.ts';
// Before anything starts a job on libuv's thread pool, which sizes itself then.
import './thread-pool.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { createFsBlobStore } from './blobs/fs-store.ts';
import { pino } from 'pino';
import { logSerializers } from './lib/log-serializers.ts';
import { createShutdown } from './shutdown.ts';
import { releaseMemoryWhenQuiet } from './memory-release.ts';
import { ConfigError, getConfig, type Config } from './config.ts';
import { loadOrCreateSiteSecret } from './auth/site-secret.ts';
import { createContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { convertPgliteDataDir } from './db/convert-pglite.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.ts';
import { DataDirLockedError, loadOrCreateSecret, lockDataDir } from './lib/data-dir.ts';
import { convertTables } from './services/table-files.ts';
import { startHeatJob } from './services/datasets/heat.ts';
import { startSweeps } from './services/sweeps.ts';
import { startWebhookWorker } from './services/webhooks/worker.ts';
import { downloadDigestsSettled } from './services/download-digests.ts';
import { loadSite, mountSite } from './site/mount.ts';
import { createServedSite } from './site/services.ts';

// Two folders below the project both here and in the bundle (dist/node/main.mjs).
/** Table work under way at a stop may finish within this, then it is interrupted. */
const TABLE_GRACE_MS = 5_000;

const defaultDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

/**
 * `DATABASE_URL` → that server; otherwise the embedded default: a PostgreSQL server of our own
 * in DATA_DIR/postgres (a PGlite folder left by an earlier version is converted into it once),
 * or PGlite in DATA_DIR/db with EMBEDDED_DATABASE=pglite.
 */
async function openConfiguredDatabase(
  config: Config,
  log: pino.Logger,
): Promise<{ database: Database; embedded?: EmbeddedPostgres }> {
  if (config.databaseUrl) {
    return { database: await openDatabase({ kind: 'postgres', url: config.databaseUrl }) };
  }
  if (config.embeddedDatabase === 'pglite') {
    const dataDir = path.join(config.dataDir, 'db');
    return { database: await openDatabase({ kind: 'pglite', dataDir }) };
  }
  const embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'postgres'), log });
  const database = await openDatabase({ kind: 'postgres', url: embedded.url });
  await convertPgliteDataDir({ dataDir: config.dataDir, target: database, log });
  return { database, embedded };
}

/**
 * Loaded only when configured: the AWS SDK is the largest part of the server's code, and the
 * bundle keeps it in a file of its own (docs/performance.md, "Memory and start-up").
 */
async function openS3BlobStore(url: string, cacheDir: string) {
  const { createS3BlobStore, parseS3Url, s3ClientFromEnv } = await import('./blobs/s3-store.ts');
  return createS3BlobStore({
    location: parseS3Url(url),
    cacheDir,
    client: s3ClientFromEnv(process.env),
  });
}

/** Shared by every process in the database (DATABASE_URL), else kept in DATA_DIR. */
const jwtSecretFor = (config: Config, database: Database) =>
  config.databaseUrl ? loadOrCreateSiteSecret(database.db) : loadOrCreateSecret(config.dataDir);

async function main(): Promise<void> {
  const config = getConfig(process.env);
  // The embedded database is one process's; with DATABASE_URL any number may run.
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const log = pino({ level: config.logLevel, serializers: logSerializers });
  // Read while the database starts (docs/performance.md, "Memory and start-up").
  const distDir = config.distDir ?? defaultDistDir;
  const loaded = loadSite(distDir);
  void loaded.catch(() => undefined); // reported by mountSite below
  const { database, embedded } = await openConfiguredDatabase(config, log);
  const blobs = config.blobS3Url
    ? await openS3BlobStore(config.blobS3Url, config.blobDir)
    : await createFsBlobStore(config.blobDir);
  const ctx = await createContext({
    config,
    database,
    blobs,
    jwtSecret: config.jwtSecret ?? (await jwtSecretFor(config, database)),
    log,
  });
  const { services: site, pageCache } = createServedSite(ctx);
  // The first visitor's home page reads, begun while the routes are set up.
  void site.home().catch(() => undefined);
  const app = await buildApp({ ctx, logger: log });
  await mountSite(app, {
    distDir,
    loaded,
    services: site,
    secureCookies: config.secureCookies,
    pageCache,
  });

  const stopHeatJob = startHeatJob(ctx, app.log, undefined, database.kind === 'pglite');
  const stopSweeps = startSweeps(ctx, app.log);
  const stopWebhooks = startWebhookWorker(ctx, app.log);
  const stopReleasing = releaseMemoryWhenQuiet(app);
  let webhooksStopped: Promise<void> = Promise.resolve();
  const shutdown = createShutdown({
    log: app.log,
    stopJobs: () => {
      stopHeatJob();
      stopSweeps();
      stopReleasing();
      // Sends under way are abandoned: retried after their lease, here or by another process.
      webhooksStopped = stopWebhooks();
    },
    tables: ctx.tables,
    closeApp: () => app.close(),
    closeRest: async () => {
      try {
        await downloadDigestsSettled();
        await webhooksStopped;
        await ctx.changes.close();
        await database.close();
        await embedded?.stop();
      } finally {
        lock?.release();
      }
    },
    tableGraceMs: TABLE_GRACE_MS,
    drainMs: config.drainMs,
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: embedded ? 'embedded-postgres' : database.kind, dataDir: config.dataDir },
    'Sheaf is ready',
  );
  void convertTables(ctx, app.log).catch((err: unknown) =>
    app.log.error({ err }, 'table conversion stopped'),
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Sheaf failed to start:', err);
  }
  process.exit(1);
});
