import type { DuckDBConnection } from '@duckdb/node-api';
import type { VersionCompare } from '../../contracts/tables.ts';
import type { CompareKind } from '../../contracts/limits.ts';
import {
  canonicalExpr,
  canonicalText,
  numberedSource,
  parquetSource,
  POSITION,
  toCell,
  type StoredColumn,
} from './columns.ts';
import { ident } from './engine.ts';
import type { Cell } from './types.ts';

export type CompareSide = { file: string; columns: StoredColumn[] };

/** What rows pair by: a column, several (a proposal's composite key), or none (whole rows). */
export type CompareKey = string | readonly string[] | undefined;

/** The columns of `from` and `to` as the comparison sees them. */
export function compareColumns(from: CompareSide, to: CompareSide): VersionCompare['columns'] {
  const before = new Map(from.columns.map((c) => [c.name, c]));
  const after = new Map(to.columns.map((c) => [c.name, c]));
  const plain = (c: StoredColumn) => ({ name: c.name, type: c.type });
  return {
    added: to.columns.filter((c) => !before.has(c.name)).map(plain),
    removed: from.columns.filter((c) => !after.has(c.name)).map(plain),
    changed: to.columns
      .filter((c) => before.has(c.name) && before.get(c.name)!.type !== c.type)
      .map((c) => ({ name: c.name, from: before.get(c.name)!.type, to: c.type })),
  };
}

/** Names of the columns both versions have, in the `to` version's order. */
const shared = (from: CompareSide, to: CompareSide) => {
  const before = new Set(from.columns.map((c) => c.name));
  return to.columns.filter((c) => before.has(c.name));
};

/**
 * A shared column as one side reads it for comparing: as stored when both store it alike, else
 * as canonical text.
 */
export function comparable(
  side: CompareSide,
  other: CompareSide,
  name: string,
  source = ident(name),
): string {
  const column = side.columns.find((c) => c.name === name)!;
  const same = other.columns.find((c) => c.name === name)?.storage === column.storage;
  return same ? source : canonicalText(column, source);
}

/**
 * Each side as `(n, k, h)`: its row position, the key (or NULL), and a 64-bit hash of the
 * shared columns' values. A column whose type differs between the versions is read as canonical
 * text on both sides, so values compare alike across the change (a number 2 and the text "2");
 * other columns are read as stored, which is much cheaper.
 */
function sideRelation(
  side: CompareSide,
  other: CompareSide,
  common: StoredColumn[],
  key: CompareKey,
): string {
  const values = common.map((c) => comparable(side, other, c.name));
  const keyExpr =
    key === undefined
      ? 'NULL'
      : typeof key === 'string'
        ? comparable(side, other, key)
        : `list_value(${key.map((k) => comparable(side, other, k)).join(', ')})`;
  const hash = values.length === 0 ? '0' : `hash(${values.join(', ')})`;
  return `SELECT ${POSITION} AS n, ${keyExpr} AS k, ${hash} AS h
          FROM ${numberedSource(side.file, side.columns)}`;
}

/**
 * The rows of each kind, as `(n_from, n_to)` row positions, ordered. Without a key, rows compare
 * whole over the shared columns as multisets (by their hash: two different rows share one with
 * a chance of about 2^-64): a row is added when `to` holds it more times than `from`, each
 * extra copy counting. With a key, a row of `to` whose key `from` lacks is added, a row of
 * `from` whose key `to` lacks is removed, and a pair with the same key and any other shared
 * value different is changed.
 */
function kindQuery(kind: CompareKind, from: CompareSide, to: CompareSide, key: CompareKey): string {
  const common = shared(from, to);
  const a = sideRelation(from, to, common, key);
  const b = sideRelation(to, from, common, key);
  if (key === undefined) {
    // Number the copies of each distinct row, so multiset differences keep their positions.
    const numbered = (rel: string) =>
      `SELECT n, h, row_number() OVER (PARTITION BY h ORDER BY n) AS copy FROM (${rel})`;
    const surplus = (mine: string, theirs: string) =>
      `SELECT x.n FROM (${numbered(mine)}) x ANTI JOIN (${numbered(theirs)}) y
       ON x.h = y.h AND x.copy = y.copy`;
    if (kind === 'added') {
      return `SELECT NULL AS n_from, n AS n_to FROM (${surplus(b, a)}) ORDER BY n`;
    }
    if (kind === 'removed') {
      return `SELECT n AS n_from, NULL AS n_to FROM (${surplus(a, b)}) ORDER BY n`;
    }
    return 'SELECT NULL AS n_from, NULL AS n_to WHERE false';
  }
  if (kind === 'added') {
    return `SELECT NULL AS n_from, x.n AS n_to FROM (${b}) x
            ANTI JOIN (${a}) y ON y.k IS NOT DISTINCT FROM x.k ORDER BY x.n`;
  }
  if (kind === 'removed') {
    return `SELECT x.n AS n_from, NULL AS n_to FROM (${a}) x
            ANTI JOIN (${b}) y ON y.k IS NOT DISTINCT FROM x.k ORDER BY x.n`;
  }
  return `SELECT x.n AS n_from, y.n AS n_to FROM (${a}) x JOIN (${b}) y ON x.k IS NOT DISTINCT FROM y.k
          WHERE x.h <> y.h ORDER BY y.n, x.n`;
}

/** How many rows of each kind (`changed` is null without a key). */
export async function compareCounts(
  connection: DuckDBConnection,
  from: CompareSide,
  to: CompareSide,
  key: string | undefined,
): Promise<VersionCompare['rows']> {
  const count = async (kind: CompareKind) => {
    const reader = await connection.runAndReadAll(
      `SELECT count(*) FROM (${kindQuery(kind, from, to, key)})`,
    );
    return Number(reader.getRows()[0]?.[0] ?? 0);
  };
  return {
    added: await count('added'),
    removed: await count('removed'),
    changed: key === undefined ? null : await count('changed'),
  };
}

