import { and, inArray, lte, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Failed-login throttle: after `maxFailures` failures within `windowSeconds` for one identifier
 * (or `maxFailuresPerIp` for one IP address, keys starting with `ip:` — higher, since an office
 * or a campus shares one address), further attempts are refused until the window has passed.
 * Failures are kept in the database (`login_failures`), so every process of a site counts the
 * same guesses (docs/deploy.md).
 */
export type LoginThrottle = {
  /** Seconds to wait before the next attempt may be made, or 0. */
  retryAfter: (keys: string[]) => Promise<number>;
  fail: (keys: string[]) => Promise<void>;
  succeed: (keys: string[]) => Promise<void>;
};

export function createLoginThrottle(
  db: Db,
  limits: { maxFailures: number; maxFailuresPerIp: number; windowSeconds: number },
  now: () => number = Date.now,
): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;
  const maxFor = (key: string) =>
    key.startsWith('ip:') ? limits.maxFailuresPerIp : limits.maxFailures;
  const cutoff = () => new Date(now() - windowMs);
  return {
    async retryAfter(keys) {
      const rows = await db
        .select({ key: loginFailures.key, failedAt: loginFailures.failedAt })
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, keys), gt(loginFailures.failedAt, cutoff())))
        .orderBy(loginFailures.key, sql`${loginFailures.failedAt} desc`);
      let wait = 0;
      for (const key of keys) {
        const recent = rows.filter((r) => r.key === key);
        const max = maxFor(key);
        // The max-th most recent failure leaves the window last among those that lock.
        const unlocking = recent[max - 1];
        if (unlocking) {
          const left = unlocking.failedAt.getTime() + windowMs - now();
          wait = Math.max(wait, Math.ceil(left / 1000));
        }
      }
      return wait;
    },
    async fail(keys) {
      const at = new Date(now());
      await db.delete(loginFailures).where(lte(loginFailures.failedAt, cutoff()));
      await db.insert(loginFailures).values(keys.map((key) => ({ key, failedAt: at })));
    },
    async succeed(keys) {
      const accounts = keys.filter((key) => !key.startsWith('ip:'));
      if (accounts.length === 0) return;
      await db.delete(loginFailures).where(inArray(loginFailures.key, accounts));
    },
  };
}
