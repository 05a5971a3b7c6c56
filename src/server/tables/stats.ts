import type { DuckDBConnection } from '@duckdb/node-api';
import type { ColumnStats } from '../../contracts/tables.ts';
import { HISTOGRAM_BINS, TOP_VALUES } from '../../contracts/limits.ts';
import {
  canonicalExpr,
  isNumeric,
  isTemporal,
  parquetSource,
  toCell,
  type StoredColumn,
} from './columns.ts';
import { ident } from './engine.ts';

export type TableStats = { rows: number; columns: ColumnStats[] };

/**
 * Column statistics of a version, from its Parquet file: one pass for counts, distinct values
 * (exact), minimum, maximum, mean and standard deviation, then one grouped query per column for
 * its histogram (numbers, dates, datetimes stored as such) or its most frequent values
 * (strings, booleans).
 */
export async function computeStats(
  connection: DuckDBConnection,
  file: string,
  columns: StoredColumn[],
): Promise<TableStats> {
  const source = parquetSource(file);
  const parts = ['count(*)'];
  for (const column of columns) {
    const c = ident(column.name);
    parts.push(`count(${c})`, `count(DISTINCT ${c})`);
    parts.push(`${canonicalExpr(column, `min(${c})`)}`, `${canonicalExpr(column, `max(${c})`)}`);
    if (isNumeric(column.type)) parts.push(`avg(${c})`, `stddev_samp(${c})`);
  }
  const reader = await connection.runAndReadAll(`SELECT ${parts.join(', ')} FROM ${source}`);
  const values = reader.getRows()[0] ?? [];
  let at = 0;
  const rows = Number(values[at++] ?? 0);
  const result: ColumnStats[] = [];
  for (const column of columns) {
    const count = Number(values[at++] ?? 0);
    const distinct = Number(values[at++] ?? 0);
    const min = toCell(values[at++]);
    const max = toCell(values[at++]);
    const stats: ColumnStats = {
      name: column.name,
      type: column.type,
      count,
      nulls: rows - count,
      distinct,
      min,
      max,
    };
    if (isNumeric(column.type)) {
      stats.mean = finite(values[at++]);
      stats.stddev = finite(values[at++]);
    }
    if (hasHistogram(column)) {
      stats.histogram = count === 0 ? [] : await histogram(connection, source, column);
    } else {
      stats.top = await topValues(connection, source, column);
    }
    result.push(stats);
  }
  return { rows, columns: result };
}

const finite = (value: unknown) => {
  const n = Number(value);
  return value === null || value === undefined || !Number.isFinite(n) ? null : n;
};

/** Numbers, dates and datetimes stored as such (a mixed-zone datetime column is text). */
const hasHistogram = (column: StoredColumn) =>
  isNumeric(column.type) || (isTemporal(column.type) && column.storage !== 'VARCHAR');

/** A value as a number on the histogram's axis: itself, or days / microseconds since 1970. */
function axis(column: StoredColumn, expr: string): string {
  if (column.storage === 'DATE')
    return `CAST(date_diff('day', DATE '1970-01-01', ${expr}) AS DOUBLE)`;
  if (column.storage.startsWith('TIMESTAMP')) return `CAST(epoch_us(${expr}) AS DOUBLE)`;
  return `CAST(${expr} AS DOUBLE)`;
}

/** Bins over [lo, hi]: equal widths; whole-step columns (integers, dates) on whole steps. */
function binEdges(lo: number, hi: number, whole: boolean): { width: number; n: number } {
  if (hi === lo) return { width: 1, n: 1 };
  if (!whole) return { width: (hi - lo) / HISTOGRAM_BINS, n: HISTOGRAM_BINS };
  const width = Math.ceil((hi - lo + 1) / HISTOGRAM_BINS);
  return { width, n: Math.ceil((hi - lo + 1) / width) };
}

const DAY_MS = 86_400_000;

/** A point of the axis back in the column's terms (dates and datetimes as canonical text). */
function fromAxis(column: StoredColumn, x: number): number | string {
  if (column.storage === 'DATE') return new Date(x * DAY_MS).toISOString().slice(0, 10);
  if (column.storage.startsWith('TIMESTAMP')) {
    const text = new Date(Math.round(x / 1000)).toISOString().replace(/\.?0*Z$/, '');
    return column.storage === 'TIMESTAMP' ? text : `${text}Z`;
  }
  return x;
}

/**
 * At most HISTOGRAM_BINS equal-width bins from min to max; `to` is where the next bin starts,
 * except in the last bin, which ends at (and includes) max. Integers and dates are binned on
 * whole steps, so a bin of integers holds from … to − 1 (to itself for the last).
 */
async function histogram(
  connection: DuckDBConnection,
  source: string,
  column: StoredColumn,
): Promise<NonNullable<ColumnStats['histogram']>> {
  const x = axis(column, ident(column.name));
  const present = `${ident(column.name)} IS NOT NULL`;
  const range = await connection.runAndReadAll(
    `SELECT min(${x}), max(${x}) FROM ${source} WHERE ${present}`,
  );
  const [lo, hi] = (range.getRows()[0] ?? []).map(Number) as [number, number];
  const whole = column.type === 'integer' || column.storage === 'DATE';
  const { width, n } = binEdges(lo, hi, whole);
  // Loaded already by the engine that made the connection (tables/engine.ts loads it on first use).
  const { DOUBLE } = await import('@duckdb/node-api');
  const counted = await connection.runAndReadAll(
    `SELECT least(CAST(floor((${x} - $lo) / $width) AS BIGINT), ${n - 1}) AS bin, count(*)
     FROM ${source} WHERE ${present} GROUP BY bin`,
    { lo, width },
    { lo: DOUBLE, width: DOUBLE },
  );
  const counts = new Map(counted.getRows().map(([bin, c]) => [Number(bin), Number(c)]));
  return Array.from({ length: n }, (_, bin) => ({
    from: fromAxis(column, lo + bin * width),
    to: fromAxis(column, bin === n - 1 ? hi : lo + (bin + 1) * width),
    count: counts.get(bin) ?? 0,
  }));
}

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
  return reader.getRows().map(([value, count]) => ({ value: toCell(value), count: Number(count) }));
}
