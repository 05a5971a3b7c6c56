import { describe, expect, it } from 'vitest';
import { SQL_MAX_ROWS } from '../../src/lib/sql-console.ts';
import { keepRows, type ArrowRows } from '../../src/islands/datasets/sql/kept-rows.ts';

/** DuckDB's record batches hold up to 2,048 rows. */
const BATCH = 2048;

/**
 * A stream of record batches of `total` rows numbered from 0 (column `n`) with a label (column
 * `label`, NULL every seventh row), as DuckDB-WASM's `connection.send` gives them; `read` counts
 * the values read from each batch and `handed` the batches handed out.
 */
function fakeResult(total: number) {
  const read: number[] = [];
  const stream = { handed: 0 };
  async function* batches(): AsyncGenerator<ArrowRows> {
    for (let first = 0; first < total || (total === 0 && stream.handed === 0); first += BATCH) {
      const index = stream.handed++;
      read[index] = 0;
      const numRows = Math.min(BATCH, total - first);
      const column = (value: (row: number) => unknown) => ({
        get: (row: number) => {
          read[index]! += 1;
          return value(first + row);
        },
      });
      const columns = [column((n) => BigInt(n)), column((n) => (n % 7 === 0 ? null : `r, ${n}`))];
      await Promise.resolve();
      yield {
        schema: { fields: [{ name: 'n' }, { name: 'label' }] },
        numRows,
        getChildAt: (c) => columns[c] ?? null,
      };
    }
  }
  return { batches: batches(), read, stream };
}

describe('a SQL console result read as it streams', () => {
  it('keeps the first 10,000 rows as text and counts the rest', async () => {
    const total = 12 * BATCH + 100;
    const { batches, read } = fakeResult(total);
    const kept = await keepRows(batches);
    expect(kept?.total).toBe(total);
    expect(kept?.columns).toEqual(['n', 'label']);
    expect(kept?.rows).toHaveLength(SQL_MAX_ROWS);
    expect(kept?.rows[0]).toEqual(['0', '']);
    expect(kept?.rows[1]).toEqual(['1', 'r, 1']);
    expect(kept?.rows.at(-1)).toEqual(['9999', 'r, 9999']);
    // Only the kept rows' values are read (two columns): batch 5 holds rows 8,192–10,239.
    expect(read).toEqual([
      ...Array.from({ length: 4 }, () => 2 * BATCH),
      2 * (SQL_MAX_ROWS - 4 * BATCH),
      ...Array.from({ length: 8 }, () => 0),
    ]);
    // The numbers are BigInt: the column is numeric; the labels are not.
    expect(kept?.numeric).toEqual([true, false]);
  });

  it('keeps every row of a result that fits', async () => {
    const kept = await keepRows(fakeResult(3).batches);
    expect(kept).toEqual({
      columns: ['n', 'label'],
      numeric: [true, false],
      rows: [
        ['0', ''],
        ['1', 'r, 1'],
        ['2', 'r, 2'],
      ],
      total: 3,
    });
  });

  it('has the columns of an empty result, which comes as one batch of no rows', async () => {
    const kept = await keepRows(fakeResult(0).batches);
    expect(kept).toEqual({ columns: ['n', 'label'], numeric: [false, false], rows: [], total: 0 });
  });

  it('reads no further once stopped, and gives no result', async () => {
    const { batches, stream } = fakeResult(100 * BATCH);
    const stop = new AbortController();
    async function* stopAfterTwo() {
      for await (const batch of batches) {
        yield batch;
        if (stream.handed === 2) stop.abort();
      }
    }
    expect(await keepRows(stopAfterTwo(), stop.signal)).toBeNull();
    expect(stream.handed).toBe(3);
  });
});
