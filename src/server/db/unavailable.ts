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

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
    e = cause;
  }
  return false;
}
