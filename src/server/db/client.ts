import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { parseJsonExact } from '../../lib/big-integer.ts';
import * as schema from './schema.ts';
import { connectionPool } from './pool.ts';

/** JSON columns (a version's preview rows) keep integers past 2^53 exact, as on the wire. */
const JSON_OID = 114;
const JSONB_OID = 3802;
pg.types.setTypeParser(JSON_OID, parseJsonExact);
pg.types.setTypeParser(JSONB_OID, parseJsonExact);

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's address (PostgreSQL): other connections, e.g. to LISTEN, open it. */
  url?: string;
  close: () => Promise<void>;
  /** The embedded client, when embedded (tests dump it as a template). */
  pglite?: PGlite;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  /** `template`: a dump of an already migrated database (tests start from it in ~0.4 s). */
  | { kind: 'pglite'; dataDir: string | undefined; template?: Blob }
  | { kind: 'postgres'; url: string };

/** The advisory lock key held while migrating ('SHEAF' in ASCII). */
const MIGRATION_LOCK = 0x5348454146;

/**
 * Applies the migrations on a connection of their own while it holds a session advisory lock, so
 * that processes starting together migrate one after the other (the later ones find nothing left
 * to do). Its statements have no time limit: building an index on a million rows may take long.
 */
async function migrateLocked(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzlePg({ client, schema, casing: 'snake_case' });
    await db.execute(sql`create extension if not exists pg_trgm`);
    await migratePg(db, { migrationsFolder });
  } finally {
    await client.end();
  }
}

/** Opens the database (PGlite in a folder or in memory, or a PostgreSQL pool) and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.template,
      extensions: { pg_trgm },
      parsers: { [JSON_OID]: parseJsonExact, [JSONB_OID]: parseJsonExact },
    });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await db.execute(sql`create extension if not exists pg_trgm`);
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), pglite: client };
  }
  await migrateLocked(options.url);
  const pool = connectionPool(options.url);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return { db: db as unknown as Db, kind: 'postgres', url: options.url, close: () => pool.end() };
}
