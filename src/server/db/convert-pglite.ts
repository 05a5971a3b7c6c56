import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import type { EmbeddedLog } from './embedded-postgres.ts';
import { resultRows } from './result-rows.ts';

/** Rows copied per statement. */
const CHUNK_ROWS = 2_000;

type Row = Record<string, unknown>;

const rowsOf = async (database: Database, query: ReturnType<typeof sql>): Promise<Row[]> => {
  return resultRows(await database.db.execute(query));
};

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/** Copies a table's rows from PGlite in chunks; returns how many. */
async function copyRows(tx: Tx, target: Database, pglite: Database, table: string) {
  const columns = (
    await rowsOf(
      target,
      sql`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`,
    )
  ).map((r) => ident(String(r['column_name'])));
  const list = sql.join(columns, sql`, `);
  let copied = 0;
  for (let offset = 0; ; offset += CHUNK_ROWS) {
    // JSON text straight from the source: numbers past 2^53 and bytes stay exact.
    const [chunk] = await rowsOf(
      pglite,
      sql`select count(*)::int as n, coalesce(json_agg(t), '[]')::text as rows
          from (select * from ${ident(table)} order by ctid
                limit ${CHUNK_ROWS} offset ${offset}) t`,
    );
    const n = Number(chunk?.['n'] ?? 0);
    if (n === 0) break;
    await tx.execute(
      sql`insert into ${ident(table)} (${list}) overriding system value
          select ${list} from json_populate_recordset(null::${ident(table)}, ${String(chunk?.['rows'])}::json)`,
    );
    copied += n;
    if (n < CHUNK_ROWS) break;
  }
  return copied;
}

/** A table's identity and serial sequences continue where PGlite's were. */
async function continueSequences(tx: Tx, target: Database, pglite: Database, table: string) {
  const sequences = await rowsOf(
    target,
    sql`select pg_get_serial_sequence(${`public."${table}"`}, column_name) as seq
        from information_schema.columns
        where table_schema = 'public' and table_name = ${table}
          and pg_get_serial_sequence(${`public."${table}"`}, column_name) is not null`,
  );
  for (const { seq } of sequences) {
    // The source's position, not max(id): ids of deleted rows are not handed out again.
    const [state] = await rowsOf(
      pglite,
      sql`select last_value::text as last, is_called from ${sql.raw(String(seq))}`,
    );
    if (state) {
      await tx.execute(
        sql`select setval(${String(seq)}, ${String(state['last'])}::bigint, ${Boolean(state['is_called'])})`,
      );
    }
  }
}

/**
 * Where the PGlite folder goes once its data is in PostgreSQL. Kept, not deleted: going back
 * is moving it back to `db` and starting with EMBEDDED_DATABASE=pglite (docs/architecture.md).
 */
export const CONVERTED_PGLITE_DIR = 'db.pglite-converted';

/**
 * One-time move of an embedded PGlite database (`DATA_DIR/db`, used before the embedded
 * PostgreSQL server) into `target`, an empty, migrated database. Both are migrated to the same
 * schema first; every table of the `public` schema is copied as JSON in chunks inside one
 * transaction (triggers and foreign-key checks off, as a restore does), identity and serial
 * sequences continue after the copied ids, and the PGlite folder is renamed. A failure rolls
 * everything back and leaves the PGlite folder where it was, so the next start tries again.
 * Returns the number of rows copied per table, or null when there was nothing to convert.
 */
export async function convertPgliteDataDir(options: {
  dataDir: string;
  target: Database;
  log: EmbeddedLog;
}): Promise<Record<string, number> | null> {
  const { dataDir, target, log } = options;
  const source = path.join(dataDir, 'db');
  if (!existsSync(path.join(source, 'PG_VERSION'))) return null;
  const [counted] = await rowsOf(target, sql`select count(*)::int as users from users`);
  const users = Number(counted?.['users'] ?? 0);
  if (users > 0) {
    log.warn(
      { pglite: source },
      'a PGlite database folder was found but the embedded PostgreSQL already holds data; ' +
        'it was left as it is (move it away to silence this)',
    );
    return null;
  }
  const started = performance.now();
  log.info({ from: source }, 'converting the embedded PGlite database to PostgreSQL');
  const pglite = await openDatabase({ kind: 'pglite', dataDir: source });
  const copied: Record<string, number> = {};
  try {
    const tables = (
      await rowsOf(
        target,
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )
    ).map((r) => String(r['tablename']));
    await target.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of tables) {
        copied[table] = await copyRows(tx, target, pglite, table);
        await continueSequences(tx, target, pglite, table);
      }
    });
  } finally {
    await pglite.close();
  }
  const kept = existsSync(path.join(dataDir, CONVERTED_PGLITE_DIR))
    ? `${CONVERTED_PGLITE_DIR}-${Date.now()}`
    : CONVERTED_PGLITE_DIR;
  await rename(source, path.join(dataDir, kept));
  log.info(
    { rows: copied, ms: Math.round(performance.now() - started), kept },
    'the PGlite database is now in the embedded PostgreSQL',
  );
  return copied;
}
