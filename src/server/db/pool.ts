import pg from 'pg';
import { QUERY_TIMED_OUT, statementDidNotRun } from './unavailable.ts';

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
 * How long a statement may wait for its answer. A connection whose network path silently stops
 * carrying packets (a database host's failover, a firewall forgetting the connection) never
 * errors by itself: its statement would wait for the operating system's retransmissions, about
 * fifteen minutes, holding one of the ten connections, and the site answers 503 long after the
 * database is back. Past this the statement fails (503) and its connection is closed; the pool
 * opens a new one. A minute is far past any statement Sheaf sends (docs/performance.md); the
 * migrations at start-up run without it.
 */
const QUERY_TIMEOUT_MS = 60_000;

const timedOut = (error: unknown) => error instanceof Error && error.message === QUERY_TIMED_OUT;

/**
 * A pooled connection whose opening is bounded by CONNECT_TIMEOUT_MS (the pool's own
 * `connectionTimeoutMillis` bounds the wait for a free connection, so it is POOL_WAIT_MS) and
 * each statement by `queryTimeoutMs`; TCP keep-alive probes an idle connection after 10 s. A
 * statement that times out closes its connection: its answer may still come, and nothing else
 * can be sent on it before.
 */
function pooledClient(queryTimeoutMs: number) {
  return class PooledClient extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({
        ...config,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        ...(queryTimeoutMs > 0 && { query_timeout: queryTimeoutMs }),
      });
    }

    override query(...args: unknown[]): never {
      const close = (error: unknown) => {
        if (!timedOut(error)) return;
        const client = this as unknown as ClientInternals;
        client._queryable = false; // so that the pool drops it when it is released
        client.connection.stream.destroy();
      };
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          close(error);
          (last as (e: unknown, r: unknown) => void)(error, result);
        };
      }
      const answer = (super.query as (...a: unknown[]) => unknown)(...args);
      if (answer instanceof Promise) answer.catch(close);
      return answer as never;
    }
  };
}

/** node-postgres's client's socket and the flag its pool reads on release (not in its typings). */
type ClientInternals = { _queryable: boolean; connection: { stream: { destroy: () => void } } };

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
 * waiting for a free one after POOL_WAIT_MS, a statement after `queryTimeoutMs` (0: never).
 */
export function connectionPool(url: string, queryTimeoutMs = QUERY_TIMEOUT_MS): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: POOL_WAIT_MS,
    Client: pooledClient(queryTimeoutMs),
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
