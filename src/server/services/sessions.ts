import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SessionResponse } from '../../contracts/auth.ts';
import { hashRefreshToken, newRefreshToken } from '../auth/tokens.ts';
import type { Context } from '../context.ts';
import { refreshTokens, users } from '../db/schema.ts';
import { AppError, unauthorized } from '../errors.ts';
import { toFullUser, type UserRow } from './users.ts';

/** The HttpOnly cookie that carries the refresh token, sent only to the auth calls. */
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/** A new session: what the client gets, and the refresh token to hand over as a cookie. */
export type IssuedSession = { session: SessionResponse; refreshToken: string };

export type RotatedSession = { access_token: string; expires_in: number; refreshToken: string };

const accountDisabled = () =>
  new AppError(403, 'ACCOUNT_DISABLED', 'This account has been disabled');

async function signAccess(ctx: Context, user: Pick<UserRow, 'id' | 'role'>, sid: string) {
  return {
    access_token: await ctx.tokens.signAccess({ userId: user.id, role: user.role, sid }),
    expires_in: ctx.tokens.accessTtlSeconds,
  };
}

async function insertRefreshToken(ctx: Context, userId: number, familyId: string) {
  const token = newRefreshToken();
  await ctx.db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtl * 1000),
  });
  return token;
}

/**
 * Opens a session for a user: a new refresh-token family and a signed access token.
 * `recordLogin` stamps last_login_at. Database work only, so it may run inside a
 * transaction (pass `{ ...ctx, db: tx }`); the caller sets the cookie after commit.
 */
export async function issueSession(
  ctx: Context,
  user: UserRow,
  { recordLogin = true }: { recordLogin?: boolean } = {},
): Promise<IssuedSession> {
  if (!user.isActive) throw accountDisabled();
  let current = user;
  if (recordLogin) {
    const [row] = await ctx.db
      .update(users)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    if (row) current = row;
  }
  // Expired tokens can no longer be used or reused; keep the table small.
  await ctx.db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, user.id), lt(refreshTokens.expiresAt, sql`now()`)));
  const sid = randomUUID();
  const refreshToken = await insertRefreshToken(ctx, user.id, sid);
  return {
    session: { user: toFullUser(current), ...(await signAccess(ctx, current, sid)) },
    refreshToken,
  };
}

async function revokeFamily(ctx: Context, familyId: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  liveSessions.clear();
}

/**
 * Whether sessions are still open, remembered for a few seconds: an access token of a session
 * that was ended (logout, password change, reuse detected) or whose account was disabled
 * (`is_active = false`, set in SQL) stops working within SESSION_CHECK_MS in every process, and
 * at once in the one that ended it.
 */
const SESSION_CHECK_MS = 4_000;
const liveSessions = new LRUCache<string, boolean>({ max: 50_000, ttl: SESSION_CHECK_MS });

/** Forgets which sessions are open (another process may have ended one). */
export const forgetOpenSessions = (): void => liveSessions.clear();

/**
 * True while the session `sid` (a refresh-token family) has a token that was not revoked and its
 * account is active: a disabled account's tokens stop reading what only it may see.
 */
export async function isSessionOpen(ctx: Context, sid: string): Promise<boolean> {
  const known = liveSessions.get(sid);
  if (known !== undefined) return known;
  const [row] = await ctx.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .innerJoin(users, and(eq(users.id, refreshTokens.userId), eq(users.isActive, true)))
    .where(and(eq(refreshTokens.familyId, sid), isNull(refreshTokens.revokedAt)))
    .limit(1);
  liveSessions.set(sid, !!row);
  return !!row;
}

/** Whether the session `sid` is open now, asking the database (not what was remembered). */
export async function isSessionOpenNow(ctx: Context, sid: string): Promise<boolean> {
  liveSessions.delete(sid);
  return isSessionOpen(ctx, sid);
}

type Rotation =
  | { ok: true; rotated: RotatedSession }
  | { ok: false; code: 'invalid' | 'expired' | 'reused' | 'revoked' | 'inactive' };

const rotationErrors = {
  invalid: () => unauthorized('Invalid refresh token', 'REFRESH_TOKEN_INVALID'),
  expired: () => unauthorized('Refresh token has expired', 'REFRESH_TOKEN_EXPIRED'),
  reused: () =>
    unauthorized('Refresh token was already used; please sign in again', 'REFRESH_TOKEN_REUSED'),
  revoked: () => unauthorized('Refresh token was revoked', 'REFRESH_TOKEN_REVOKED'),
  inactive: () => unauthorized('Account no longer exists', 'REFRESH_TOKEN_INVALID'),
};

/**
 * Exchanges a refresh token for a new access token and a new refresh token of the same
 * family. The old token is spent; presenting a spent or revoked token again revokes the
 * whole family (someone else may hold a copy).
 */
export async function rotateRefreshToken(ctx: Context, presented: string): Promise<RotatedSession> {
  const hash = hashRefreshToken(presented);
  const outcome = await ctx.db.transaction(async (db): Promise<Rotation> => {
    const tx: Context = { ...ctx, db };
    const [claimed] = await db
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, hash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!claimed) {
      const [known] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash));
      if (!known) return { ok: false, code: 'invalid' };
      if (known.usedAt || known.revokedAt) {
        await revokeFamily(tx, known.familyId);
        return { ok: false, code: known.usedAt ? 'reused' : 'revoked' };
      }
      return { ok: false, code: 'expired' };
    }
    const [user] = await db.select().from(users).where(eq(users.id, claimed.userId));
    if (!user?.isActive) {
      await revokeFamily(tx, claimed.familyId);
      return { ok: false, code: 'inactive' };
    }
    const refreshToken = await insertRefreshToken(tx, user.id, claimed.familyId);
    const access = await signAccess(ctx, user, claimed.familyId);
    return { ok: true, rotated: { ...access, refreshToken } };
  });
  if (!outcome.ok) throw rotationErrors[outcome.code]();
  return outcome.rotated;
}

/** Ends the session the refresh token belongs to (its whole family). Unknown tokens are ignored. */
export async function endSession(ctx: Context, presented: string): Promise<void> {
  const [known] = await ctx.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
  if (known) await revokeFamily(ctx, known.familyId);
}

/** Ends every session of a user: no refresh token of theirs works any more. */
export async function endAllSessions(ctx: Context, userId: number): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  liveSessions.clear();
}
