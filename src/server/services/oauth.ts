import { and, eq, sql } from 'drizzle-orm';
import { AVATAR_URL_MAX, NICKNAME_MAX, USERNAME_MAX, USERNAME_MIN } from '../../contracts/users.ts';
import { isBlank, withoutDirectionControls } from '../../lib/visible-text.ts';
import type { Context } from '../context.ts';
import { oauthAccounts, users } from '../db/schema.ts';
import { AppError, conflict } from '../errors.ts';
import type { OAuthIdentity } from '../oauth/identity.ts';
import { issueSession, type IssuedSession } from './sessions.ts';
import type { UserRow } from './users.ts';
import { causeWithCode } from '../lib/error-causes.ts';

/** Longest base username, leaving room for a "-NN" suffix on collision. */
const BASE_MAX = USERNAME_MAX - 4;

/** A username made of allowed characters: letters, digits, "_" and "-", starting with a letter or digit. */
export function sanitizeUsername(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/[-_]+$/, '')
    .slice(0, BASE_MAX)
    .replace(/[-_]+$/, '');
}

/** The first usable base from the preferred username, the e-mail's local part, the name; else "user". */
export function usernameBase(identity: Pick<OAuthIdentity, 'username' | 'email' | 'name'>): string {
  const candidates = [identity.username, identity.email?.split('@')[0], identity.name];
  for (const c of candidates) {
    const base = c ? sanitizeUsername(c) : '';
    if (base.length >= USERNAME_MIN) return base;
  }
  return 'user';
}

/** `base`, else `base-2`, `base-3`, … whichever is free (usernames compare case-insensitively). */
async function freeUsername(ctx: Context, base: string): Promise<string> {
  const rows = await ctx.db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${base.toLowerCase().replace(/_/g, '\\_')}%`}`);
  const taken = new Set(rows.map((r) => r.username.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The provider's display name as a nickname, held to the nickname rules (src/lib/visible-text.ts):
 * control and direction characters dropped, the username when nothing visible is left.
 */
function nicknameOf(identity: OAuthIdentity, username: string): string {
  const name =
    identity.name && withoutDirectionControls(identity.name.replace(/\p{Cc}/gu, '')).trim();
  return name && !isBlank(name) ? [...name].slice(0, NICKNAME_MAX).join('') : username;
}

function avatarOf(identity: OAuthIdentity): string {
  const url = identity.avatar;
  return url && /^https?:\/\/\S+$/.test(url) && url.length <= AVATAR_URL_MAX ? url : '';
}

const emailRequired = () =>
  new AppError(
    400,
    'OAUTH_EMAIL_REQUIRED',
    'The provider did not share an e-mail address; allow access to your e-mail and try again',
  );
const emailTaken = () =>
  conflict(
    'An account with this e-mail already exists. Sign in with your password; the provider did not confirm that the address is yours',
    'OAUTH_EMAIL_TAKEN',
  );

async function findByEmail(ctx: Context, email: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/**
 * Signs in the person the provider identified: the account already linked to them; else the
 * account with the same e-mail address, linked now, but only when the provider verified the
 * address; else a new account (unique username from their preferred username or e-mail, no
 * password, verified as the provider says).
 */
export async function signInWithOAuth(
  ctx: Context,
  provider: string,
  identity: OAuthIdentity,
): Promise<IssuedSession> {
  // Two first sign-ins racing for the same username: the loser picks again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await signInOnce(ctx, provider, identity);
    } catch (err) {
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}

const isUniqueViolation = (err: unknown) => causeWithCode(err, '23505') !== undefined;

async function signInOnce(
  ctx: Context,
  provider: string,
  identity: OAuthIdentity,
): Promise<IssuedSession> {
  return ctx.db.transaction(async (db) => {
    const tx: Context = { ...ctx, db };
    const [linked] = await db
      .select({ user: users })
      .from(oauthAccounts)
      .innerJoin(users, eq(users.id, oauthAccounts.userId))
      .where(
        and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, identity.subject)),
      );
    if (linked) {
      if (identity.email) {
        await db
          .update(oauthAccounts)
          .set({ email: identity.email })
          .where(
            and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, identity.subject)),
          );
      }
      return issueSession(tx, linked.user);
    }

    if (!identity.email) throw emailRequired();
    const link = (userId: number) =>
      db
        .insert(oauthAccounts)
        .values({ provider, subject: identity.subject, userId, email: identity.email });

    const existing = await findByEmail(tx, identity.email);
    if (existing) {
      if (!identity.emailVerified) throw emailTaken();
      await link(existing.id);
      let user = existing;
      if (!existing.isVerified) {
        const [row] = await db
          .update(users)
          .set({ isVerified: true, updatedAt: sql`now()` })
          .where(eq(users.id, existing.id))
          .returning();
        if (row) user = row;
      }
      return issueSession(tx, user);
    }

    const username = await freeUsername(tx, usernameBase(identity));
    const [created] = await db
      .insert(users)
      .values({
        username,
        email: identity.email,
        passwordHash: null,
        nickname: nicknameOf(identity, username),
        avatar: avatarOf(identity),
        isVerified: identity.emailVerified,
      })
      .returning();
    if (!created) throw new Error('insert returned no user');
    await link(created.id);
    return issueSession(tx, created);
  });
}
