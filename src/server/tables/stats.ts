import type { DuckDBConnection, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { ColumnStats } from '../../contracts/tables.ts';
import { clipped } from '../../contracts/cut-text.ts';
import { STATS_TEXT_MAX, TOP_VALUES } from '../../contracts/limits.ts';
import {
  canonicalExpr,
  isNumeric,
  orderKey,
  parquetSource,
  toCell,
  type StoredColumn,
} from './columns.ts';
import { ident } from './engine.ts';
import { axis, axisRange, hasHistogram, histogram, scaleOf, type Range } from './histogram.ts';
import type { Cell } from './types.ts';

export type TableStats = { rows: number; columns: ColumnStats[] };

/**
 * Columns summed up by one scan of the file. A narrow table takes one scan; a wide one several,
 * because each exact distinct count keeps a hash table of its own, and 200 of them at once
 * outgrow DuckDB's memory limit even for a single row.
 */
const COLUMNS_PER_SCAN = 8;

/** What the first scans give of a column; `range` is null when it holds no value. */
type Summary = { count: number; distinct: number; min: Cell; max: Cell; range: Range | null };

type Moments = { mean: number | null; stddev: number | null };

/**
 * Column statistics of a version, from its Parquet file: scans of a few columns at a time for
 * counts, distinct values (exact), minimum and maximum, and then the numbers' means and
 * standard deviations, then one grouped query per column for its histogram (numbers, dates,
 * datetimes stored as such) or its most frequent values (strings, booleans).
 */
export async function computeStats(
  connection: DuckDBConnection,
  file: string,
  columns: StoredColumn[],
): Promise<TableStats> {
  const source = parquetSource(file);
  let rows = 0;
  const summaries: Summary[] = [];
  const moments = new Map<number, Moments>();
  for (let first = 0; first < columns.length; first += COLUMNS_PER_SCAN) {
    const batch = columns.slice(first, first + COLUMNS_PER_SCAN);
    const scan = await summarize(connection, source, batch);
    rows = scan.rows;
    summaries.push(...scan.summaries);
    const found = await numberMoments(connection, source, batch, scan.summaries);
    for (const [k, of] of found) moments.set(first + k, of);
  }
  const result: ColumnStats[] = [];
  for (const [i, column] of columns.entries()) {
    const { count, distinct, min, max, range } = summaries[i]!;
    const { name, type } = column;
    const stats: ColumnStats = { name, type, count, nulls: rows - count, distinct, min, max };
    if (isNumeric(column.type)) Object.assign(stats, moments.get(i) ?? NO_MOMENTS);
    if (hasHistogram(column)) {
      stats.histogram = range === null ? [] : await histogram(connection, source, column, range);
    } else {
      stats.top = await topValues(connection, source, column);
    }
    result.push(stats);
  }
  return { rows, columns: result };
}

const NO_MOMENTS: Moments = { mean: null, stddev: null };

/** One scan: the rows, and each column's counts, minimum and maximum (shown, and on its axis). */
async function summarize(
  connection: DuckDBConnection,
  source: string,
  columns: StoredColumn[],
): Promise<{ rows: number; summaries: Summary[] }> {
  const parts = ['count(*)'];
  for (const column of columns) {
    const c = ident(column.name);
    parts.push(`count(${c})`, `count(DISTINCT ${c})`);
    const key = orderKey(column, c);
    const [least, most] =
      key === c ? [`min(${c})`, `max(${c})`] : [`arg_min(${c}, ${key})`, `arg_max(${c}, ${key})`];
    parts.push(canonicalExpr(column, least), canonicalExpr(column, most));
    if (hasHistogram(column)) parts.push(`min(${axis(column, c)})`, `max(${axis(column, c)})`);
  }
  const reader = await connection.runAndReadAll(`SELECT ${parts.join(', ')} FROM ${source}`);
  const values = reader.getRows()[0] ?? [];
  let at = 0;
  const rows = Number(values[at++] ?? 0);
  const summaries = columns.map((column): Summary => {
    const [count, distinct] = [Number(values[at++] ?? 0), Number(values[at++] ?? 0)];
    const [min, max] = [quoted(toCell(values[at++])), quoted(toCell(values[at++]))];
    if (!hasHistogram(column)) return { count, distinct, min, max, range: null };
    const [lo, hi] = [values[at++], values[at++]];
    const range = count === 0 ? null : axisRange(lo, hi);
    return { count, distinct, min, max, range };
  });
  return { rows, summaries };
}

/**
 * Mean and sample standard deviation of each number column with values, by column index, in
 * one scan. Integers: the mean from DuckDB's exact sum, the deviation over each value's distance
 * from the minimum (exact as a HUGEINT, then a double), so values past 2^53 lose nothing to
 * floats first. Numbers: both over the values divided by a power of two (exact), so values near
 * the largest double do not overflow; a deviation too large for a double is null.
 */
async function numberMoments(
  connection: DuckDBConnection,
  source: string,
  columns: StoredColumn[],
  summaries: Summary[],
): Promise<Map<number, Moments>> {
  const { DOUBLE, HUGEINT } = await import('@duckdb/node-api');
  const parts: string[] = [];
  const values: Record<string, DuckDBValue> = {};
  const types: Record<string, DuckDBType> = {};
  const scales: [index: number, scale: number][] = [];
  for (const [i, column] of columns.entries()) {
    const range = summaries[i]!.range;
    if (!isNumeric(column.type) || range === null) continue;
    const [c, p] = [ident(column.name), `p${i}`];
    if (column.type === 'integer') {
      parts.push(`avg(${c})`, `stddev_samp(CAST(CAST(${c} AS HUGEINT) - $${p} AS DOUBLE))`);
      [values[p], types[p]] = [BigInt(range.lo), HUGEINT];
      scales.push([i, 1]);
    } else {
      parts.push(`avg(${c} / $${p})`, `stddev_samp(${c} / $${p})`);
      const scale = scaleOf(Number(range.lo), Number(range.hi));
      [values[p], types[p]] = [scale, DOUBLE];
      scales.push([i, scale]);
    }
  }
  if (parts.length === 0) return new Map();
  const reader = await connection.runAndReadAll(
    `SELECT ${parts.join(', ')} FROM ${source}`,
    values,
    types,
  );
  const row = reader.getRows()[0] ?? [];
  return new Map(
    scales.map(([i, scale], k) => [
      i,
      { mean: finite(row[2 * k], scale), stddev: finite(row[2 * k + 1], scale) },
    ]),
  );
}

/** A DuckDB double times `scale`, or null when missing or past the largest double. */
const finite = (value: unknown, scale: number) => {
  const n = Number(value) * scale;
  return value === null || value === undefined || !Number.isFinite(n) ? null : n;
};

/** The TOP_VALUES most frequent values, most frequent first, ties by value. */
async function topValues(
  connection: DuckDBConnection,
  source: string,
  column: StoredColumn,
): Promise<NonNullable<ColumnStats['top']>> {
  const c = ident(column.name);
  const reader = await connection.runAndReadAll(
    `SELECT ${canonicalExpr(column, c)} AS value, count(*) AS n FROM ${source}
     WHERE ${c} IS NOT NULL GROUP BY ${c} ORDER BY n DESC, ${c} LIMIT ${TOP_VALUES}`,
  );
  return reader
    .getRows()
    .map(([value, count]) => ({ value: quoted(toCell(value)), count: Number(count) }));
}

/** A value as the statistics quote it: text cut at STATS_TEXT_MAX characters. */
const quoted = (value: Cell): Cell =>
  typeof value === 'string' ? clipped(value, STATS_TEXT_MAX) : value;
