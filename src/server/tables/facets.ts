import type { DuckDBConnection } from '@duckdb/node-api';
import type { VersionFacets } from '../../contracts/tables.ts';
import { clipped } from '../../contracts/cut-text.ts';
import { FACET_VALUES, STATS_TEXT_MAX } from '../../contracts/limits.ts';
import { canonicalExpr, orderKey, parquetSource, toCell, type StoredColumn } from './columns.ts';
import { ident } from './engine.ts';
import type { RowsWhere } from './filters.ts';
import { axis, axisRange, histogram } from './histogram.ts';

/** The file's rows that `where` keeps (all of them without it). */
const keptRows = (file: string, where: RowsWhere | null) =>
  where === null
    ? parquetSource(file)
    : `(SELECT * FROM ${parquetSource(file)} WHERE ${where.sql})`;

/**
 * The FACET_VALUES most frequent values of `column` among the rows kept, most frequent first,
 * ties in the column's order, a missing value counted as null (last among ties); text cut at
 * STATS_TEXT_MAX characters like the statistics'.
 */
export async function topFacet(
  connection: DuckDBConnection,
  file: string,
  column: StoredColumn,
  where: RowsWhere | null,
): Promise<VersionFacets> {
  const c = ident(column.name);
  const reader = await connection.runAndReadAll(
    `SELECT ${canonicalExpr(column, c)} AS value, count(*) AS n FROM ${keptRows(file, where)}
     GROUP BY ${c} ORDER BY n DESC, ${orderKey(column, c)} NULLS LAST LIMIT ${FACET_VALUES}`,
    where?.params ?? {},
  );
  const values = reader.getRows().map(([value, count]) => {
    const cell = toCell(value);
    return {
      value: typeof cell === 'string' ? clipped(cell, STATS_TEXT_MAX) : cell,
      count: Number(count),
    };
  });
  return { column: column.name, values };
}

/**
 * A histogram of `column` (a number, date or datetime stored as such) among the rows kept: at
 * most `bins` equal-width bins from their smallest to their largest value, as the statistics'
 * histogram (empty when no kept row has a value).
 */
export async function binFacet(
  connection: DuckDBConnection,
  file: string,
  column: StoredColumn,
  where: RowsWhere | null,
  bins: number,
): Promise<VersionFacets> {
  const source = keptRows(file, where);
  const params = where?.params ?? {};
  const x = axis(column, ident(column.name));
  const reader = await connection.runAndReadAll(
    `SELECT min(${x}), max(${x}) FROM ${source}`,
    params,
  );
  const [lo, hi] = reader.getRows()[0] ?? [];
  const range = axisRange(lo, hi);
  if (range === null) return { column: column.name, bins: [] };
  return {
    column: column.name,
    bins: await histogram(connection, source, column, range, { bins, params }),
  };
}
