import { and, desc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets, datasetVersions } from '../../db/schema.ts';
import { selectDetails, selectSummaries } from './rows.ts';

/** Every column of a version but its stored preview rows. */
const { preview: _preview, ...versionColumns } = getTableColumns(datasetVersions);

/**
 * Statements of the hottest reads, built once per database and prepared (named statements on
 * PostgreSQL, planned once per connection): no query building per request.
 */
function build(db: Db) {
  return {
    /** Summaries of a page's ids (any order; callers put them in the page's order). */
    summariesByIds: selectSummaries(db)
      .where(sql`${datasets.id} = any(cast(${sql.placeholder('ids')} as int[]))`)
      .prepare('dataset_summaries_by_ids'),
    /** One dataset with its versions if the viewer (`viewer`, or -1 for a guest) may see it. */
    visibleDetail: selectDetails(db)
      .where(
        and(
          eq(datasets.id, sql.placeholder('id')),
          or(eq(datasets.isPublic, true), eq(datasets.ownerId, sql.placeholder('viewer'))),
        ),
      )
      .prepare('dataset_visible_detail'),
    /** A dataset's versions, newest first. */
    versions: db
      .select(versionColumns)
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, sql.placeholder('id')))
      .orderBy(desc(datasetVersions.version))
      .prepare('dataset_versions_of'),
    /** The stored preview rows of a dataset's latest version, with its number. */
    latestPreview: db
      .select({ version: datasetVersions.version, preview: datasetVersions.preview })
      .from(datasetVersions)
      .innerJoin(
        datasets,
        and(
          eq(datasets.id, datasetVersions.datasetId),
          eq(datasets.latestVersion, datasetVersions.version),
        ),
      )
      .where(eq(datasets.id, sql.placeholder('id')))
      .prepare('dataset_latest_preview'),
  };
}

const statements = new WeakMap<Db, ReturnType<typeof build>>();

export function prepared(db: Db): ReturnType<typeof build> {
  let found = statements.get(db);
  if (!found) {
    found = build(db);
    statements.set(db, found);
  }
  return found;
}
