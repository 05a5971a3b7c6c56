import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Who expensive work runs for. A request owns the table queries and searches it starts: its
 * `signal` aborts when its client goes away before the answer is sent, and the work is
 * interrupted then (docs/reliability.md, "Every table query has an owner"). Work started outside
 * a request (ingest after the answer, statistics, sweeps) runs as a background job with its own
 * time limit.
 */
export type RequestOwner = { signal: AbortSignal };

const owners = new AsyncLocalStorage<RequestOwner>();

/** The request the calling code runs for, or undefined in background work. */
export const currentOwner = (): RequestOwner | undefined => owners.getStore();

/** Runs `work` for a request whose client is gone once `signal` aborts. */
export const asRequest = <T>(signal: AbortSignal, work: () => T): T => owners.run({ signal }, work);

/** Runs `work` outside any request: it is not interrupted when the request's client leaves. */
export const asBackgroundJob = <T>(work: () => T): T => owners.exit(work);

/**
 * The reason a request's signal aborts with when its client has gone. Work cut short by it
 * fails with it, answered as a 503 that nobody reads.
 */
export class ClientGoneError extends AppError {
  override name = 'ClientGoneError';
  constructor() {
    super(503, 'SERVER_BUSY', 'The client went away before the answer was sent', null, {
      'retry-after': '1',
    });
  }
}

/**
 * Gives every request an owner: its signal aborts when the connection closes before the answer
 * has been written whole (a client that timed out, a closed tab, a dropped network).
 */
export function registerRequestOwners(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort(new ClientGoneError());
    });
    asRequest(controller.signal, done);
  });
}
