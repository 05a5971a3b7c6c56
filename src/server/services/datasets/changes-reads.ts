import { and, eq, inArray } from 'drizzle-orm';
import type { ChangeSummary } from '../../../contracts/changes.ts';
import type { Dataset } from '../../../contracts/datasets.ts';
import type { Context } from '../../context.ts';
import { datasetVersions } from '../../db/schema.ts';
import { nullIfNotFound } from '../../errors.ts';
import { getDataset } from './browse.ts';
import { summaryOf } from './changes.ts';

/**
 * Change summaries as the site's pages and the versions feed read them: as a guest (a private
 * dataset is not there), docs/living-datasets.md.
 */

/** Versions the feed lists: the newest. */
const FEED_ENTRIES = 20;

export type VersionsFeed = {
  dataset: Dataset;
  /** Newest first, each with its summary. */
  entries: { version: Dataset['versions'][number]; summary: ChangeSummary }[];
};

const versionRows = (ctx: Context, id: number, versions: number[]) =>
  ctx.db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, id), inArray(datasetVersions.version, versions)));

/** A public dataset and its newest versions with their summaries (missing ones computed), or null. */
export async function versionsFeed(ctx: Context, id: number): Promise<VersionsFeed | null> {
  const dataset = await nullIfNotFound(getDataset(ctx, id, null));
  if (!dataset) return null;
  const newest = [...dataset.versions].sort((a, b) => b.version - a.version).slice(0, FEED_ENTRIES);
  const rows = await versionRows(
    ctx,
    dataset.id,
    newest.map((v) => v.version),
  );
  const byVersion = new Map(rows.map((r) => [r.version, r]));
  const entries: VersionsFeed['entries'] = [];
  for (const version of newest) {
    const row = byVersion.get(version.version);
    if (row) entries.push({ version, summary: await summaryOf(ctx, row) });
  }
  return { dataset, entries };
}

/**
 * The stored summaries of a public dataset's versions, by version (a version whose summary is
 * missing, and version 1, are not there: the list shows no line for them).
 */
export async function storedChanges(ctx: Context, id: number): Promise<Map<number, ChangeSummary>> {
  const rows = await ctx.db
    .select({ version: datasetVersions.version, summary: datasetVersions.changeSummary })
    .from(datasetVersions)
    .where(eq(datasetVersions.datasetId, id));
  const found = new Map<number, ChangeSummary>();
  for (const { version, summary } of rows) {
    if (summary) found.set(version, { ...(summary as ChangeSummary), version });
  }
  return found;
}

/** One version's summary (computed when missing), or null when it is not there. */
export async function versionChange(
  ctx: Context,
  id: number,
  version: number,
): Promise<ChangeSummary | null> {
  const [row] = await versionRows(ctx, id, [version]);
  return row ? summaryOf(ctx, row) : null;
}
