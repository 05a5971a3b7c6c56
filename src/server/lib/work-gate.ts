import { AppError } from '../errors.ts';

/**
 * How many of one kind of expensive work (uncached searches, table queries, compares, text
 * downloads) may run at once, and how many may wait for a turn. A request past both is refused
 * at once with 503 SERVER_BUSY and `Retry-After`, so a burst of one kind queues only behind its
 * own kind and never takes every connection, thread or CPU of the process (docs/reliability.md,
 * "Expensive work is bounded").
 */
export type WorkGate = {
  /**
   * Runs `work` when a slot is free. A waiter whose `signal` aborts (its client went away)
   * leaves the queue without running; its promise rejects with the signal's reason.
   */
  run: <T>(work: () => Promise<T>, signal?: AbortSignal) => Promise<T>;
  /** Work running now and waiting now (for tests, benches and /health). */
  readonly running: number;
  readonly waiting: number;
};

export type WorkGateOptions = {
  /** The kind of work, in the 503's details (`search`, `table`, …). */
  kind: string;
  concurrency: number;
  /** How many may wait for a slot; more are refused. */
  queue: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds?: number;
};

/** 503 SERVER_BUSY: too much work of this kind is running and waiting. */
export const serverBusy = (kind: string, retryAfterSeconds: number) =>
  new AppError(
    503,
    'SERVER_BUSY',
    'The server is busy with other requests like this one; try again in a moment',
    { kind, retry_after: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

export function createWorkGate(options: WorkGateOptions): WorkGate {
  const { kind, concurrency, queue } = options;
  const retryAfter = options.retryAfterSeconds ?? 2;
  let running = 0;
  const waiters: (() => void)[] = [];

  const release = () => {
    const next = waiters.shift();
    if (next) next();
    else running--;
  };

  /** Resolves when this caller holds a slot (the releaser hands its slot on directly). */
  const acquire = (signal: AbortSignal | undefined): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (running < concurrency) {
      running++;
      return Promise.resolve();
    }
    if (waiters.length >= queue) return Promise.reject(serverBusy(kind, retryAfter));
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = waiters.indexOf(turn);
        if (at >= 0) waiters.splice(at, 1);
        reject(signal!.reason as Error);
      };
      waiters.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  };

  return {
    async run(work, signal) {
      await acquire(signal);
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
  };
}
