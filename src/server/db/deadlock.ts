import { causeWithCode } from '../lib/error-causes.ts';
import type { Db } from './client.ts';

/** PostgreSQL's deadlock_detected: the victim's transaction was rolled back as a whole. */
const DEADLOCK = '40P01';

/** Whether an error, or one it was caused by (Drizzle wraps the driver's), is a deadlock. */
const isDeadlock = (error: unknown) => causeWithCode(error, DEADLOCK) !== undefined;

/**
 * Runs `work` in a transaction on `db`, and again when PostgreSQL chose it as a deadlock's victim
 * (nothing of it was kept), at most `attempts` times in all. For transactions that must lock rows
 * in an order another one can meet the other way round (two accounts deleted at once, each
 * having rated the other's datasets).
 */
export async function transactionRetried<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
