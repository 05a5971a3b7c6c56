import type { DuckDBConnection } from '@duckdb/node-api';
import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type {
  CompareQuery,
  CompareRows,
  CompareRowsQuery,
  RowsQuery,
  TableRows,
  VersionCompare,
  VersionStats,
} from '../../../contracts/tables.ts';
import { MAX_COMPARE_PAIRS } from '../../../contracts/limits.ts';
import type { Context } from '../../context.ts';
import { datasets, datasetVersions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { storedColumns, type StoredColumn } from '../../tables/columns.ts';
import {
  compareColumns,
  changedColumns,
  compareCounts,
  compareRows,
  keyStats,
  type CompareSide,
  type KeyStats,
} from '../../tables/compare.ts';
import { rowsWhere, type RowsWhere } from '../../tables/filters.ts';
import { countRows, queryRows } from '../../tables/query.ts';
import { checkFilters } from './row-filters.ts';
import { keptCompareAnswer } from './compare-cache.ts';
import { headerOf, parquetFile, tableStats } from '../table-files.ts';
import { findVisible, versionNotFound, type ViewerId, type VersionRow } from './rows.ts';

/** 400 naming a column the version does not have. */
export const unknownColumn = (name: string, where: string) =>
  new AppError(400, 'UNKNOWN_COLUMN', `Unknown column "${name}" in ${where}`, { column: name });

/** A version of a dataset the viewer may see (404 for the dataset or the version otherwise). */
export async function visibleVersion(
  ctx: Context,
  id: number,
  version: number,
  viewerId: ViewerId,
): Promise<VersionRow> {
  const dataset = await findVisible(ctx.db, id, viewerId);
  const [row] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, dataset.id), eq(datasetVersions.version, version)));
  if (!row) throw versionNotFound();
  return row;
}

const columnsOf = (ctx: Context, file: string, row: VersionRow) =>
  ctx.tables.use((connection) => storedColumns(connection, file, headerOf(row)));

const plain = (columns: StoredColumn[]) => columns.map((c) => ({ name: c.name, type: c.type }));

/** Counts of the rows a selection keeps, by table file and condition (tables never change). */
const filteredCounts = new LRUCache<string, number>({ max: 1_000 });

/** How many rows `where` keeps: every row without it, else counted once and kept. */
async function selectedCount(
  connection: DuckDBConnection,
  file: string,
  where: RowsWhere | null,
  rowCount: number,
): Promise<number> {
  if (where === null) return rowCount;
  const key = JSON.stringify([file, where.sql, where.params]);
  let total = filteredCounts.get(key);
  if (total === undefined) {
    total = await countRows(connection, file, where);
    filteredCounts.set(key, total);
  }
  return total;
}

/** GET /datasets/{id}/versions/{version}/rows */
export async function versionRows(
  ctx: Context,
  id: number,
  version: number,
  viewerId: ViewerId,
  query: RowsQuery,
): Promise<TableRows> {
  const row = await visibleVersion(ctx, id, version, viewerId);
  if (query.sort !== undefined && !row.attributes.includes(query.sort)) {
    throw unknownColumn(query.sort, 'sort');
  }
  const filters = checkFilters(headerOf(row), query.filters ?? []);
  const file = await parquetFile(ctx, row.sha256);
  return ctx.tables.use(async (connection) => {
    const columns = await storedColumns(connection, file, headerOf(row));
    const where = rowsWhere(columns, { q: query.q, filters });
    const total = await selectedCount(connection, file, where, row.entriesCount);
    const page = await queryRows(connection, file, columns, { ...query, where }, total);
    return {
      columns: plain(columns),
      rows: page.rows,
      row_numbers: page.numbers,
      total: page.total,
      offset: query.offset,
      limit: query.limit,
    };
  });
}

/** GET /datasets/{id}/versions/{version}/stats */
export async function versionStats(
  ctx: Context,
  id: number,
  version: number,
  viewerId: ViewerId,
): Promise<VersionStats> {
  const row = await visibleVersion(ctx, id, version, viewerId);
  const stats = await tableStats(ctx, row.sha256, headerOf(row));
  return { version: row.version, ...stats };
}

/**
 * The columns a compare pairs rows by (docs/living-datasets.md "Keys"): none for `key=` (rows
 * compare whole); for another `key`, the column of that name, else the columns it lists
 * separated by commas, each of which both versions must have (400 UNKNOWN_COLUMN naming the
 * first that one lacks); without `key`, the dataset's whole key when both versions have every
 * column of it, else none.
 */
