import type { ErrorCode } from '../contracts/error-codes.ts';

/** One error shape for the whole API: `{ message, code, details }` with the right HTTP status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string> | undefined;
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    details?: unknown,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

export type FieldError = { field: string; message: string };

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);

/**
 * 400 VALIDATION_ERROR for a request's field problems, each named once (a schema may refuse one
 * value by several rules with the same message, e.g. a score of 1e300 is neither an integer
 * nor at most 5); the message names the first.
 */
export function invalidFields(problems: readonly FieldError[]): AppError {
  const seen = new Set<string>();
  const details = problems.filter((p) => {
    const key = JSON.stringify([p.field, p.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const first = details[0];
  return badRequest(
    first ? `Invalid ${first.field}: ${first.message}` : 'Invalid request',
    details,
  );
}
export const unauthorized = (
  message = 'Authentication required',
  code: ErrorCode = 'UNAUTHORIZED',
) => new AppError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (what: string, code: ErrorCode = 'NOT_FOUND') =>
  new AppError(404, code, `${what} not found`);
export const conflict = (message: string, code: ErrorCode, details?: unknown) =>
  new AppError(409, code, message, details);
export const tooLarge = (message: string, details?: unknown) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message, details);
/** A request body over a size limit (the same shape as the parser's own 413). */
export const payloadTooLarge = (limitBytes: number) =>
  tooLarge('Request body is too large', { limit_bytes: limitBytes });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many attempts, try again in ${retryAfterSeconds} seconds`,
    { retry_after: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

/** Seconds a client whose query was stopped at its time limit is told to wait. */
const QUERY_TIMEOUT_RETRY_SECONDS = 5;

/**
 * 503 QUERY_TIMEOUT: a statement ran past its time limit and was stopped (a list or search in
 * PostgreSQL, a table query in DuckDB); `advice` says what to ask for instead.
 */
export const queryTimeout = (limitMs: number, advice: string) =>
  new AppError(
    503,
    'QUERY_TIMEOUT',
    `The query took longer than ${Math.round(limitMs / 100) / 10} s and was stopped; ${advice}`,
    { limit_ms: limitMs, retry_after: QUERY_TIMEOUT_RETRY_SECONDS },
    { 'retry-after': String(QUERY_TIMEOUT_RETRY_SECONDS) },
  );

/** A read that answers null where the API would answer 404 (SSR pages show their 404 page). */
export async function nullIfNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
