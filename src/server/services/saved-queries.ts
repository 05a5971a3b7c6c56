import { and, count, desc, eq } from 'drizzle-orm';
import { SAVED_QUERIES_MAX } from '../../contracts/limits.ts';
import type {
  SaveQueryBody,
  SavedQuery,
  SavedQueryList,
  SavedQueryListQuery,
} from '../../contracts/saved-queries.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/client.ts';
import { transactionRetried } from '../db/deadlock.ts';
import { savedQueries, users } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { lockVisible } from './dataset-counters.ts';
import { findVisible, type ViewerId } from './datasets/rows.ts';
import { publicUserColumns, toPublicUser } from './users.ts';

const savedQueryNotFound = () => notFound('Saved query', 'SAVED_QUERY_NOT_FOUND');

/** A saved query's columns with its author's public ones. */
function selectSaved(db: Db) {
  return db
    .select({
      id: savedQueries.id,
      datasetId: savedQueries.datasetId,
      title: savedQueries.title,
      sql: savedQueries.sql,
      createdAt: savedQueries.createdAt,
      author: publicUserColumns,
    })
    .from(savedQueries)
    .innerJoin(users, eq(users.id, savedQueries.authorId));
}

type SavedRow = Awaited<ReturnType<typeof selectSaved>>[number];

const toSavedQuery = (row: SavedRow): SavedQuery => ({
  id: row.id,
  dataset_id: row.datasetId,
  title: row.title,
  sql: row.sql,
  author: toPublicUser(row.author),
  created_at: row.createdAt.toISOString(),
});

/** The queries saved on a dataset the viewer may see, newest first (404 when they may not). */
export async function listSavedQueries(
  ctx: Context,
  viewerId: ViewerId,
  datasetId: number,
  page: SavedQueryListQuery,
): Promise<SavedQueryList> {
  await findVisible(ctx.db, datasetId, viewerId);
  const where = eq(savedQueries.datasetId, datasetId);
  const [rows, [total]] = await Promise.all([
    selectSaved(ctx.db)
      .where(where)
      .orderBy(desc(savedQueries.createdAt), desc(savedQueries.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db.select({ n: count() }).from(savedQueries).where(where),
  ]);
  return {
    queries: rows.map(toSavedQuery),
    total: total?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
  };
}

/** One saved query of a dataset the viewer may see: what a shared link opens. */
export async function getSavedQuery(
  ctx: Context,
  viewerId: ViewerId,
  datasetId: number,
  queryId: number,
): Promise<SavedQuery> {
  await findVisible(ctx.db, datasetId, viewerId);
  const [row] = await selectSaved(ctx.db).where(
    and(eq(savedQueries.id, queryId), eq(savedQueries.datasetId, datasetId)),
  );
  if (!row) throw savedQueryNotFound();
  return toSavedQuery(row);
}

/**
 * Saves a query on a dataset the caller may see, in their name. A dataset holds at most
 * SAVED_QUERIES_MAX (409 SAVED_QUERY_LIMIT_REACHED); saves on one dataset run one at a time.
 */
export async function saveQuery(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  body: SaveQueryBody,
): Promise<SavedQuery> {
  const id = await transactionRetried(ctx.db, async (tx) => {
    await lockVisible(tx, datasetId, viewerId);
    const [held] = await tx
      .select({ n: count() })
      .from(savedQueries)
      .where(eq(savedQueries.datasetId, datasetId));
    if ((held?.n ?? 0) >= SAVED_QUERIES_MAX) {
      throw conflict(
        `A dataset holds at most ${SAVED_QUERIES_MAX} saved queries`,
        'SAVED_QUERY_LIMIT_REACHED',
        { limit: SAVED_QUERIES_MAX },
      );
    }
    const [saved] = await tx
      .insert(savedQueries)
      .values({ datasetId, authorId: viewerId, title: body.title, sql: body.sql })
      .returning({ id: savedQueries.id });
    return saved!.id;
  });
  return getSavedQuery(ctx, viewerId, datasetId, id);
}

/**
 * Deletes a saved query: its author or the dataset's owner may (403 FORBIDDEN for others); a
 * dataset the caller may not see, or a query not on it, is 404.
 */
export async function deleteSavedQuery(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  queryId: number,
): Promise<void> {
  const dataset = await findVisible(ctx.db, datasetId, viewerId);
  const where = and(eq(savedQueries.id, queryId), eq(savedQueries.datasetId, datasetId));
  const [row] = await ctx.db
    .select({ authorId: savedQueries.authorId })
    .from(savedQueries)
    .where(where);
  if (!row) throw savedQueryNotFound();
  if (row.authorId !== viewerId && dataset.ownerId !== viewerId) {
    throw forbidden('Only its author or the dataset owner may delete a saved query');
  }
  await ctx.db.delete(savedQueries).where(where);
}
