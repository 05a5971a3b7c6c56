import type { CroissantDocument } from '../../../contracts/croissant.ts';
import type { Dataset, VersionContent } from '../../../contracts/datasets.ts';
import type { VersionStats } from '../../../contracts/tables.ts';
import type { Context } from '../../context.ts';
import { buildCroissant } from '../croissant.ts';
import {
  computeDownloadDigestsLater,
  downloadDigests,
  storedDownloadDigests,
} from '../download-digests.ts';
import { headerOf, previewCells, tableRows, tableStats } from '../table-files.ts';
import { prepared } from './prepared.ts';
import { renderReadme } from '../../markdown.ts';
import { toDataset, toVersion, versionRowsOf } from './rows.ts';
import { ownUrl } from '../../config.ts';

/** What /datasets/{id} shows a guest: the dataset, its first rows and its structured data. */
export type DatasetPageRead = {
  dataset: Dataset;
  preview: VersionContent | null;
  /** schema.org Dataset + Croissant JSON-LD; null while a large table's digests are pending. */
  structuredData: CroissantDocument | null;
  /** The latest version's column statistics (null without a version). */
  stats: VersionStats | null;
  /** The dataset card as safe HTML ('' when it has none; see src/server/markdown.ts). */
  readmeHtml: string;
};

/**
 * Tables up to this many rows have their download digests computed on the spot when a page
 * view finds none yet (a few milliseconds, only right after publish); larger ones leave the
 * structured data out of that view and compute them in the background.
 */
const DIGEST_ON_VIEW_MAX_ROWS = 20_000;

/**
 * One read for the public dataset page: the dataset with its versions and the latest version's
 * stored preview rows in two parallel queries, and the JSON-LD built from the same rows with the
 * digests kept at publish. Null when there is no public dataset with this id.
 */
export async function readPublicDatasetPage(
  ctx: Context,
  id: number,
  previewRows: number,
): Promise<DatasetPageRead | null> {
  const statements = prepared(ctx.db);
  const [[row], [stored]] = await Promise.all([
    statements.visibleDetail.execute({ id, viewer: -1 }),
    statements.latestPreview.execute({ id }),
  ]);
  if (!row) return null;
  const versionRows = versionRowsOf(row.versions);
  const dataset: Dataset = toDataset(row, null, versionRows);
  const readmeHtml = renderReadme(dataset.readme);
  const latest = versionRows.find((v) => v.version === dataset.latest_version);
  if (!latest) return { dataset, preview: null, structuredData: null, stats: null, readmeHtml };

  // A version published between the two reads leaves the stored rows of another version.
  const storedRows = stored?.version === latest.version ? stored.preview : [];
  const entries =
    storedRows.length >= Math.min(previewRows, latest.entriesCount)
      ? previewCells(storedRows.slice(0, previewRows), headerOf(latest))
      : await tableRows(ctx, latest.sha256, headerOf(latest), 0, previewRows);
  const preview: VersionContent = {
    version: latest.version,
    attributes: latest.attributes,
    attribute_types: latest.attributeTypes,
    entries: entries as VersionContent['entries'],
    entries_count: latest.entriesCount,
    offset: 0,
    limit: previewRows,
  };

  let digests = await storedDownloadDigests(ctx, latest.sha256);
  if (!digests && latest.entriesCount <= DIGEST_ON_VIEW_MAX_ROWS) {
    digests = await downloadDigests(ctx, latest.sha256);
  } else if (!digests) {
    computeDownloadDigestsLater(ctx, latest.sha256);
  }
  const version = toVersion(latest);
  const structuredData =
    digests && buildCroissant({ dataset, version, digests, siteUrl: ownUrl(ctx.config) });
  const stats: VersionStats = {
    version: latest.version,
    ...(await tableStats(ctx, latest.sha256, headerOf(latest))),
  };
  return { dataset, preview, structuredData, stats, readmeHtml };
}
