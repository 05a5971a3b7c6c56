import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  FollowListQuery,
  FollowListResponse,
  FollowStatus,
} from '../../contracts/community.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/client.ts';
import { preparedPer } from '../db/prepared.ts';
import { follows, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { lockCaller } from './accounts.ts';
import { announce } from './activity.ts';
import { getUserRow, publicUserColumns, toPublicUser, userNotFound } from './users.ts';

const cannotFollowSelf = () =>
  new AppError(400, 'CANNOT_FOLLOW_SELF', 'You cannot follow yourself');

/**
 * Follows `followeeId` (an active user); following twice changes nothing. Both accounts are
 * locked until the follow is written, so neither can be deleted half-way: a follower whose
 * account has gone gets 401, a followee who has gone 404.
 */
export async function follow(
  ctx: Context,
  followerId: number,
  followeeId: number,
): Promise<FollowStatus> {
  if (followerId === followeeId) throw cannotFollowSelf();
  const added = await ctx.db.transaction(async (tx) => {
    await lockCaller(tx, followerId);
    const [followee] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, followeeId), eq(users.isActive, true)))
      .for('key share');
    if (!followee) throw userNotFound();
    const inserted = await tx
      .insert(follows)
      .values({ followerId, followeeId })
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId });
    return inserted.length > 0;
  });
  if (added)
    await announce(ctx, { kind: 'user.followed', actorId: followerId, userId: followeeId });
  return { is_following: true };
}

/** Stops following; unfollowing someone not followed (or oneself) changes nothing. */
export async function unfollow(
  ctx: Context,
  followerId: number,
  followeeId: number,
): Promise<FollowStatus> {
  if (followerId !== followeeId) await getUserRow(ctx, followeeId);
  await ctx.db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return { is_following: false };
}

/** Whether the viewer follows `followeeId`; a guest follows nobody. */
export async function followStatus(
  ctx: Context,
  viewerId: number | null,
  followeeId: number,
): Promise<FollowStatus> {
  await getUserRow(ctx, followeeId);
  if (viewerId === null || viewerId === followeeId) return { is_following: false };
  const [row] = await ctx.db
    .select({ one: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, followeeId)));
  return { is_following: row !== undefined };
}

type Side = 'following' | 'followers';

/** A page and the total of one side of the follow graph, prepared once per database. */
function sideStatements(db: Db, side: Side) {
  const [mine, theirs] =
    side === 'following'
      ? [follows.followerId, follows.followeeId]
      : [follows.followeeId, follows.followerId];
  const where = and(eq(mine, sql.placeholder('id')), eq(users.isActive, true));
  return {
    page: db
      .select(publicUserColumns)
      .from(follows)
      .innerJoin(users, eq(users.id, theirs))
      .where(where)
      .orderBy(desc(follows.createdAt), desc(users.id))
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .prepare(`follow_${side}_page`),
    total: db
      .select({ n: count() })
      .from(follows)
      .innerJoin(users, eq(users.id, theirs))
      .where(where)
      .prepare(`follow_${side}_total`),
  };
}

const statements = preparedPer((db) => ({
  following: sideStatements(db, 'following'),
  followers: sideStatements(db, 'followers'),
}));

/**
 * One side of a user's follow graph, newest first: `following` lists whom `userId` follows,
 * `followers` who follows `userId`. Only active users are listed and counted.
 */
async function listFollowSide(
  ctx: Context,
  side: Side,
  userId: number,
  page: FollowListQuery,
): Promise<FollowListResponse> {
  const { page: pageOf, total: totalOf } = statements(ctx.db)[side];
  // The user's check goes with the two reads, not before them (one round trip, not two).
  const [, rows, [total]] = await Promise.all([
    getUserRow(ctx, userId),
    pageOf.execute({ id: userId, offset: page.offset, limit: page.limit }),
    totalOf.execute({ id: userId }),
  ]);
  return {
    users: rows.map(toPublicUser),
    total: total?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
  };
}

export const listFollowing = (ctx: Context, userId: number, page: FollowListQuery) =>
  listFollowSide(ctx, 'following', userId, page);

export const listFollowers = (ctx: Context, userId: number, page: FollowListQuery) =>
  listFollowSide(ctx, 'followers', userId, page);
