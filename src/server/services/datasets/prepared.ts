import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets, datasetVersions } from '../../db/schema.ts';
import { selectDetails, selectSummaries } from './rows.ts';

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
    /** One dataset if the viewer (`viewer`, or -1 for a guest) may see it. */
    visibleSummary: selectDetails(db)
      .where(
        and(
          eq(datasets.id, sql.placeholder('id')),
          or(eq(datasets.isPublic, true), eq(datasets.ownerId, sql.placeholder('viewer'))),
        ),
      )
      .prepare('dataset_visible_summary'),
    /** A dataset's versions, newest first. */
    versions: db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, sql.placeholder('id')))
      .orderBy(desc(datasetVersions.version))
      .prepare('dataset_versions_of'),
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
