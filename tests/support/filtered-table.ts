import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll } from 'vitest';
import type { Dataset } from '../../src/contracts/datasets.ts';
import type { TestApp } from './app.ts';
import { createDataset, get, type Caller } from './api.ts';

/**
 * The table the filter, facet and filtered-download tests share (tests/api/datasets/filters*,
 * facets, view-downloads): 60 rows of every type, with missing values, Chinese and mixed-case
 * text, integers past 2^53 and datetimes UTC, local and mixed.
 */
const names = ['北京大学', 'Alpha', 'ALPHABET', 'beta', '上海交通', null];
const two = (n: number) => String(n).padStart(2, '0');
const filterTable = {
  attributes: ['id', 'big', 'name', 'score', 'ok', 'day', 'at', 'local', 'mixed'],
  entries: Array.from({ length: 60 }, (_, i) => [
    i + 1,
    // 9007199254740990 … past 2^53 (exact only as digits), and a few small ones.
    i % 4 === 0 ? i : `90071992547409${String(90 + i).padStart(2, '0')}`,
    names[i % names.length],
    i % 7 === 0 ? null : (i % 13) / 2,
    i % 5 === 0 ? null : i % 2 === 0,
    i % 11 === 0 ? null : `2024-${two((i % 12) + 1)}-${two((i % 28) + 1)}`,
    `2024-03-01T${two(i % 24)}:30:00${i % 3 === 0 ? '.25' : ''}Z`,
    i % 9 === 0 ? null : `2023-12-31T${two(i % 24)}:00:00`,
    `2024-05-05T${two(i % 24)}:00:00${i % 2 === 0 ? 'Z' : ''}`,
  ]),
};

/** A dataset of `filterTable` by `owner`. */
const createFilterDataset = (t: TestApp, owner: Caller, fields = {}) =>
  createDataset(t, owner, {
    ...filterTable,
    attribute_types: { big: 'integer' },
    ...fields,
  });

/** The query string of `filters` (and other parameters). */
export const filterQuery = (filters: unknown, extra: Record<string, string> = {}) =>
  new URLSearchParams({ filters: JSON.stringify(filters), ...extra }).toString();

/**
 * An independent DuckDB over a version's Parquet file as downloaded through the API (the file
 * the server reads): what a filtered answer must equal, with SQL written by hand in the tests.
 */
export function duckOracle(t: TestApp) {
  let scratch = '';
  let db: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'sheaf-filters-'));
    db = await DuckDBInstance.create(':memory:');
    connection = await db.connect();
    await connection.run(`SET TimeZone = 'UTC'`);
  });
  afterAll(async () => {
    connection?.closeSync();
    db?.closeSync();
    await rm(scratch, { recursive: true, force: true });
  });
  /** The version's Parquet file, downloaded once into a file the oracle can read. */
  async function fileOf(id: number, version = 1, who?: Caller): Promise<string> {
    const res = await get(t, `/datasets/${id}/versions/${version}/download?format=parquet`, who);
    if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode}`);
    const file = path.join(scratch, `${id}-${version}.parquet`);
    await writeFile(file, res.rawPayload);
    return file;
  }
  return {
    fileOf,
    /** The `id`s of the rows `condition` keeps, in `order` (stored order without it). */
    async ids(file: string, condition: string, order = 'file_row_number'): Promise<number[]> {
      const reader = await connection!.runAndReadAll(
        `SELECT id FROM read_parquet('${file}', file_row_number = true) WHERE ${condition} ORDER BY ${order}`,
      );
      return reader.getRows().map(([id]) => Number(id));
    },
    /** Rows of any SQL over the file, as JSON values (`{file}` stands for the file). */
    async rows(file: string, sql: string): Promise<unknown[][]> {
      const reader = await connection!.runAndReadAll(
        sql.replaceAll('{file}', `read_parquet('${file}', file_row_number = true)`),
      );
      return reader.getRowsJson();
    },
  };
}

/**
 * A dataset of `filterTable` by `owner`, and its Parquet file as the oracle reads it, made
 * before the tests of the calling file (read its fields in tests only).
 */
export function sharedFilterDataset(
  t: TestApp,
  owner: Caller,
  oracle: ReturnType<typeof duckOracle>,
): { dataset: Dataset; file: string } {
  const shared = {} as { dataset: Dataset; file: string };
  beforeAll(async () => {
    shared.dataset = await createFilterDataset(t, owner);
    shared.file = await oracle.fileOf(shared.dataset.id);
  });
  return shared;
}
