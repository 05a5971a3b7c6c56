import type { DuckDBConnection } from '@duckdb/node-api';
import type { ChangeExample } from '../../contracts/changes.ts';
import { clipped } from '../../contracts/cut-text.ts';
import { STATS_TEXT_MAX } from '../../contracts/limits.ts';
import {
  canonicalExpr,
  numberedSource,
  parquetSource,
  POSITION,
  toCell,
  type StoredColumn,
} from './columns.ts';
import { comparable, type CompareSide } from './compare.ts';
import type { Cell } from './types.ts';

/**
 * The rows that changed between two versions, for a version's change summary
 * (docs/living-datasets.md, "What changed"): one pass pairs the rows by key, or counts whole rows
 * as multisets, over the columns both versions share (read as `compare.ts` reads them).
 */
export type RowChanges = {
  /** The key rows were paired by, or null when they compared whole. */
  key: string[] | null;
  added: number;
  removed: number;
  changed: number | null;
  /** With a key: per shared column outside it, the cells that differ between paired rows. */
  cells: Map<string, number>;
  examples: ChangeExample[];
};

type Values = Record<string, Cell>;

const shared = (from: CompareSide, to: CompareSide): StoredColumn[] => {
  const before = new Set(from.columns.map((c) => c.name));
  return to.columns.filter((c) => before.has(c.name));
};

/** A DuckDB value as an example's cell: text cut as the statistics cut it. */
const cellOf = (value: unknown): Cell => {
  const cell = toCell(value);
  return typeof cell === 'string' ? clipped(cell, STATS_TEXT_MAX) : cell;
};

const numberOf = (value: unknown) => Number(value ?? 0);

/**
 * The key to pair rows by: every column of it in both versions, and its values present and
 * unique on both sides; else null (rows then compare whole).
 */
async function usableKey(
  connection: DuckDBConnection,
  from: CompareSide,
  to: CompareSide,
  key: string[],
): Promise<string[] | null> {
  const names = new Set(shared(from, to).map((c) => c.name));
  if (key.length === 0 || !key.every((k) => names.has(k))) return null;
  for (const [side, other] of [
    [from, to],
    [to, from],
  ] as const) {
    const values = key.map((k) => comparable(side, other, k));
    const reader = await connection.runAndReadAll(
      `SELECT count(*) = count(DISTINCT row(${values.join(', ')}))
              AND count(*) FILTER (WHERE ${values.map((v) => `${v} IS NULL`).join(' OR ')}) = 0
       FROM ${parquetSource(side.file)}`,
    );
    if (reader.getRows()[0]?.[0] !== true) return null;
  }
  return key;
}

/** One side for pairing by key: `k<i>` the key, `c<i>` the other shared columns, `v<i>` as shown. */
function keyedSide(
  side: CompareSide,
  other: CompareSide,
  key: string[],
  columns: StoredColumn[],
): string {
  const mine = new Map(side.columns.map((c) => [c.name, c]));
  const parts = [
    `${POSITION} AS n`,
    ...key.map((k, i) => `${comparable(side, other, k)} AS k${i}`),
    ...key.map((k, i) => `${canonicalExpr(mine.get(k)!)} AS kv${i}`),
    ...columns.map((c, i) => `${comparable(side, other, c.name)} AS c${i}`),
    ...columns.map((c, i) => `${canonicalExpr(mine.get(c.name)!)} AS v${i}`),
  ];
  return `SELECT ${parts.join(', ')} FROM ${numberedSource(side.file, side.columns)}`;
}

/** Rows paired by key: counts, changed cells per column, and the first changed rows. */
async function keyedChanges(
  connection: DuckDBConnection,
  from: CompareSide,
  to: CompareSide,
  key: string[],
  examples: number,
): Promise<RowChanges> {
  const columns = shared(from, to).filter((c) => !key.includes(c.name));
  const join = (how: string) =>
    `(${keyedSide(from, to, key, columns)}) x ${how} (${keyedSide(to, from, key, columns)}) y
     ON ${key.map((_, i) => `x.k${i} = y.k${i}`).join(' AND ')}`;
  const differs = columns.map((_, i) => `x.c${i} IS DISTINCT FROM y.c${i}`);
  const any = differs.length === 0 ? 'false' : differs.join(' OR ');
  const counted = await connection.runAndReadAll(
    `SELECT count(*) FILTER (WHERE x.n IS NULL), count(*) FILTER (WHERE y.n IS NULL),
            count(*) FILTER (WHERE x.n IS NOT NULL AND y.n IS NOT NULL AND (${any}))
            ${differs.map((d) => `, count(*) FILTER (WHERE x.n IS NOT NULL AND y.n IS NOT NULL AND ${d})`).join('')}
     FROM ${join('FULL JOIN')}`,
  );
  const [added, removed, changed, ...cells] = (counted.getRows()[0] ?? []).map(numberOf);
  const found: ChangeExample[] = [];
  if ((changed ?? 0) > 0 && examples > 0) {
    const reader = await connection.runAndReadAll(
      `SELECT ${[
        ...key.map((_, i) => `y.kv${i}`),
        ...columns.map((_, i) => `x.v${i}, y.v${i}, ${differs[i]}`),
      ].join(', ')} FROM ${join('JOIN')} WHERE ${any} ORDER BY y.n LIMIT ${examples}`,
    );
    for (const row of reader.getRows()) found.push(changedExample(key, columns, row));
  }
  return {
    key,
    added: added ?? 0,
    removed: removed ?? 0,
    changed: changed ?? 0,
    cells: new Map(columns.map((c, i) => [c.name, cells[i] ?? 0])),
    examples: found,
  };
}

