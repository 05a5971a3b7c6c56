import { eq, or, sql } from 'drizzle-orm';
import type { LoginBody, RegisterBody } from '../../contracts/auth.ts';
import type { ChangePasswordBody } from '../../contracts/users.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError, conflict, nullIfNotFound, tooManyRequests, unauthorized } from '../errors.ts';
import { endAllSessions, isSessionOpenNow, issueSession, type IssuedSession } from './sessions.ts';
import { getUserRow, type UserRow } from './users.ts';
import { causeWithCode } from '../lib/error-causes.ts';

/** Each taken field names its own code, so a client can say which field is taken in its language. */
const USERNAME_TAKEN = {
  field: 'username',
  message: 'Username is already taken',
  code: 'USERNAME_TAKEN',
} as const;
const EMAIL_TAKEN = {
  field: 'email',
  message: 'E-mail is already registered',
  code: 'EMAIL_TAKEN',
} as const;
const usernameTaken = () => conflict(USERNAME_TAKEN.message, USERNAME_TAKEN.code, [USERNAME_TAKEN]);
const emailTaken = () => conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.code, [EMAIL_TAKEN]);
const invalidCredentials = () =>
  unauthorized('Invalid username, e-mail or password', 'INVALID_CREDENTIALS');

/** The unique constraint a database error violated, if it is a unique violation. */
function violatedConstraint(err: unknown): string | undefined {
  const violation = causeWithCode(err, '23505');
  if (!violation) return undefined;
  return typeof violation['constraint'] === 'string' ? violation['constraint'] : '';
}

/** Creates an account (nickname = username) and signs it in. Nothing is kept if any step fails. */
export async function register(ctx: Context, input: RegisterBody): Promise<IssuedSession> {
  const taken = await ctx.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${input.username})`,
        sql`lower(${users.email}) = lower(${input.email})`,
      ),
    );
  const usernameClash = taken.some(
    (u) => u.username.toLowerCase() === input.username.toLowerCase(),
  );
  const emailClash = taken.some((u) => u.email.toLowerCase() === input.email.toLowerCase());
  if (usernameClash && emailClash) {
    throw conflict(USERNAME_TAKEN.message, USERNAME_TAKEN.code, [USERNAME_TAKEN, EMAIL_TAKEN]);
  }
  if (usernameClash) throw usernameTaken();
  if (emailClash) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (db) => {
      const [row] = await db
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          nickname: input.username,
        })
        .returning();
      if (!row) throw new Error('insert returned no user');
      return issueSession({ ...ctx, db }, row);
    });
  } catch (err) {
    const constraint = violatedConstraint(err);
    if (constraint === 'users_username_lower_key') throw usernameTaken();
    if (constraint === 'users_email_lower_key') throw emailTaken();
    throw err;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash makes an unknown user cost as much as a wrong password. */
const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword('sheaf-unknown-user-placeholder');
  await verifyPassword(password, await dummyHash);
};

/** Signs in with a username or an e-mail address (any case) and a password. Throttled per identifier and per IP. */
export async function login(
  ctx: Context,
  input: LoginBody & { ip: string },
): Promise<IssuedSession> {
  const identifier = input.identifier.toLowerCase();
  const column = identifier.includes('@') ? users.email : users.username;
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${column}) = ${identifier}`);
  // Failures count per account whichever identifier (username or e-mail) names it; an unknown
  // identifier counts under its own name, so it is throttled alike.
  const keys = [user ? `account:${user.id}` : `login:${identifier}`, `ip:${input.ip}`];
  const attempt = await ctx.loginThrottle.attempt(keys);
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);

  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(input.password, user.passwordHash);
  else await burnPasswordCheck(input.password);
  if (!user || !ok) {
    await attempt.fail();
    throw invalidCredentials();
  }
  await attempt.succeed();
  return issueSession(ctx, user);
}

/** The password a signed-in caller confirms a change with, where they sent it from, their session. */
export type Confirmation = { password: string; ip: string; sid?: string | undefined };

