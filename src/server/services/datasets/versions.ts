import { and, eq } from 'drizzle-orm';
import type {
  ContentQuery,
  VersionContent,
  VersionListResponse,
} from '../../../contracts/datasets.ts';
import type { Context } from '../../context.ts';
import { datasetVersions } from '../../db/schema.ts';
import { headerOf, previewCells, tableRows } from '../table-files.ts';
import { versionsOf } from './browse.ts';
import { findVisible, versionNotFound, type ViewerId } from './rows.ts';

/** GET /datasets/{id}/versions: newest first; 404 when the caller may not see the dataset. */
export async function listVersions(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
): Promise<VersionListResponse> {
  await findVisible(ctx.db, id, viewerId);
  return { versions: await versionsOf(ctx.db, id) };
}

/**
 * GET /datasets/{id}/version: a page of the latest version's rows. The first rows come from the
 * version record's preview; later pages are read from the Parquet file.
 */
export async function latestContent(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  { offset, limit }: ContentQuery,
): Promise<VersionContent> {
  const dataset = await findVisible(ctx.db, id, viewerId);
  const [version] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(
      and(eq(datasetVersions.datasetId, id), eq(datasetVersions.version, dataset.latestVersion)),
    );
  if (!version) throw versionNotFound();
  const fromPreview =
    offset + limit <= version.preview.length || version.preview.length >= version.entriesCount;
  const entries = fromPreview
    ? previewCells(version.preview.slice(offset, offset + limit), headerOf(version))
    : await tableRows(ctx, version.sha256, headerOf(version), offset, limit);
  return {
    version: version.version,
    attributes: version.attributes,
    attribute_types: version.attributeTypes,
    entries: entries as VersionContent['entries'],
    entries_count: version.entriesCount,
    offset,
    limit,
  };
}
