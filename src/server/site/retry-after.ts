import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';

/**
 * Seconds to wait before asking again for a page that failed for a while only — the database
 * cannot be reached, or its table work was refused or cut at its limit (a 503 AppError:
 * SERVER_BUSY, QUERY_TIMEOUT), with that error's own Retry-After — else null.
 */
export function retryAfterOf(error: unknown): number | null {
  if (error instanceof AppError && error.status === 503) {
    return Number(error.headers?.['retry-after'] ?? 2) || 2;
  }
  return isDatabaseUnavailable(error) ? 2 : null;
}
