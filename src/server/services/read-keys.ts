import { and, eq } from 'drizzle-orm';
import type { ReadKey } from '../../contracts/downloads.ts';
import type { Context } from '../context.ts';
import { datasetVersions } from '../db/schema.ts';
import { findVisible, versionNotFound } from './datasets/rows.ts';

/** How long a read key reads its version: a console session's length. */
const READ_KEY_SECONDS = 60 * 60;

/**
 * A read key of a version the caller may see, and the version's Parquet address with it: what
 * the SQL console's DuckDB reads a private dataset with, since it cannot send a bearer token
 * (docs/tables.md "Private datasets in the console"). The key reads as the caller does, so it
 * stops working when the caller could no longer see the dataset.
 */
export async function issueReadKey(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  version: number,
): Promise<ReadKey> {
  await findVisible(ctx.db, datasetId, viewerId);
  const [row] = await ctx.db
    .select({ id: datasetVersions.id })
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, datasetId), eq(datasetVersions.version, version)));
  if (!row) throw versionNotFound();
  const key = await ctx.tokens.signRead({ userId: viewerId, datasetId, version }, READ_KEY_SECONDS);
  return {
    key,
    url: `/datasets/${datasetId}/versions/${version}/data.parquet?key=${key}`,
    expires_at: new Date(Date.now() + READ_KEY_SECONDS * 1000).toISOString(),
  };
}
