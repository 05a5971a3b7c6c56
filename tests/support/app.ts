import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { createSiteServices, type SiteServices } from '../../src/server/site/services.ts';
import { downloadDigestsSettled } from '../../src/server/services/download-digests.ts';
import { createFsBlobStore } from '../../src/server/blobs/fs-store.ts';
import type { BlobStore } from '../../src/server/blobs/store.ts';
import { getConfig } from '../../src/server/config.ts';
import { createContext, type Context } from '../../src/server/context.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

/** The secret test apps sign access tokens with (tests may sign their own, e.g. expired ones). */
export const TEST_JWT_SECRET = 'test-secret-0123456789-0123456789-abcdef';

export type TestApp = {
  app: FastifyInstance;
  ctx: Context;
  /** How many successful write requests the app has reported (what clears the page cache). */
  writes: { count: number };
  /** The SSR reads, cleared by every write as the server wires them. */
  site: SiteServices;
  close: () => Promise<void>;
};

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env['TEST_DB'] === 'postgres') {
    const url = process.env['TEST_DATABASE_URL']!;
    const name = `${inject('dbRunPrefix')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('dbTemplate')}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: u.href });
    return {
      database,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const template = new Blob([await readFile(inject('dbTemplate'))]);
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, template });
  return { database, drop: async () => {} };
}

/**
 * A fresh API app on its own database (PGlite, or PostgreSQL when TEST_DB=postgres) and its
 * own blob folder. `env` overrides configuration (e.g. limits).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { blobs?: (dataDir: string) => Promise<BlobStore> } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sheaf-test-'));
  // NODE_ENV test: every response is serialised both ways and compared (plugins/serializer.ts).
  const config = getConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Suites send hundreds of requests from one address; tests/api/rate-limit.test.ts sets them.
    RATE_LIMIT_IP_PER_MINUTE: '0',
    RATE_LIMIT_USER_PER_MINUTE: '0',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const blobs = await (options.blobs ?? createFsBlobStore)(path.join(dataDir, 'blobs'));
  const ctx = await createContext({ config, database, blobs, jwtSecret: TEST_JWT_SECRET });
  const writes = { count: 0 };
  const site = createSiteServices(ctx);
  ctx.changes.subscribe(() => {
    writes.count++;
    site.invalidate();
  });
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    writes,
    site,
    close: async () => {
      try {
        await app.close();
        await downloadDigestsSettled();
        ctx.tables.close();
        await ctx.changes.close();
        await database.close();
        await drop();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
