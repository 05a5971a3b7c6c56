import type { FacetsQuery, VersionFacets } from '../../../contracts/tables.ts';
import type { Context } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { storedColumns } from '../../tables/columns.ts';
import { binFacet, topFacet } from '../../tables/facets.ts';
import { rowsWhere } from '../../tables/filters.ts';
import { hasHistogram } from '../../tables/histogram.ts';
import { headerOf, parquetFile } from '../table-files.ts';
import { checkFilters } from './row-filters.ts';
import type { ViewerId } from './rows.ts';
import { unknownColumn, visibleVersion } from './viewer.ts';

/**
 * GET /datasets/{id}/versions/{version}/facets: a column's most frequent values, or with `bins`
 * its histogram, among the rows `q` and `filters` keep. An unknown column is 400
 * UNKNOWN_COLUMN; `bins` on a column without a histogram (text, booleans, datetimes kept as
 * text) is 400 VALIDATION_ERROR.
 */
export async function versionFacets(
  ctx: Context,
  id: number,
  version: number,
  viewerId: ViewerId,
  query: FacetsQuery,
): Promise<VersionFacets> {
  const row = await visibleVersion(ctx, id, version, viewerId);
  if (!row.attributes.includes(query.column)) throw unknownColumn(query.column, 'column');
  const filters = checkFilters(headerOf(row), query.filters ?? []);
  const file = await parquetFile(ctx, row.sha256);
  return ctx.tables.use(async (connection) => {
    const columns = await storedColumns(connection, file, headerOf(row));
    const column = columns.find((c) => c.name === query.column);
    if (!column) throw unknownColumn(query.column, 'column');
    const where = rowsWhere(columns, { q: query.q, filters });
    if (query.bins === undefined) return topFacet(connection, file, column, where);
    if (!hasHistogram(column)) {
      throw badRequest('Invalid bins: bins is for numbers, dates and datetimes', [
        { field: 'bins', message: 'bins is for numbers, dates and datetimes' },
      ]);
    }
    return binFacet(connection, file, column, where, query.bins);
  });
}
