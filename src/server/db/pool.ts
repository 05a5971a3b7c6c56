import pg from 'pg';
import { statementDidNotRun } from './unavailable.ts';

/**
 * Opening a connection gives up after this long: the server is unreachable, and the request
 * answers 503 DATABASE_UNAVAILABLE at once instead of waiting while it is down.
 */
export const CONNECT_TIMEOUT_MS = 2_000;

/**
 * How long a request waits for one of the pool's connections while all ten are busy (a burst of
 * writes queued behind one dataset's row lock): the database is up, only busy, so the wait is
 * long; past it the request answers 503 DATABASE_UNAVAILABLE.
 */
const POOL_WAIT_MS = 30_000;

/**
 * A pooled connection whose opening alone is bounded by CONNECT_TIMEOUT_MS (the pool's own
 * `connectionTimeoutMillis` bounds the wait for a free connection as well, so it is POOL_WAIT_MS).
 */
class PooledClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

/**
 * A statement sent on a pooled connection that the server had already ended (a restart, an
 * administrator's termination: the idle connection's notice not yet read) fails although the
 * database is back. Such a statement did not run (see `statementDidNotRun`), so the pool runs it
 * once more, on a new connection; a second failure is the caller's (503 when unreachable).
 * Transactions check out their own connection and are not retried.
 */
function retryStatementsOnEndedSessions(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]) => {
    try {
      return await query(...args);
    } catch (error) {
      if (!statementDidNotRun(error)) throw error;
      return query(...args);
    }
  };
  Object.assign(pool, { query: retrying });
}

/**
 * The PostgreSQL server's pool of ten connections: opening one gives up after CONNECT_TIMEOUT_MS,
 * waiting for a free one after POOL_WAIT_MS.
 */
export function connectionPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: POOL_WAIT_MS,
    Client: PooledClient,
  });
  // A connection that the server ends (restart, crash, admin termination, a dropped test
  // database) emits 'error': on an idle client the pool discards it; on a checked-out client the
  // query in flight fails (answered 503, see db/unavailable.ts). Unhandled, either would end
  // the process. The pool replaces broken connections when next needed.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  retryStatementsOnEndedSessions(pool);
  return pool;
}
