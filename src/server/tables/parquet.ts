import { randomUUID } from 'node:crypto';

import { writeDerived, type BlobStore } from '../blobs/store.ts';
import { isBigInteger } from './big-integer.ts';
import { ident, literal, type TableEngine } from './engine.ts';
import { readTable } from './read.ts';
import type { AttributeType, Cell } from './types.ts';

/** Rows per Parquet row group: small enough that a page reads one group, big enough to compress. */
const ROW_GROUP_ROWS = 32_768;
const CHUNK_ROWS = 2048;

const STORAGE: Record<Exclude<AttributeType, 'datetime'>, string> = {
  integer: 'BIGINT',
  number: 'DOUBLE',
  boolean: 'BOOLEAN',
  date: 'DATE',
  string: 'VARCHAR',
};

const text = (cell: Cell) =>
  cell === null
    ? null
    : typeof cell === 'string'
      ? cell
      : isBigInteger(cell)
        ? cell.rawJSON
        : String(cell);

/**
 * Writes the Parquet copy of a stored table (zstd, ROW_GROUP_ROWS per group) from its canonical
 * blob, and returns its path. Rows go through a temporary DuckDB table as text and are cast on
 * the way out, so integers never pass through a float. A datetime column is TIMESTAMPTZ when
 * every value is UTC, TIMESTAMP when none is, text when mixed or finer than microseconds.
 */
export async function writeParquet(
  engine: TableEngine,
  blobs: BlobStore,
  sha256: string,
): Promise<string> {
  const { header, rows } = await readTable(blobs, sha256);
  const names = header.attributes;
  const types = names.map((a) => header.attributeTypes[a] ?? 'string');
  const stage = `stage_${randomUUID().replaceAll('-', '')}`;
  await writeDerived(blobs, sha256, '.parquet', (temp) =>
    engine.use(async (connection) => {
      // Loaded already by the engine (tables/engine.ts loads it on first use).
      const { DuckDBDataChunk, VARCHAR } = await import('@duckdb/node-api');
      await connection.run(
        `CREATE TABLE ${stage} (${names.map((_, i) => `c${i} VARCHAR`).join(', ')})`,
      );
      try {
        const appender = await connection.createAppender(stage);
        const columnTypes = names.map(() => VARCHAR);
        let batch: (string | null)[][] = names.map(() => []);
        let count = 0;
        const flush = () => {
          if (count === 0) return;
          const chunk = DuckDBDataChunk.create(columnTypes, count);
          chunk.setColumns(batch);
          appender.appendDataChunk(chunk);
          batch = names.map(() => []);
          count = 0;
        };
        for await (const row of rows) {
          for (let c = 0; c < names.length; c++) batch[c]!.push(text(row[c] ?? null));
          if (++count === CHUNK_ROWS) flush();
        }
        flush();
        appender.closeSync();

        const storage: string[] = [];
        for (const [i, type] of types.entries()) {
          storage.push(
            type === 'datetime' ? await datetimeStorage(connection, stage, i) : STORAGE[type],
          );
        }
        const columns = names.map((name, i) => `CAST(c${i} AS ${storage[i]}) AS ${ident(name)}`);
        await connection.run(
          `COPY (SELECT ${columns.join(', ')} FROM ${stage}) TO ${literal(temp)}
           (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
        );
      } finally {
        await connection.run(`DROP TABLE IF EXISTS ${stage}`);
      }
    }),
  );
  return blobs.derivedPath(sha256, '.parquet');
}

async function datetimeStorage(
  connection: Parameters<Parameters<TableEngine['use']>[0]>[0],
  stage: string,
  column: number,
): Promise<string> {
  const c = `c${column}`;
  const reader = await connection.runAndReadAll(
    `SELECT count(${c}) AS present,
            count(*) FILTER (WHERE ends_with(${c}, 'Z')) AS utc,
            count(*) FILTER (WHERE regexp_matches(${c}, '\\.[0-9]{7}')) AS fine
     FROM ${stage}`,
  );
  const [present, utc, fine] = (reader.getRows()[0] ?? []).map((v) => Number(v));
  if (fine) return 'VARCHAR';
  if (utc === 0) return 'TIMESTAMP';
  if (utc === present) return 'TIMESTAMPTZ';
  return 'VARCHAR';
}
