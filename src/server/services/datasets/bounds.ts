import { sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryTimeout } from '../../errors.ts';
import { statementDidNotRun } from '../../db/unavailable.ts';
import { causeWithCode, causesOf } from '../../lib/error-causes.ts';
import { currentOwner } from '../../lib/request-owner.ts';
import { createWorkGate, type WorkGate } from '../../lib/work-gate.ts';
import { shareCounts } from './counts.ts';

/**
 * Bounds of dataset lists and searches (docs/search.md, "Bounds"): each statement has a time
 * limit, and searches that the cache cannot answer take turns through one work gate.
 */

/** PostgreSQL's `query_canceled`, which a statement past `statement_timeout` fails with. */
const QUERY_CANCELED = '57014';

/**
 * Runs `read` in a transaction of its own whose statements each stop after the configured limit
 * (`SET LOCAL statement_timeout`); one that does answers 503 QUERY_TIMEOUT. Every statement of
 * `read` must go through the `db` it is given: on PGlite, which has a single connection, one sent
 * through the database itself would wait for this transaction to end. The transaction shares the
 * database's cached totals. PGlite has no timers inside a statement, so there the limit is not
 * enforced (docs/search.md, "Bounds").
 */
export async function boundedRead<T>(ctx: Context, read: (db: Db) => Promise<T>): Promise<T> {
  const limitMs = ctx.config.search.statementTimeoutMs;
  const run = () =>
    ctx.db.transaction(async (transaction) => {
      const db = transaction as unknown as Db;
      shareCounts(db, ctx.db);
      await db.execute(sql`set local statement_timeout = ${sql.raw(String(limitMs))}`);
      return read(db);
    });
  try {
    // A pooled connection that the server had already ended fails the transaction's first
    // statement; the pool runs single statements again on a new one (db/pool.ts), and this
    // read, which writes nothing, runs again likewise.
    return await run().catch((error: unknown) => {
      if ([...causesOf(error)].some(statementDidNotRun)) return run();
      throw error;
    });
  } catch (error) {
    if (causeWithCode(error, QUERY_CANCELED))
      throw queryTimeout(limitMs, 'try a narrower search or filter');
    throw error;
  }
}

const gates = new WeakMap<Context, WorkGate>();

function searchGate(ctx: Context): WorkGate {
  let gate = gates.get(ctx);
  if (!gate) {
    const { concurrency, queue } = ctx.config.search;
    gate = createWorkGate({ kind: 'search', concurrency, queue });
    gates.set(ctx, gate);
  }
  return gate;
}

/**
 * Runs a search: at once when the cache answers it (`kept`), else through the search gate, so a
 * burst of new searches queues behind itself (503 SERVER_BUSY past its queue) and leaves the
 * rest of the site answering. A waiting search whose client leaves gives up its place.
 */
export function searchWork<T>(ctx: Context, kept: boolean, work: () => Promise<T>): Promise<T> {
  return kept ? work() : searchGate(ctx).run(work, currentOwner()?.signal);
}
