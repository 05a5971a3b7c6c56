import { and, inArray, lte, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Failed-login throttle: after `maxFailures` failures within `windowSeconds` for one identifier
 * (or `maxFailuresPerIp` for one IP address, keys starting with `ip:` — higher, since an office
 * or a campus shares one address), further attempts are refused until the window has passed.
 * Failures are kept in the database (`login_failures`), so every process of a site counts the
 * same guesses (docs/deploy.md).
 *
 * An attempt is written down as a failure before its password is checked, and counted with the
 * failures and the other attempts under way: guesses sent all at once cannot all pass the check
 * before the first of them fails. Attempts on one key are admitted one at a time (a transaction
 * holding an advisory lock per key), each counting those admitted before it, so attempts sent
 * all at once fare as if sent one by one: the first ones up to the limit are checked, the others
 * refused — counted together without the lock, they could all see each other and all be
 * refused, right passwords included. A refused attempt writes nothing; a successful one takes
 * back its own row (and clears the account's failures); a withdrawn one takes back its own rows
 * and clears nothing.
 */
type LoginAttempt = {
  /** Seconds to wait before the next attempt may be made, or 0 when this one may go on. */
  wait: number;
  /** The password was wrong: the attempt stays counted. */
  fail: () => Promise<void>;
  /** The password was right: the account's failures are cleared, the address's stay. */
  succeed: () => Promise<void>;
  /** The attempt does not count either way (a race lost, see `confirmPassword`). */
  withdraw: () => Promise<void>;
};

export type LoginThrottle = { attempt: (keys: string[]) => Promise<LoginAttempt> };

export function createLoginThrottle(
  db: Db,
  limits: { maxFailures: number; maxFailuresPerIp: number; windowSeconds: number },
  now: () => number = Date.now,
): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;
  const maxFor = (key: string) =>
    key.startsWith('ip:') ? limits.maxFailuresPerIp : limits.maxFailures;
  const cutoff = () => new Date(now() - windowMs);

  /** The rows within the window under `keys`, newest first per key. */
  const recentRows = (keys: string[], q: Db = db) =>
    q
      .select({ key: loginFailures.key, failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(inArray(loginFailures.key, keys), gt(loginFailures.failedAt, cutoff())))
      .orderBy(loginFailures.key, sql`${loginFailures.failedAt} desc`);

  /** Takes back the rows an attempt wrote (by their row addresses: rows are never updated). */
  const takeBack = async (rows: string[]) => {
    if (rows.length === 0) return;
    const addresses = sql.join(
      rows.map((row) => sql`cast(${row} as tid)`),
      sql`, `,
    );
    await db.execute(sql`delete from ${loginFailures} where ctid in (${addresses})`);
  };

  /** Seconds until the rows of every key over its limit have left the window enough (≥ 1). */
  const waitFor = (rows: { key: string; failedAt: Date }[], keys: string[]) => {
    let wait = 1;
    for (const key of keys) {
      // The max-th most recent row leaves the window last among those that lock.
      const unlocking = rows.filter((r) => r.key === key)[maxFor(key) - 1];
      if (unlocking) {
        const left = unlocking.failedAt.getTime() + windowMs - now();
        wait = Math.max(wait, Math.ceil(left / 1000));
      }
    }
    return wait;
  };

  return {
    async attempt(keys) {
      const at = new Date(now());
      const { rows, written } = await db.transaction(async (tx) => {
        for (const key of [...keys].sort()) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${LOCK + key}, 0))`);
        }
        const before = await recentRows(keys, tx);
        if (keys.some((key) => before.filter((r) => r.key === key).length >= maxFor(key))) {
          return { rows: before, written: null };
        }
        const added = await tx
          .insert(loginFailures)
          .values(keys.map((key) => ({ key, failedAt: at })))
          .returning({ key: loginFailures.key, row: sql<string>`ctid::text` });
        return { rows: before, written: added };
      });
      if (!written) {
        return { wait: waitFor(rows, keys), fail: noop, succeed: noop, withdraw: noop };
      }
      return {
        wait: 0,
        fail: async () => {
          await db.delete(loginFailures).where(lte(loginFailures.failedAt, cutoff()));
        },
        succeed: async () => {
          const accounts = keys.filter((key) => !key.startsWith('ip:'));
          if (accounts.length > 0) {
            await db.delete(loginFailures).where(inArray(loginFailures.key, accounts));
          }
          await takeBack(written.filter((w) => w.key.startsWith('ip:')).map((w) => w.row));
        },
        withdraw: () => takeBack(written.map((w) => w.row)),
      };
    },
  };
}

const noop = async () => {};
/** Prefixes a key's advisory lock, apart from other locks on hashed text (blob hashes). */
const LOCK = 'login-throttle:';