/**
 * Checks the signed-in user's password before a sensitive change. A wrong password is a 403
 * (not 401, which would sign the client out); failures are throttled like logins. A password
 * that no longer matches because a password change finished while this call was under way (it
 * ended the caller's session: `user` was read after it) is the same 403 but not a failure: the
 * caller lost a race, as with a double click, and did not guess wrong.
 */
export async function confirmPassword(
  ctx: Context,
  user: UserRow,
  { password, ip, sid }: Confirmation,
  message = 'Password is incorrect',
): Promise<void> {
  if (!user.passwordHash) {
    throw new AppError(403, 'PASSWORD_NOT_SET', 'This account has no password');
  }
  const attempt = await ctx.loginThrottle.attempt([`account:${user.id}`, `ip:${ip}`]);
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);
  if (!(await verifyPassword(password, user.passwordHash))) {
    if (sid && !(await isSessionOpenNow(ctx, sid))) await attempt.withdraw();
    else await attempt.fail();
    throw new AppError(403, 'INVALID_PASSWORD', message);
  }
  await attempt.succeed();
}

/** What a caller whose account no longer exists (deleted or disabled) gets: signed out. */
export const accountGone = () => unauthorized('Account no longer exists', 'TOKEN_INVALID');

/** Whether the account still exists and is active. */
export async function isAccountActive(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  return row?.isActive === true;
}

/** The caller's own row, for a change of their account; 401 when it has gone meanwhile. */
export async function callerRow(ctx: Context, userId: number): Promise<UserRow> {
  const row = await nullIfNotFound(getUserRow(ctx, userId));
  if (!row) throw accountGone();
  return row;
}

/**
 * Locks the caller's account row before a write in their name (favourite, rating, fork,
 * follow), or answers 401 when the account is gone. Deleting the account locks the same row
 * first, so the two never overlap: a write that got here first is committed before the deletion
 * looks at what the account touched (it is then removed and recounted with the rest), and one
 * that comes later finds no account. Lock the account before any dataset row, as the deletion
 * does, so they cannot deadlock. `key share` keeps only the deletion waiting: a password or
 * profile change does not.
 */
export async function lockCaller(tx: Db, userId: number): Promise<void> {
  const [row] = await tx
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .for('key share');
  if (!row?.isActive) throw accountGone();
}

/**
 * Locks the account for a change confirmed by its password (`update` to delete it, `no key
 * update` to change the password), then checks that the password the caller confirmed is still
 * the current one. Of two such changes sent at once, the second one waits here, then finds the
 * password changed and gets the same 403 INVALID_PASSWORD as a wrong password; when the first
 * one deleted the account it gets 401.
 */
export async function lockConfirmedAccount(
  tx: Db,
  confirmed: UserRow,
  strength: 'update' | 'no key update',
  message: string,
): Promise<void> {
  const [row] = await tx
    .select({ isActive: users.isActive, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, confirmed.id))
    .for(strength);
  if (!row?.isActive) throw accountGone();
  if (row.passwordHash !== confirmed.passwordHash) {
    throw new AppError(403, 'INVALID_PASSWORD', message);
  }
}

const currentPasswordWrong = 'Current password is incorrect';

/**
 * Sets a new password, signs out every session of the user, and opens a fresh one for the
 * caller (returned, with its refresh token for the cookie). Two changes sent at once: the first
 * wins, the second gets 403 INVALID_PASSWORD (its current password is no longer current).
 */
export async function changePassword(
  ctx: Context,
  userId: number,
  input: ChangePasswordBody & Omit<Confirmation, 'password'>,
): Promise<IssuedSession> {
  const user = await callerRow(ctx, userId);
  const { current_password: password, ip, sid } = input;
  await confirmPassword(ctx, user, { password, ip, sid }, currentPasswordWrong);
  const passwordHash = await hashPassword(input.new_password);
  return ctx.db.transaction(async (db) => {
    const tx: Context = { ...ctx, db };
    await lockConfirmedAccount(db, user, 'no key update', currentPasswordWrong);
    const [row] = await db
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new Error('locked user vanished during password change');
    await endAllSessions(tx, userId);
    return issueSession(tx, row, { recordLogin: false });
  });
}
