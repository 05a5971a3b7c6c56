import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationSettings,
  type UnreadCount,
} from '../../../contracts/notifications.ts';
import { NOTIFICATION_DAYS } from '../../../contracts/limits.ts';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, notifications, notificationSettings, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { visibleTo } from '../datasets/rows.ts';
import { publicUserColumns, toPublicUser } from '../users.ts';

const notificationNotFound = () => notFound('Notification', 'NOTIFICATION_NOT_FOUND');

/**
 * The reader's notifications they may see: those about no dataset, or about one they may still
 * see. A notification about a dataset made private (or whose owner's account was deactivated)
 * is left out of the list and its counts until the dataset is listed again.
 */
const shown = (userId: number) =>
  and(eq(notifications.userId, userId), or(isNull(notifications.datasetId), visibleTo(userId)));

const aboutDataset = eq(datasets.id, notifications.datasetId);

async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(datasets, aboutDataset)
    .where(and(shown(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The reader's notifications, newest first, with their unread count. */
export async function listNotifications(
  ctx: Context,
  userId: number,
  page: NotificationListQuery,
): Promise<NotificationListResponse> {
  const [rows, [total], unread] = await Promise.all([
    ctx.db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        version: notifications.version,
        details: notifications.details,
        dataset: { id: datasets.id, name: datasets.name },
        actor: publicUserColumns,
      })
      .from(notifications)
      .leftJoin(datasets, aboutDataset)
      // An actor whose account is deactivated is hidden, as everywhere else.
      .leftJoin(users, and(eq(users.id, notifications.actorId), eq(users.isActive, true)))
      .where(shown(userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({ n: count() })
      .from(notifications)
      .leftJoin(datasets, aboutDataset)
      .where(shown(userId)),
    unreadCount(ctx.db, userId),
  ]);
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      read: r.readAt !== null,
      created_at: r.createdAt.toISOString(),
      actor: r.actor ? toPublicUser(r.actor) : null,
      dataset: r.dataset,
      version: r.version,
      details: r.details,
    })),
    unread_count: unread,
    total: total?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
  };
}

/** Just the unread count (the header's badge). */
export async function notificationCount(ctx: Context, userId: number): Promise<UnreadCount> {
  return { unread_count: await unreadCount(ctx.db, userId) };
}

/** Marks one of the reader's notifications read (again: no change); others' are 404. */
export async function markRead(ctx: Context, userId: number, id: number): Promise<UnreadCount> {
  const [row] = await ctx.db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .leftJoin(datasets, aboutDataset)
    .where(and(eq(notifications.id, id), shown(userId)));
  if (!row) throw notificationNotFound();
  if (row.readAt === null)
    await ctx.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  return notificationCount(ctx, userId);
}

/** Marks every notification of the reader read. */
export async function markAllRead(ctx: Context, userId: number): Promise<UnreadCount> {
  await ctx.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread_count: 0 };
}

/** The reader's choice for every kind (`inbox` unless they turned it off). */
export async function getSettings(ctx: Context, userId: number): Promise<NotificationSettings> {
  const rows = await ctx.db
    .select({ kind: notificationSettings.kind, delivery: notificationSettings.delivery })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.delivery]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? 'inbox']),
  ) as NotificationSettings;
}

/** Changes the kinds given, keeps the others; answers every kind's choice. */
export async function putSettings(
  ctx: Context,
  userId: number,
  changes: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const rows = Object.entries(changes).map(([kind, delivery]) => ({ userId, kind, delivery }));
  if (rows.length > 0)
    await ctx.db
      .insert(notificationSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.kind],
        set: { delivery: sql`excluded.delivery` },
      });
  return getSettings(ctx, userId);
}

/** Deletes notifications older than NOTIFICATION_DAYS, read or not (the hourly sweep). */
export async function sweepNotifications(db: Db): Promise<{ deleted: number }> {
  const cutoff = sql`now() - make_interval(days => ${NOTIFICATION_DAYS})`;
  const deleted = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, cutoff))
    .returning({ id: notifications.id });
  return { deleted: deleted.length };
}
