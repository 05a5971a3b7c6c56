import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';

/** How long without a request before the server counts as quiet. */
const QUIET_MS = 10_000;
/** Memory-reducing collections per quiet spell (see below). */
const COLLECTIONS = 2;

type Gc = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => unknown;

/** V8's `gc` function (Node's documented way to reach it without a command-line flag). */
function exposedGc(): Gc {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Gc;
}

/**
 * Gives the JavaScript heap back once a load is over: when the server has had requests and then
 * none for QUIET_MS, it runs a memory-reducing collection (V8's `last-resort` flavour: full and
 * compacting), and another QUIET_MS later if still quiet: the pages the first one frees are
 * swept concurrently and pooled, and only the next memory-reducing collection hands the pool
 * back to the system. V8's own memory reducer did not do it in time: a minute after the memory
 * bench's load the heap held 96 MB of old space with 34 MB live (docs/performance.md, "Memory
 * comes back"). Answers a stop function. `gc` is for tests.
 */
export function releaseMemoryWhenQuiet(app: FastifyInstance, gc: Gc = exposedGc()): () => void {
  let requests = 0;
  let seen = 0;
  /** Collections still to run in this quiet spell. */
  let owed = 0;
  app.addHook('onRequest', (_request, _reply, done) => {
    requests += 1;
    done();
  });
  const timer = setInterval(() => {
    if (requests !== seen) {
      seen = requests;
      owed = COLLECTIONS;
    } else if (owed > 0) {
      owed -= 1;
      void gc({ type: 'major', execution: 'async', flavor: 'last-resort' });
    }
  }, QUIET_MS);
  timer.unref();
  return () => clearInterval(timer);
}
