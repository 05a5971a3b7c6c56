import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  Favorite,
  FavoriteCheckResponse,
  FavoriteListQuery,
  FavoriteListResponse,
} from '../../contracts/community.ts';
import type { Context } from '../context.ts';
import { transactionRetried } from '../db/deadlock.ts';
import type { Db } from '../db/client.ts';
import { datasets, favorites } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { lockCaller } from './accounts.ts';
import { lockAny, lockVisible, recount } from './dataset-counters.ts';
import {
  findVisible,
  selectSummaries,
  toSummary,
  visibleTo,
  type SummaryRow,
} from './datasets/rows.ts';

const favoriteNotFound = () => notFound('Favorite', 'FAVORITE_NOT_FOUND');

type FavoriteRow = { id: number; userId: number; datasetId: number; createdAt: Date };

/** Favourites with their datasets as the viewer (their owner) sees them, in the given order. */
async function withDatasets(db: Db, viewerId: number, rows: FavoriteRow[]): Promise<Favorite[]> {
  if (rows.length === 0) return [];
  const summaries = await selectSummaries(db).where(
    inArray(
      datasets.id,
      rows.map((r) => r.datasetId),
    ),
  );
  const byId = new Map<number, SummaryRow>(summaries.map((s) => [s.id, s]));
  return rows.flatMap((r) => {
    const dataset = byId.get(r.datasetId);
    if (!dataset) return [];
    return [
      {
        id: r.id,
        dataset_id: r.datasetId,
        user_id: r.userId,
        dataset: toSummary(dataset, viewerId),
        created_at: r.createdAt.toISOString(),
      },
    ];
  });
}

const favoriteColumns = {
  id: favorites.id,
  userId: favorites.userId,
  datasetId: favorites.datasetId,
  createdAt: favorites.createdAt,
};

/**
 * The caller's favourites, newest first. Only datasets they may see are listed and counted:
 * a favourited dataset its owner made private disappears (and comes back if made public again).
 */
export async function listFavorites(
  ctx: Context,
  viewerId: number,
  page: FavoriteListQuery,
): Promise<FavoriteListResponse> {
  const where = and(eq(favorites.userId, viewerId), visibleTo(viewerId));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(favoriteColumns)
      .from(favorites)
      .innerJoin(datasets, eq(datasets.id, favorites.datasetId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({ n: count() })
      .from(favorites)
      .innerJoin(datasets, eq(datasets.id, favorites.datasetId))
      .where(where),
  ]);
  return {
    favorites: await withDatasets(ctx.db, viewerId, rows),
    total: total?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
  };
}

/**
 * Favourites a dataset the caller may see (404 otherwise). Adding it again returns the
 * existing favourite with `created: false`; there is never a second row.
 */
export async function addFavorite(
  ctx: Context,
  viewerId: number,
  datasetId: number,
): Promise<{ favorite: Favorite; created: boolean }> {
  return transactionRetried(ctx.db, async (tx) => {
    await lockVisible(tx, datasetId, viewerId);
    const inserted = await tx
      .insert(favorites)
      .values({ userId: viewerId, datasetId })
      .onConflictDoNothing()
      .returning({ id: favorites.id });
    if (inserted.length > 0) await recount(tx, datasetId, { favorites: true });
    const rows = await tx
      .select(favoriteColumns)
      .from(favorites)
      .where(and(eq(favorites.userId, viewerId), eq(favorites.datasetId, datasetId)));
    const [favorite] = await withDatasets(tx, viewerId, rows);
    if (!favorite) throw favoriteNotFound();
    return { favorite, created: inserted.length > 0 };
  });
}

/** Removes one of the caller's favourites; anyone else's (or a missing one) is 404. */
export async function removeFavorite(
  ctx: Context,
  viewerId: number,
  favoriteId: number,
): Promise<void> {
  const [found] = await ctx.db
    .select({ datasetId: favorites.datasetId })
    .from(favorites)
    .where(and(eq(favorites.id, favoriteId), eq(favorites.userId, viewerId)));
  if (!found) throw favoriteNotFound();
  await transactionRetried(ctx.db, async (tx) => {
    // The account, then the dataset, before touching its favourites: the order adding does.
    await lockCaller(tx, viewerId);
    await lockAny(tx, found.datasetId);
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.id, favoriteId), eq(favorites.userId, viewerId)))
      .returning({ id: favorites.id });
    if (removed.length === 0) throw favoriteNotFound();
    await recount(tx, found.datasetId, { favorites: true });
  });
}

/** Whether the caller favourited a dataset they may see (404 for one they may not). */
export async function checkFavorite(
  ctx: Context,
  viewerId: number,
  datasetId: number,
): Promise<FavoriteCheckResponse> {
  await findVisible(ctx.db, datasetId, viewerId);
  const [row] = await ctx.db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, viewerId), eq(favorites.datasetId, datasetId)));
  return { is_favorited: row !== undefined, favorite_id: row?.id ?? null };
}
