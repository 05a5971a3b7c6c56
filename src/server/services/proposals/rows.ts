import { LRUCache } from 'lru-cache';
import type { ProposalRows, ProposalRowsQuery } from '../../../contracts/proposals.ts';
import type { Context } from '../../context.ts';
import { compareRows, type CompareSide } from '../../tables/compare.ts';
import type { ViewerId } from '../datasets/rows.ts';
import { findProposal } from './access.ts';
import { proposedOf, sidesOf, versionTable } from './sides.ts';

/** Pages of base → proposed, by the two tables, key, kind and page (tables never change). */
const pages = new LRUCache<string, Awaited<ReturnType<typeof compareRows>>>({ max: 200 });

/** The dataset's key when both tables have all its columns, else none (rows compare whole). */
const keyOf = (from: CompareSide, to: CompareSide, key: string[]) =>
  key.length > 0 &&
  key.every((k) => from.columns.some((c) => c.name === k) && to.columns.some((c) => c.name === k))
    ? key
    : null;

/**
 * GET /proposals/{id}/rows: a page of the rows the proposal adds, removes or changes (base →
 * proposed), as the compare rows endpoint answers them; paired by the dataset's key.
 */
export async function proposalRows(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  query: ProposalRowsQuery,
): Promise<ProposalRows> {
  const row = await findProposal(ctx.db, id, viewerId);
  const base = await versionTable(ctx, row.datasetId, row.baseVersion);
  const { from, to } = await sidesOf(ctx, { from: base, to: proposedOf(row) });
  const key = keyOf(from, to, row.keyColumns);
  const { kind, offset, limit } = query;
  const cacheKey = JSON.stringify([from.file, to.file, key, kind, offset, limit]);
  let page = pages.get(cacheKey);
  if (!page) {
    page = await ctx.tables.use((connection) =>
      compareRows(connection, from, to, key ?? undefined, kind, offset, limit),
    );
    pages.set(cacheKey, page);
  }
  return {
    kind,
    key: key === null ? null : key.join(', '),
    key_columns: key,
    columns: page.columns.map((c) => ({ name: c.name, type: c.type })),
    rows: page.rows,
    total: page.total,
    offset,
    limit,
  };
}