/**
 * With a key: the shared columns (the key's aside) that differ between paired rows, and in how
 * many pairs each, most first; columns that never differ are left out. One pass over the same
 * pairs as the changed rows, so the key's admission bounds it too.
 */
export async function changedColumns(
  connection: DuckDBConnection,
  from: CompareSide,
  to: CompareSide,
  key: string,
): Promise<{ name: string; rows: number }[]> {
  const columns = shared(from, to).filter((c) => c.name !== key);
  if (columns.length === 0) return [];
  const side = (mine: CompareSide, other: CompareSide) =>
    `SELECT ${comparable(mine, other, key)} AS k, ${columns
      .map((c, i) => `${comparable(mine, other, c.name)} AS c${i}`)
      .join(', ')} FROM ${parquetSource(mine.file)}`;
  const counts = columns
    .map((_, i) => `count(*) FILTER (WHERE x.c${i} IS DISTINCT FROM y.c${i})`)
    .join(', ');
  const reader = await connection.runAndReadAll(
    `SELECT ${counts} FROM (${side(from, to)}) x JOIN (${side(to, from)}) y
     ON x.k IS NOT DISTINCT FROM y.k`,
  );
  const row = reader.getRows()[0] ?? [];
  return columns
    .map((c, i) => ({ name: c.name, rows: Number(row[i] ?? 0) }))
    .filter((c) => c.rows > 0)
    .sort((a, b) => b.rows - a.rows);
}

/** What a key says of a compare before it runs: its row pairs, and each side's repeated rows. */
export type KeyStats = {
  /** Rows paired by key: the sum over key values of their copies in `from` × copies in `to`. */
  pairs: number;
  /** How many rows of each side share their key with another row of the same side. */
  repeats: NonNullable<VersionCompare['key_repeats']>;
};

/**
 * The key's statistics, from one grouping of each side (linear in the rows, whatever the key):
 * what the keyed compare would pair is known before the join that pairs them runs.
 */
export async function keyStats(
  connection: DuckDBConnection,
  from: CompareSide,
  to: CompareSide,
  key: string,
): Promise<KeyStats> {
  const copies = (side: CompareSide, other: CompareSide) =>
    `SELECT ${comparable(side, other, key)} AS k, count(*) AS c
     FROM ${parquetSource(side.file)} GROUP BY ALL`;
  const reader = await connection.runAndReadAll(
    `WITH a AS (${copies(from, to)}), b AS (${copies(to, from)})
     SELECT (SELECT coalesce(sum(a.c * b.c), 0) FROM a JOIN b ON a.k IS NOT DISTINCT FROM b.k),
            (SELECT coalesce(sum(c), 0) FROM a WHERE c > 1),
            (SELECT coalesce(sum(c), 0) FROM b WHERE c > 1)`,
  );
  const [pairs, repeatsFrom, repeatsTo] = (reader.getRows()[0] ?? []).map(Number);
  return { pairs: pairs ?? 0, repeats: { from: repeatsFrom ?? 0, to: repeatsTo ?? 0 } };
}

export type ComparedRow = { from: Cell[] | null; to: Cell[] | null };

/**
 * A page of one kind: added rows in the `to` version's columns, removed rows in the `from`
 * version's, changed rows as both sides in the shared columns.
 */
export async function compareRows(
  connection: DuckDBConnection,
  from: CompareSide,
  to: CompareSide,
  key: CompareKey,
  kind: CompareKind,
  offset: number,
  limit: number,
): Promise<{ columns: StoredColumn[]; rows: ComparedRow[]; total: number }> {
  const pairs = kindQuery(kind, from, to, key);
  const columns =
    kind === 'added' ? to.columns : kind === 'removed' ? from.columns : shared(from, to);
  const counted = await connection.runAndReadAll(`SELECT count(*) FROM (${pairs})`);
  const total = Number(counted.getRows()[0]?.[0] ?? 0);
  const page = await connection.runAndReadAll(
    `SELECT n_from, n_to FROM (${pairs}) LIMIT ${limit} OFFSET ${offset}`,
  );
  const positions = page.getRows().map(([a, b]) => ({
    from: a === null ? null : Number(a),
    to: b === null ? null : Number(b),
  }));
  const fromRows = await rowsAt(
    connection,
    from,
    columns,
    positions.map((p) => p.from),
  );
  const toRows = await rowsAt(
    connection,
    to,
    columns,
    positions.map((p) => p.to),
  );
  return {
    columns,
    rows: positions.map((p) => ({
      from: p.from === null ? null : (fromRows.get(p.from) ?? null),
      to: p.to === null ? null : (toRows.get(p.to) ?? null),
    })),
    total,
  };
}

/** The rows at these positions of one side, in `columns` (by name). */
async function rowsAt(
  connection: DuckDBConnection,
  side: CompareSide,
  columns: StoredColumn[],
  positions: (number | null)[],
): Promise<Map<number, Cell[]>> {
  const wanted = positions.filter((p): p is number => p !== null);
  const found = new Map<number, Cell[]>();
  if (wanted.length === 0) return found;
  const byName = new Map(side.columns.map((c) => [c.name, c]));
  const select = columns.map((c) => canonicalExpr(byName.get(c.name) ?? c)).join(', ');
  const reader = await connection.runAndReadAll(
    `SELECT ${POSITION}, ${select} FROM ${numberedSource(side.file, side.columns)}
     WHERE ${POSITION} IN (${wanted.join(', ')})`,
  );
  for (const [n, ...cells] of reader.getRows()) found.set(Number(n), cells.map(toCell));
  return found;
}
