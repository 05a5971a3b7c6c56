import { and, count, desc, eq } from 'drizzle-orm';
import type {
  WatchingListQuery,
  WatchingListResponse,
  WatchStatus,
} from '../../contracts/notifications.ts';
import type { Context } from '../context.ts';
import { transactionRetried } from '../db/deadlock.ts';
import type { Db } from '../db/client.ts';
import { datasets, watches } from '../db/schema.ts';
import { lockVisible, recount } from './dataset-counters.ts';
import {
  findVisible,
  selectSummaries,
  toSummary,
  visibleTo,
  type ViewerId,
} from './datasets/rows.ts';

/** Whether `viewerId` watches the dataset, and its watcher count (the caller locked it, or not). */
async function statusOf(db: Db, datasetId: number, viewerId: ViewerId): Promise<WatchStatus> {
  const [[dataset], mine] = await Promise.all([
    db.select({ n: datasets.watchCount }).from(datasets).where(eq(datasets.id, datasetId)),
    viewerId === null
      ? Promise.resolve([])
      : db
          .select({ id: watches.datasetId })
          .from(watches)
          .where(and(eq(watches.userId, viewerId), eq(watches.datasetId, datasetId))),
  ]);
  return { watching: mine.length > 0, watch_count: dataset?.n ?? 0 };
}

/** A guest's or the caller's view of a dataset's watching: 404 for a dataset they may not see. */
export async function watchStatus(
  ctx: Context,
  viewerId: ViewerId,
  datasetId: number,
): Promise<WatchStatus> {
  await findVisible(ctx.db, datasetId, viewerId);
  return statusOf(ctx.db, datasetId, viewerId);
}

/**
 * Starts or stops watching a dataset the caller may see (404 otherwise). Doing it twice changes
 * nothing. watch_count is recounted from the table under the dataset's lock, as favourites are.
 */
export async function setWatching(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  watching: boolean,
): Promise<WatchStatus> {
  return transactionRetried(ctx.db, async (tx) => {
    await lockVisible(tx, datasetId, viewerId);
    const where = and(eq(watches.userId, viewerId), eq(watches.datasetId, datasetId));
    const changed = watching
      ? await tx
          .insert(watches)
          .values({ userId: viewerId, datasetId })
          .onConflictDoNothing()
          .returning({ id: watches.datasetId })
      : await tx.delete(watches).where(where).returning({ id: watches.datasetId });
    if (changed.length > 0) await recount(tx, datasetId, { watches: true });
    return statusOf(tx, datasetId, viewerId);
  });
}

/**
 * The datasets the caller watches, most recently watched first. Only those they may still see
 * are listed and counted: a watched dataset made private leaves the list (and comes back).
 */
export async function listWatching(
  ctx: Context,
  viewerId: number,
  page: WatchingListQuery,
): Promise<WatchingListResponse> {
  const where = and(eq(watches.userId, viewerId), visibleTo(viewerId));
  const [rows, [total]] = await Promise.all([
    selectSummaries(ctx.db)
      .innerJoin(watches, eq(watches.datasetId, datasets.id))
      .where(where)
      .orderBy(desc(watches.createdAt), desc(datasets.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({ n: count() })
      .from(watches)
      .innerJoin(datasets, eq(datasets.id, watches.datasetId))
      .where(where),
  ]);
  return {
    datasets: rows.map((row) => toSummary(row, viewerId)),
    total: total?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
  };
}
