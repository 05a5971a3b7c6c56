import type { TableEngine } from './tables/engine.ts';

/** What a stopping server closes, in order (docs/deploy.md, "Rolling restart"). */
export type ShutdownSteps = {
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Timers that start new work (heat, sweeps). */
  stopJobs: () => void;
  tables: Pick<TableEngine, 'interruptAll' | 'close'>;
  /** Stops taking connections and waits for the requests under way. */
  closeApp: () => Promise<void>;
  /** The rest: pending writes, the change feed, the database, the lock. */
  closeRest: () => Promise<void>;
  /**
   * How long table work under way may go on before it is interrupted: a page or query that
   * ends soon answers as usual, a long one is cut short so the drain never waits on it.
   */
  tableGraceMs: number;
  /** Longest the whole stop may take; past it the process exits anyway. */
  drainMs: number;
  exit: (code: number) => void;
};

/**
 * The one way a server stops on SIGTERM or SIGINT. Table statements still running after
 * `tableGraceMs` are interrupted (their requests answer 503, which the edge retries on another
 * process), so draining never waits long on DuckDB; the requests under way finish; then
 * everything closes and the process exits 0. If anything hangs past `drainMs`, it exits 1 all
 * the same.
 */
export function createShutdown(steps: ShutdownSteps): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) return;
    closing = true;
    steps.log.info({ signal, drain_ms: steps.drainMs }, 'shutting down');
    const deadline = setTimeout(() => {
      steps.log.error({ drain_ms: steps.drainMs }, 'stopping took too long; exiting');
      steps.exit(1);
    }, steps.drainMs);
    deadline.unref();
    const cut = setTimeout(() => steps.tables.interruptAll(), steps.tableGraceMs);
    cut.unref();
    let code = 0;
    try {
      steps.stopJobs();
      await steps.closeApp();
      clearTimeout(cut);
      steps.tables.interruptAll();
      steps.tables.close();
      await steps.closeRest();
    } catch (error) {
      steps.log.error({ err: error }, 'stopping failed');
      code = 1;
    } finally {
      clearTimeout(deadline);
      steps.exit(code);
    }
  };
}
