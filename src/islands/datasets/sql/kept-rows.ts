/**
 * A query result read as it streams: its Arrow record batches one at a time, the first rows kept
 * as text and the rest only counted, so the page never holds the whole result.
 */
import { SQL_MAX_ROWS, sqlValueText } from '../../../lib/sql-console.ts';

/** What the console reads of an Arrow record batch (or table). */
export type ArrowRows = {
  schema: { fields: { name: string }[] };
  numRows: number;
  getChildAt: (column: number) => { get: (row: number) => unknown } | null;
};

/**
 * The rows kept of a result: its column names, per column whether every value kept is a number
 * (shown right-aligned), the rows kept as text, and how many rows the whole result has.
 */
export type KeptRows = { columns: string[]; numeric: boolean[]; rows: string[][]; total: number };

const isNumber = (value: unknown) => typeof value === 'number' || typeof value === 'bigint';

/** The rows `from` to `to` of a record batch as text; `see` is shown each value. */
export function rowTexts(
  batch: ArrowRows,
  from: number,
  to: number,
  see: (column: number, value: unknown) => void = () => {},
): string[][] {
  const vectors = batch.schema.fields.map((_f, c) => batch.getChildAt(c));
  const rows: string[][] = [];
  for (let r = from; r < to; r++) {
    rows.push(
      vectors.map((vector, c) => {
        const value = vector?.get(r);
        see(c, value);
        return sqlValueText(value);
      }),
    );
  }
  return rows;
}

/**
 * Reads a result's record batches in order, keeping the first `max` rows as text and counting
 * the rest: each batch is let go once read, so the page holds one batch and the rows kept, not
 * the result. The columns are those of the first batch (an empty result still has one, with no
 * rows). Null when `signal` is aborted: the rest of the result is not read.
 */
export async function keepRows(
  batches: AsyncIterable<ArrowRows>,
  signal?: AbortSignal,
  max = SQL_MAX_ROWS,
): Promise<KeptRows | null> {
  let columns: string[] | null = null;
  let seen: { numbers: number; others: number }[] = [];
  const rows: string[][] = [];
  let total = 0;
  for await (const batch of batches) {
    if (signal?.aborted) return null;
    if (columns === null) {
      columns = batch.schema.fields.map((f) => f.name);
      seen = columns.map(() => ({ numbers: 0, others: 0 }));
    }
    const keep = Math.min(batch.numRows, max - rows.length);
    const kept = rowTexts(batch, 0, keep, (c, value) => {
      if (value !== null && value !== undefined) seen[c]![isNumber(value) ? 'numbers' : 'others']++;
    });
    for (const row of kept) rows.push(row);
    total += batch.numRows;
  }
  if (signal?.aborted) return null;
  const numeric = seen.map((s) => s.numbers > 0 && s.others === 0);
  return { columns: columns ?? [], numeric, rows, total };
}