/** A changed row's example: its key, and the cells that differ before and after. */
function changedExample(key: string[], columns: StoredColumn[], row: unknown[]): ChangeExample {
  const at = (i: number) => key.length + i * 3;
  const differing = columns.flatMap((c, i) => (row[at(i) + 2] === true ? [{ c, i }] : []));
  // Built with fromEntries: every column name (`__proto__` too) is an own key.
  return {
    kind: 'changed',
    key: Object.fromEntries(key.map((k, i) => [k, cellOf(row[i])])),
    before: Object.fromEntries(differing.map(({ c, i }) => [c.name, cellOf(row[at(i)])])),
    after: Object.fromEntries(differing.map(({ c, i }) => [c.name, cellOf(row[at(i) + 1])])),
  };
}

/**
 * A side's rows as `(n, h)`: position and a 64-bit hash over the shared columns; with `shown`,
 * also each of its columns as shown (`v<i>`).
 */
function hashed(
  side: CompareSide,
  other: CompareSide,
  columns: StoredColumn[],
  shown = false,
): string {
  const values = columns.map((c) => comparable(side, other, c.name));
  const hash = values.length === 0 ? '0' : `hash(${values.join(', ')})`;
  const extra = shown ? side.columns.map((c, i) => `, ${canonicalExpr(c)} AS v${i}`).join('') : '';
  return `SELECT ${POSITION} AS n, ${hash} AS h${extra} FROM ${numberedSource(side.file, side.columns)}`;
}

/**
 * Whole rows as multisets: a row is added when the new version holds it more times than the
 * old, each extra copy counting (and removed the other way round). Examples: the first rows of
 * each surplus, added first.
 */
async function wholeRowChanges(
  connection: DuckDBConnection,
  from: CompareSide,
  to: CompareSide,
  examples: number,
): Promise<RowChanges> {
  const columns = shared(from, to);
  const groups = `x AS (SELECT h, count(*) AS c FROM (${hashed(from, to, columns)}) GROUP BY h),
    y AS (SELECT h, count(*) AS c FROM (${hashed(to, from, columns)}) GROUP BY h)`;
  const counted = await connection.runAndReadAll(
    `WITH ${groups}
     SELECT coalesce(sum(greatest(coalesce(y.c, 0) - coalesce(x.c, 0), 0)), 0),
            coalesce(sum(greatest(coalesce(x.c, 0) - coalesce(y.c, 0), 0)), 0)
     FROM x FULL JOIN y ON x.h = y.h`,
  );
  const [added = 0, removed = 0] = (counted.getRows()[0] ?? []).map(numberOf);
  const found: ChangeExample[] = [];
  const surplus = async (kind: 'added' | 'removed', count: number) => {
    const left = examples - found.length;
    if (count === 0 || left <= 0) return;
    const [mine, other, more, less] =
      kind === 'added' ? [to, from, 'y', 'x'] : [from, to, 'x', 'y'];
    const reader = await connection.runAndReadAll(
      `WITH ${groups}, s AS (SELECT ${more}.h FROM ${more} LEFT JOIN ${less} ON ${less}.h = ${more}.h
                          WHERE ${more}.c > coalesce(${less}.c, 0))
       SELECT ${mine.columns.map((_, i) => `z.v${i}`).join(', ')}
       FROM (${hashed(mine, other, columns, true)}) z
       WHERE z.h IN (SELECT h FROM s)
       QUALIFY row_number() OVER (PARTITION BY z.h ORDER BY z.n) = 1
       ORDER BY z.n LIMIT ${left}`,
    );
    for (const row of reader.getRows()) {
      const values: Values = Object.fromEntries(
        mine.columns.map((c, i) => [c.name, cellOf(row[i])]),
      );
      found.push({
        kind,
        key: null,
        before: kind === 'removed' ? values : null,
        after: kind === 'added' ? values : null,
      });
    }
  };
  await surplus('added', added);
  await surplus('removed', removed);
  return { key: null, added, removed, changed: null, cells: new Map(), examples: found };
}

/** What changed in the rows from `from` to `to`, paired by `key` when it is usable. */
export async function rowChanges(
  connection: DuckDBConnection,
  from: CompareSide,
  to: CompareSide,
  key: string[],
  examples: number,
): Promise<RowChanges> {
  const usable = await usableKey(connection, from, to, key);
  return usable === null
    ? wholeRowChanges(connection, from, to, examples)
    : keyedChanges(connection, from, to, usable, examples);
}
