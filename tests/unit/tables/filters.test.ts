import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttributeType } from '../../../src/server/tables/index.ts';
import { createTableEngine, literal, type TableEngine } from '../../../src/server/tables/engine.ts';
import { storedColumns } from '../../../src/server/tables/columns.ts';
import { rowsWhere, type CheckedFilter } from '../../../src/server/tables/filters.ts';
import { countRows, queryRows } from '../../../src/server/tables/query.ts';
import { tempDirs } from '../../support/temp-dirs.ts';

const tempDir = tempDirs('sheaf-filters-', afterAll);
let engine: TableEngine;
let root = '';

beforeAll(async () => {
  root = tempDir();
  engine = await createTableEngine({
    root,
    memoryLimitMb: 256,
    threads: 1,
    tempLimitMb: 256,
    queries: 1,
    queue: 4,
    readTimeoutMs: 30_000,
    jobTimeoutMs: 30_000,
  });
});
afterAll(() => engine.close());

/** A small Parquet file of `sql`'s rows, and its columns with the given Sheaf types. */
async function tableOf(name: string, sql: string, types: Record<string, AttributeType>) {
  const file = path.join(root, `${name}.parquet`);
  await engine.use((c) => c.run(`COPY (${sql}) TO ${literal(file)} (FORMAT parquet)`));
  const attributes = Object.keys(types);
  const columns = await engine.use((c) =>
    storedColumns(c, file, { attributes, attributeTypes: types }),
  );
  return { file, columns };
}

/** The first column of the rows `filters` keep, their numbers, and the count. */
async function kept(
  table: Awaited<ReturnType<typeof tableOf>>,
  filters: CheckedFilter[],
): Promise<{ values: unknown[]; numbers: number[]; total: number }> {
  return engine.use(async (c) => {
    const where = rowsWhere(table.columns, { filters });
    if (where === null) throw new Error('expected a condition');
    const total = await countRows(c, table.file, where);
    const page = await queryRows(
      c,
      table.file,
      table.columns,
      { offset: 0, limit: 100, order: 'asc', where },
      total,
    );
    return { values: page.rows.map((r) => r[0]), numbers: page.numbers, total };
  });
}

describe('rowsWhere on a small file', () => {
  it('binds values, never splicing them into SQL, and quotes any column name', async () => {
    const table = await tableOf(
      'quoted',
      `SELECT * FROM (VALUES ('a', 1), ('x'' OR 1=1 --', 2), ('b', 3)) t("na""me", "n; DROP")`,
      { 'na"me': 'string', 'n; DROP': 'integer' },
    );
    const injected = "x' OR 1=1 --";
    expect(await kept(table, [{ column: 'na"me', op: 'eq', values: [injected] }])).toEqual({
      values: [injected],
      numbers: [2],
      total: 1,
    });
    expect(await kept(table, [{ column: 'n; DROP', op: 'ge', values: [2] }])).toMatchObject({
      numbers: [2, 3],
      total: 2,
    });
  });

  it('keeps stored row numbers when the table hides DuckDB’s own file_row_number', async () => {
    const table = await tableOf(
      'hidden',
      `SELECT * FROM (VALUES (10, 'Σοφία'), (20, 'ΣΟΦΙΑ'), (30, 'other')) t(file_row_number, word)`,
      { file_row_number: 'integer', word: 'string' },
    );
    expect(await kept(table, [{ column: 'word', op: 'contains', values: ['σοφια'] }])).toEqual({
      values: [20],
      numbers: [2],
      total: 1,
    });
    expect(await kept(table, [{ column: 'word', op: 'starts_with', values: ['σοφ'] }])).toEqual({
      values: [10, 20],
      numbers: [1, 2],
      total: 2,
    });
  });
});
