import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  ApiToken,
  CreateTokenBody,
  TokenList,
  TokenListQuery,
} from '../../contracts/tokens.ts';
import {
  ENDED_TOKEN_KEPT_DAYS,
  LIVE_TOKENS_MAX,
  TOKEN_PREFIX,
  type TokenScope,
} from '../../contracts/limits.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/client.ts';
import { apiTokens, users } from '../db/schema.ts';
import { AppError, notFound, unauthorized } from '../errors.ts';
import { accountGone } from './accounts.ts';

const DAY_MS = 86_400_000;
/** Characters of the secret kept in the clear to tell tokens apart (`shf_` and four more). */
const SHOWN = TOKEN_PREFIX.length + 4;
/** How often a token's "last used" time is written at most. */
const LAST_USED_EVERY = "interval '1 minute'";

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

type Row = typeof apiTokens.$inferSelect;

const wire = (row: Row): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

/** The user's tokens that were not revoked: the ones listed. */
const listedOf = (userId: number) => and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt));
/** A listed token that has not expired either: in force. */
const unexpired = or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`));

/** Creating one more token than LIVE_TOKENS_MAX in force. */
const tokenLimitReached = () =>
  new AppError(
    409,
    'TOKEN_LIMIT_REACHED',
    `At most ${LIVE_TOKENS_MAX} access tokens may be in force at once; revoke one first`,
    { limit: LIVE_TOKENS_MAX },
  );

/**
 * Refuses a token beyond the user's LIVE_TOKENS_MAX in force. The account row is locked first
 * (`no key update`: other creations of the same user wait, their other writes do not), so tokens
 * created at once are counted one after the other and never together exceed the cap; a deleted
 * or disabled account is 401.
 */
async function reserveToken(tx: Db, userId: number): Promise<void> {
  const [holder] = await tx
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!holder?.isActive) throw accountGone();
  const [live] = await tx
    .select({ n: count() })
    .from(apiTokens)
    .where(and(listedOf(userId), unexpired));
  if ((live?.n ?? 0) >= LIVE_TOKENS_MAX) throw tokenLimitReached();
}

/** A new token for the user; the secret is in the answer and nowhere else. */
export async function createApiToken(
  ctx: Context,
  userId: number,
  body: CreateTokenBody,
): Promise<ApiToken & { token: string }> {
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt =
    body.expires_in_days === undefined
      ? null
      : new Date(Date.now() + body.expires_in_days * DAY_MS);
  const row = await ctx.db.transaction(async (tx) => {
    await reserveToken(tx, userId);
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: body.name,
        scope: body.scope,
        tokenHash: hashOf(secret),
        prefix: secret.slice(0, SHOWN),
        expiresAt,
      })
      .returning();
    return inserted!;
  });
  return { ...wire(row), token: secret };
}

/** A page of the user's tokens that were not revoked, newest first, and how many are in force. */
export async function listApiTokens(
  ctx: Context,
  userId: number,
  page: TokenListQuery,
): Promise<TokenList> {
  const [rows, [counts]] = await Promise.all([
    ctx.db
      .select()
      .from(apiTokens)
      .where(listedOf(userId))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({
        total: count(),
        live: sql<number>`count(*) filter (where ${unexpired})`.mapWith(Number),
      })
      .from(apiTokens)
      .where(listedOf(userId)),
  ]);
  return {
    tokens: rows.map(wire),
    total: counts?.total ?? 0,
    offset: page.offset,
    limit: page.limit,
    live: counts?.live ?? 0,
    live_max: LIVE_TOKENS_MAX,
  };
}

/** Revokes one of the user's tokens at once; someone else's is 404 like a missing one. */
export async function revokeApiToken(ctx: Context, userId: number, id: number): Promise<void> {
  const revoked = await ctx.db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) throw notFound('Token', 'TOKEN_NOT_FOUND');
}

/**
 * Deletes the tokens that expired or were revoked more than ENDED_TOKEN_KEPT_DAYS ago (run by the
 * hourly sweeps, `sweeps.ts`): an expired token stays listed, as expired, that long. Answers how
 * many were deleted.
 */
export async function sweepApiTokens(db: Db, now = Date.now()): Promise<{ deleted: number }> {
  const before = new Date(now - ENDED_TOKEN_KEPT_DAYS * DAY_MS);
  const deleted = await db
    .delete(apiTokens)
    .where(or(lt(apiTokens.expiresAt, before), lt(apiTokens.revokedAt, before)))
    .returning({ id: apiTokens.id });
  return { deleted: deleted.length };
}

export type TokenCaller = { id: number; role: string; scope: TokenScope };

/**
 * The user a `shf_…` secret acts for: 401 API_TOKEN_INVALID when unknown, API_TOKEN_REVOKED
 * and API_TOKEN_EXPIRED when so, TOKEN_INVALID when its account is gone or disabled.
 */
export async function verifyApiToken(ctx: Context, secret: string): Promise<TokenCaller> {
  const [row] = await ctx.db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      role: users.role,
      isActive: users.isActive,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashOf(secret)));
  if (!row) throw unauthorized('Unknown API token', 'API_TOKEN_INVALID');
  if (row.revokedAt) throw unauthorized('This API token has been revoked', 'API_TOKEN_REVOKED');
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
    throw unauthorized('This API token has expired', 'API_TOKEN_EXPIRED');
  }
  if (!row.isActive) throw unauthorized('Account no longer exists', 'TOKEN_INVALID');
  // "Last used" is written at most once a minute per token, off the request's path.
  void ctx.db
    .execute(
      sql`update api_tokens set last_used_at = now() where id = ${row.id}
          and (last_used_at is null or last_used_at < now() - ${sql.raw(LAST_USED_EVERY)})`,
    )
    .catch(() => undefined);
  return { id: row.userId, role: row.role, scope: row.scope };
}

/** What an API token may not do, whatever its scope. */
export const tokenNotAllowed = () =>
  new AppError(
    403,
    'TOKEN_NOT_ALLOWED',
    'An API token cannot do this; sign in on the website instead',
  );

/** A read token used for a write. */
export const tokenScopeTooNarrow = () =>
  new AppError(403, 'TOKEN_SCOPE_INSUFFICIENT', 'This API token may only read; use a write token');