async function compareKey(
  ctx: Context,
  id: number,
  asked: string | undefined,
  both: (name: string) => boolean,
): Promise<string[] | undefined> {
  if (asked === '') return undefined;
  if (asked !== undefined) {
    const key = both(asked) ? [asked] : [...new Set(asked.split(',').map((c) => c.trim()))];
    const missing = key.find((name) => !both(name));
    if (missing !== undefined) {
      throw unknownColumn(missing, 'key (it must be a column of both versions)');
    }
    return key;
  }
  const [row] = await ctx.db
    .select({ keyColumns: datasets.keyColumns })
    .from(datasets)
    .where(eq(datasets.id, id));
  const key = row?.keyColumns ?? [];
  return key.length > 0 && key.every(both) ? key : undefined;
}

/** Both versions' files and columns, and the key, whose every column both versions have. */
async function compareSides(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  query: CompareQuery,
): Promise<{ from: CompareSide; to: CompareSide; key: string[] | undefined }> {
  const [a, b] = await Promise.all([
    visibleVersion(ctx, id, query.from, viewerId),
    visibleVersion(ctx, id, query.to, viewerId),
  ]);
  const both = (name: string) => a.attributes.includes(name) && b.attributes.includes(name);
  const key = await compareKey(ctx, id, query.key, both);
  const [fromFile, toFile] = await Promise.all([
    parquetFile(ctx, a.sha256),
    parquetFile(ctx, b.sha256),
  ]);
  return {
    from: { file: fromFile, columns: await columnsOf(ctx, fromFile, a) },
    to: { file: toFile, columns: await columnsOf(ctx, toFile, b) },
    key,
  };
}

/** 400 COMPARE_TOO_LARGE: the key's repeated values would pair more rows than a compare may. */
const compareTooLarge = (key: string[], pairs: number) =>
  new AppError(
    400,
    'COMPARE_TOO_LARGE',
    `"${key.join(', ')}" repeats too often to compare by: its repeated values would pair ${pairs} rows (at most ${MAX_COMPARE_PAIRS}); choose a column whose values are unique, or compare without a key`,
    { key: key.join(', '), pairs, limit: MAX_COMPARE_PAIRS },
  );

/**
 * Admits a keyed compare: its key statistics (kept per pair of tables and key) say how many row
 * pairs it would make; past MAX_COMPARE_PAIRS it is refused before any pairing runs.
 */
async function admitKey(
  ctx: Context,
  id: number,
  from: CompareSide,
  to: CompareSide,
  key: string[],
): Promise<KeyStats> {
  const stats = await keptCompareAnswer(['key', id, from.file, to.file, key], () =>
    ctx.tables.use((connection) => keyStats(connection, from, to, key)),
  );
  if (stats.pairs > MAX_COMPARE_PAIRS) throw compareTooLarge(key, stats.pairs);
  return stats;
}

/** GET /datasets/{id}/compare: counts are kept per dataset, pair of tables and key. */
export async function compareVersions(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  query: CompareQuery,
): Promise<VersionCompare> {
  const { from, to, key } = await compareSides(ctx, id, viewerId, query);
  const stats = key === undefined ? undefined : await admitKey(ctx, id, from, to, key);
  const counts = await keptCompareAnswer(['counts', id, from.file, to.file, key ?? null], () =>
    ctx.tables.use(async (connection) => ({
      rows: await compareCounts(connection, from, to, key),
      changed_columns: key === undefined ? null : await changedColumns(connection, from, to, key),
    })),
  );
  return {
    from: query.from,
    to: query.to,
    key: key?.join(',') ?? null,
    key_columns: key ?? null,
    columns: compareColumns(from, to),
    ...counts,
    key_repeats: stats?.repeats ?? null,
  };
}

/** GET /datasets/{id}/compare/rows: pages are kept like the counts, in the same cache. */
export async function compareVersionRows(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  query: CompareRowsQuery,
): Promise<CompareRows> {
  const { from, to, key } = await compareSides(ctx, id, viewerId, query);
  const { kind, offset, limit } = query;
  if (key !== undefined) await admitKey(ctx, id, from, to, key);
  const page = await keptCompareAnswer(
    ['rows', id, from.file, to.file, key ?? null, kind, offset, limit],
    () =>
      ctx.tables.use((connection) => compareRows(connection, from, to, key, kind, offset, limit)),
  );
  return {
    kind,
    columns: plain(page.columns),
    rows: page.rows,
    total: page.total,
    offset,
    limit,
  };
}
