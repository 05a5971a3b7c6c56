import { and, eq } from 'drizzle-orm';
import type {
  CompareQuery,
  CompareRows,
  CompareRowsQuery,
  RowsQuery,
  TableRows,
  VersionCompare,
  VersionStats,
} from '../../../contracts/tables.ts';
import type { Context } from '../../context.ts';
import { datasetVersions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { storedColumns, type StoredColumn } from '../../tables/columns.ts';
import {
  compareColumns,
  compareCounts,
  compareRows,
  keyRepeats,
  type CompareSide,
} from '../../tables/compare.ts';
import { queryRows } from '../../tables/query.ts';
import { headerOf, parquetFile, tableStats } from '../table-files.ts';
import { findVisible, versionNotFound, type ViewerId, type VersionRow } from './rows.ts';

/** 400 naming a column the version does not have. */
const unknownColumn = (name: string, where: string) =>
  new AppError(400, 'UNKNOWN_COLUMN', `Unknown column "${name}" in ${where}`, { column: name });

/** A version of a dataset the viewer may see (404 for the dataset or the version otherwise). */
async function visibleVersion(
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
  const file = await parquetFile(ctx, row.sha256);
  return ctx.tables.use(async (connection) => {
    const columns = await storedColumns(connection, file, headerOf(row));
    const page = await queryRows(connection, file, columns, query, row.entriesCount);
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

/** Both versions' files and columns; the key must be a column of both. */
async function compareSides(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  query: CompareQuery,
): Promise<{ from: CompareSide; to: CompareSide }> {
  const [a, b] = await Promise.all([
    visibleVersion(ctx, id, query.from, viewerId),
    visibleVersion(ctx, id, query.to, viewerId),
  ]);
  const key = query.key;
  if (key !== undefined && !(a.attributes.includes(key) && b.attributes.includes(key))) {
    throw unknownColumn(key, 'key (it must be a column of both versions)');
  }
  const [fromFile, toFile] = await Promise.all([
    parquetFile(ctx, a.sha256),
    parquetFile(ctx, b.sha256),
  ]);
  return {
    from: { file: fromFile, columns: await columnsOf(ctx, fromFile, a) },
    to: { file: toFile, columns: await columnsOf(ctx, toFile, b) },
  };
}

type CompareCounts = Pick<VersionCompare, 'rows' | 'key_repeats'>;
const compareCache = new Map<string, CompareCounts>();
const COMPARE_CACHE_SIZE = 200;

/** GET /datasets/{id}/compare: counts are cached per pair of tables and key (tables never change). */
export async function compareVersions(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  query: CompareQuery,
): Promise<VersionCompare> {
  const { from, to } = await compareSides(ctx, id, viewerId, query);
  const { key } = query;
  const cacheKey = JSON.stringify([from.file, to.file, key ?? null]);
  let counts = compareCache.get(cacheKey);
  if (!counts) {
    counts = await ctx.tables.use(async (connection) => ({
      rows: await compareCounts(connection, from, to, key),
      key_repeats: key === undefined ? null : await keyRepeats(connection, from, to, key),
    }));
    if (compareCache.size >= COMPARE_CACHE_SIZE) {
      compareCache.delete(compareCache.keys().next().value!);
    }
    compareCache.set(cacheKey, counts);
  }
  return {
    from: query.from,
    to: query.to,
    key: key ?? null,
    columns: compareColumns(from, to),
    ...counts,
  };
}

/** GET /datasets/{id}/compare/rows */
export async function compareVersionRows(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  query: CompareRowsQuery,
): Promise<CompareRows> {
  const { from, to } = await compareSides(ctx, id, viewerId, query);
  const page = await ctx.tables.use((connection) =>
    compareRows(connection, from, to, query.key, query.kind, query.offset, query.limit),
  );
  return {
    kind: query.kind,
    columns: plain(page.columns),
    rows: page.rows,
    total: page.total,
    offset: query.offset,
    limit: query.limit,
  };
}
