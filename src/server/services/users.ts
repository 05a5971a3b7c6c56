import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  FullUser,
  PublicUser,
  UpdateMeBody,
  UserListQuery,
  UserListResponse,
} from '../../contracts/users.ts';
import type { Context } from '../context.ts';
import { preparedPer } from '../db/prepared.ts';
import { users } from '../db/schema.ts';
import { notFound } from '../errors.ts';

export type UserRow = typeof users.$inferSelect;

/** The columns a public user is built from; select them (e.g. as a dataset's owner) and pass to toPublicUser. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  nickname: users.nickname,
  avatar: users.avatar,
  bio: users.bio,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};
export type PublicUserRow = Pick<UserRow, keyof typeof publicUserColumns>;

/** What anyone may see about a user: never the e-mail address. */
export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    bio: row.bio,
    is_verified: row.isVerified,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** The signed-in user's own account. */
export function toFullUser(row: UserRow): FullUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    role: row.role,
    is_active: row.isActive,
    updated_at: row.updatedAt.toISOString(),
  };
}

export const userNotFound = () => notFound('User', 'USER_NOT_FOUND');

/** The active user whose id is the statement's `id` placeholder (deactivated ones are hidden). */
export const activeUserById = and(eq(users.id, sql.placeholder('id')), eq(users.isActive, true));

const statements = preparedPer((db) => ({
  activeUser: db.select().from(users).where(activeUserById).prepare('active_user_by_id'),
}));

/** An active user's row, or 404 USER_NOT_FOUND. Deactivated accounts are hidden like deleted ones. */
export async function getUserRow(ctx: Context, id: number): Promise<UserRow> {
  const [row] = await statements(ctx.db).activeUser.execute({ id });
  if (!row) throw userNotFound();
  return row;
}

export async function getPublicUser(ctx: Context, id: number): Promise<PublicUser> {
  return toPublicUser(await getUserRow(ctx, id));
}

export async function getMe(ctx: Context, userId: number): Promise<FullUser> {
  return toFullUser(await getUserRow(ctx, userId));
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Active users, optionally those whose username or nickname contains `query` (any case). */
export async function listUsers(ctx: Context, input: UserListQuery): Promise<UserListResponse> {
  const filters: SQL[] = [eq(users.isActive, true)];
  const query = input.query?.trim();
  if (query) {
    const pattern = likePattern(query);
    const match = or(ilike(users.username, pattern), ilike(users.nickname, pattern));
    if (match) filters.push(match);
  }
  const where = and(...filters);
  const order = query
    ? [desc(sql`lower(${users.username}) = lower(${query})`), asc(users.id)]
    : [asc(users.id)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(publicUserColumns)
      .from(users)
      .where(where)
      .orderBy(...order)
      .offset(input.offset)
      .limit(input.limit),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map(toPublicUser),
    total: total?.n ?? 0,
    offset: input.offset,
    limit: input.limit,
  };
}

/** Changes the caller's nickname, avatar and bio; fields left out keep their value. */
export async function updateMe(
  ctx: Context,
  userId: number,
  input: UpdateMeBody,
): Promise<FullUser> {
  const changes: Partial<Pick<UserRow, 'nickname' | 'avatar' | 'bio'>> = {};
  if (input.nickname !== undefined) changes.nickname = input.nickname;
  if (input.avatar !== undefined) changes.avatar = input.avatar;
  if (input.bio !== undefined) changes.bio = input.bio;
  if (Object.keys(changes).length === 0) return getMe(ctx, userId);
  const [row] = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .returning();
  if (!row) throw userNotFound();
  return toFullUser(row);
}
