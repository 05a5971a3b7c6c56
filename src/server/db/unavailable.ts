import { causesOf } from '../lib/error-causes.ts';
import { isRecord } from '../../contracts/narrowing.ts';

/**
 * Whether an error means the database cannot be reached right now (stopped, restarting,
 * connection dropped, refusing connections), as opposed to a bad query. Such failures answer
 * 503 DATABASE_UNAVAILABLE and the service resumes by itself when the database returns.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown). */
const SQLSTATE = /^(08\d{3}|57P0[1-4])$/;

const MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'terminating connection',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'is not currently accepting connections',
  'the database system is starting up',
  'the database system is shutting down',
  'PGlite is closed',
];

/** What node-postgres says when a statement's answer did not come in time (db/pool.ts). */
export const QUERY_TIMED_OUT = 'Query read timeout';

/** What node-postgres says, and only that, when opening a connection outlasts its timeout. */
const CONNECT_TIMED_OUT = 'timeout expired';

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causesOf(error)) {
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message !== 'string') continue;
    if (
      message === CONNECT_TIMED_OUT ||
      message === QUERY_TIMED_OUT ||
      MESSAGES.some((m) => message.includes(m))
    )
      return true;
  }
  return false;
}

/**
 * SQLSTATE 57P01–57P03: the server ended the session (administrator command, crash of another
 * backend, shutdown) or refused it. An error answering a statement with one of these means the
 * statement's transaction did not commit, so running it again on another connection is safe.
 * "not queryable": the connection was already known dead, so the statement was never sent.
 */
const ENDED_SESSION = /^57P0[1-3]$/;

export function statementDidNotRun(error: unknown): boolean {
  if (!isRecord(error)) return false;
  const { code, message } = error;
  if (typeof code === 'string') return ENDED_SESSION.test(code);
  return typeof message === 'string' && message.includes('is not queryable');
}
