import type { DuckDBConnection, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { ColumnStats } from '../../contracts/tables.ts';
import { HISTOGRAM_BINS } from '../../contracts/limits.ts';
import { fromBigint } from './big-integer.ts';
import { isNumeric, isTemporal, type StoredColumn } from './columns.ts';
import { ident } from './engine.ts';

type Histogram = NonNullable<ColumnStats['histogram']>;

/** A column's smallest and largest value on its histogram's axis (see `axis`). */
export type Range = { lo: bigint | number; hi: bigint | number };

const isPoint = (value: unknown): value is bigint | number =>
  typeof value === 'bigint' || typeof value === 'number';

/** The range of a column's smallest and largest axis points; null when it has none (no values). */
export const axisRange = (lo: unknown, hi: unknown): Range | null =>
  isPoint(lo) && isPoint(hi) ? { lo, hi } : null;

/** Numbers, dates and datetimes stored as such (a mixed-zone datetime column is text). */
export const hasHistogram = (column: StoredColumn) =>
  isNumeric(column.type) || (isTemporal(column.type) && column.storage !== 'VARCHAR');

/**
 * A value as a point of the histogram's axis: integers themselves (BIGINT, never a float),
 * dates as days since 1970, datetimes as microseconds since 1970, numbers themselves.
 */
export function axis(column: StoredColumn, expr: string): string {
  if (column.storage === 'DATE') return `date_diff('day', DATE '1970-01-01', ${expr})`;
  if (column.storage.startsWith('TIMESTAMP')) return `epoch_us(${expr})`;
  return expr;
}

/** Integers and dates are binned on whole steps, in exact integer arithmetic. */
const isWhole = (column: StoredColumn) => column.type === 'integer' || column.storage === 'DATE';

/**
 * A power of two near the largest magnitude of [lo, hi]. Dividing by it is exact, so sums and
 * differences of the divided values are those of the values themselves, without overflowing
 * when the values are near the largest finite number.
 */
export function scaleOf(lo: number, hi: number): number {
  const largest = Math.max(Math.abs(lo), Math.abs(hi));
  // log2 of the largest double rounds up to 1024, whose power of two is Infinity.
  return largest === 0 ? 1 : 2 ** Math.min(Math.floor(Math.log2(largest)), 1023);
}

/**
 * At most HISTOGRAM_BINS (or `shape.bins`) equal-width bins from min to max; `to` is where the next bin starts,
 * except in the last bin, which ends at (and includes) max. Integers and dates are binned on
 * whole steps, so a bin of integers holds from … to − 1 (to itself for the last).
 */
export function histogram(
  connection: DuckDBConnection,
  source: string,
  column: StoredColumn,
  range: Range,
  shape: BinShape = { bins: HISTOGRAM_BINS, params: {} },
): Promise<Histogram> {
  return isWhole(column)
    ? wholeBins(connection, source, column, range, shape)
    : evenBins(connection, source, column, range, shape);
}

/** How many bins at most, and the parameters `source` takes (a facet's filters). */
export type BinShape = { bins: number; params: Record<string, string> };

const DAY_MS = 86_400_000;

/** Bins of integers (exact at any size: edges are BIGINTs, sent as big integers past 2^53). */
async function wholeBins(
  connection: DuckDBConnection,
  source: string,
  column: StoredColumn,
  range: Range,
  shape: BinShape,
): Promise<Histogram> {
  const lo = BigInt(range.lo);
  const hi = BigInt(range.hi);
  const bins = BigInt(shape.bins);
  const span = hi - lo + 1n;
  const width = (span + bins - 1n) / bins;
  const n = Number((span + width - 1n) / width);
  const { HUGEINT } = await import('@duckdb/node-api');
  const x = axis(column, ident(column.name));
  const counts = await binCounts(connection, source, column, {
    bin: `(CAST(${x} AS HUGEINT) - $lo) // $width`,
    n,
    values: { ...shape.params, lo, width },
    types: { lo: HUGEINT, width: HUGEINT },
  });
  const edge = (bin: number) => {
    const at = bin === n ? hi : lo + BigInt(bin) * width;
    return column.storage === 'DATE'
      ? new Date(Number(at) * DAY_MS).toISOString().slice(0, 10)
      : fromBigint(at);
  };
  return Array.from({ length: n }, (_, bin) => ({
    from: edge(bin),
    to: edge(bin + 1),
    count: counts.get(bin) ?? 0,
  }));
}

/** Bins of numbers and datetimes: equal widths, computed on values divided by `scaleOf`. */
async function evenBins(
  connection: DuckDBConnection,
  source: string,
  column: StoredColumn,
  range: Range,
  shape: BinShape,
): Promise<Histogram> {
  const [lo, hi] = [Number(range.lo), Number(range.hi)];
  const scale = scaleOf(lo, hi);
  const n = hi === lo ? 1 : shape.bins;
  const width = hi === lo ? 1 : (hi / scale - lo / scale) / n;
  const { DOUBLE } = await import('@duckdb/node-api');
  const x = `CAST(${axis(column, ident(column.name))} AS DOUBLE)`;
  const counts = await binCounts(connection, source, column, {
    bin: `floor((${x} / $scale - $lo) / $width)`,
    n,
    values: { ...shape.params, scale, lo: lo / scale, width },
    types: { scale: DOUBLE, lo: DOUBLE, width: DOUBLE },
  });
  const edge = (bin: number) =>
    fromAxis(column, bin === n ? hi : (lo / scale + bin * width) * scale);
  return Array.from({ length: n }, (_, bin) => ({
    from: edge(bin),
    to: edge(bin + 1),
    count: counts.get(bin) ?? 0,
  }));
}

/** A point of the axis back in the column's terms (datetimes as canonical text). */
function fromAxis(column: StoredColumn, x: number): number | string {
  if (!column.storage.startsWith('TIMESTAMP')) return x;
  const text = new Date(Math.round(x / 1000)).toISOString().replace(/\.?0*Z$/, '');
  return column.storage === 'TIMESTAMP' ? text : `${text}Z`;
}

type BinQuery = {
  /** SQL of a value's bin number (the last bin also holds max). */
  bin: string;
  n: number;
  values: Record<string, DuckDBValue>;
  types: Record<string, DuckDBType>;
};

/** How many values fall in each bin, by bin number (empty bins absent). */
async function binCounts(
  connection: DuckDBConnection,
  source: string,
  column: StoredColumn,
  query: BinQuery,
): Promise<Map<number, number>> {
  const counted = await connection.runAndReadAll(
    `SELECT least(CAST(${query.bin} AS BIGINT), ${query.n - 1}) AS bin, count(*)
     FROM ${source} WHERE ${ident(column.name)} IS NOT NULL GROUP BY bin`,
    query.values,
    query.types,
  );
  return new Map(counted.getRows().map(([bin, count]) => [Number(bin), Number(count)]));
}
