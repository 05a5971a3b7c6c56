import { AppError, queryTimeout } from '../errors.ts';
import { serverBusy } from '../lib/work-gate.ts';

/** Seconds a client is told to wait after table work was cut short. */
const RETRY_AFTER_SECONDS = 5;

/** 503 SERVER_BUSY: the process is stopping and takes no new table work. */
export const shuttingDown = () => serverBusy('table', RETRY_AFTER_SECONDS);

/**
 * What an interrupted piece of work answers, by why its signal aborted: its client left (nobody
 * reads the answer), the process is stopping, or its time limit passed.
 */
export function queryInterrupted(reason: unknown, limitMs: number): Error {
  if (reason instanceof AppError) return reason;
  return queryTimeout(limitMs, 'try a narrower filter, another sort or a smaller page');
}

/** DuckDB's words for running out of memory or of spill space. */
const OUT_OF_ROOM = /Out of Memory Error|could not allocate block|max_temp_directory_size/i;

/**
 * A failure of the engine itself answered as 503 SERVER_BUSY with `Retry-After` (another moment,
 * with less work beside it, may succeed), never 500; any other error is passed on as it is.
 */
export function engineFailure(error: unknown): unknown {
  if (error instanceof Error && OUT_OF_ROOM.test(error.message)) {
    return new AppError(
      503,
      'SERVER_BUSY',
      'The table engine ran out of memory for this query; try again in a moment, or ask for less (a narrower filter, a smaller page)',
      { kind: 'table', retry_after: RETRY_AFTER_SECONDS },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  }
  return error;
}
