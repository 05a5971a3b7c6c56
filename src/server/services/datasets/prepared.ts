import { and, desc, eq, or, sql } from 'drizzle-orm';
import { PUBLIC_DATASETS_PER_USER } from '../../../contracts/limits.ts';
import type { Db } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { datasets, datasetVersions } from '../../db/schema.ts';
import { countUpTo } from './counts.ts';
import { listed, selectDetails, selectSummaries, versionColumns } from './rows.ts';
import { orderSql, SORT_ORDER } from './search.ts';

/** Statements of the hottest reads: no query building or planning per request. */
function build(db: Db) {
  const userPublic = and(eq(datasets.ownerId, sql.placeholder('owner')), listed);
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
          or(listed, eq(datasets.ownerId, sql.placeholder('viewer'))),
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
    /** A page of a user's public datasets (`owner`), newest first. */
    userPublicPage: selectSummaries(db)
      .where(userPublic)
      .orderBy(...orderSql(SORT_ORDER.recent.keys))
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .prepare('user_public_datasets'),
    /** How many public datasets the user has, counted up to the PUBLIC_DATASETS_PER_USER listed. */
    userPublicTotal: countUpTo(db, userPublic, PUBLIC_DATASETS_PER_USER).prepare(
      'user_public_total',
    ),
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

/** The hottest dataset reads, prepared once per database. */
export const prepared = preparedPer(build);
