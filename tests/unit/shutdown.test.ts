import { describe, expect, it } from 'vitest';
import { asRequest } from '../../src/server/lib/request-owner.ts';
import { createShutdown, type ShutdownSteps } from '../../src/server/shutdown.ts';
import { createTableEngine } from '../../src/server/tables/engine.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const tempDir = tempDirs('sheaf-shutdown-');
const quiet = { info: () => undefined, error: () => undefined };

/** The exit code the stop ends with. */
function stopping(steps: Omit<ShutdownSteps, 'log' | 'exit' | 'stopJobs'>) {
  let exited: (code: number) => void = () => undefined;
  const code = new Promise<number>((resolve) => (exited = resolve));
  const shutdown = createShutdown({
    ...steps,
    log: quiet,
    stopJobs: () => undefined,
    exit: exited,
  });
  return { shutdown, code };
}

describe('stopping the server', () => {
  it('interrupts a long table query its requests wait on after the grace, drains, closes and exits 0', async () => {
    const tables = await createTableEngine({
      root: tempDir(),
      memoryLimitMb: 256,
      threads: 1,
      tempLimitMb: 64,
      queries: 2,
      queue: 2,
      readTimeoutMs: 600_000,
      jobTimeoutMs: 600_000,
    });
    // A request whose handler waits on an hours-long statement; closing the app waits for it.
    const request = asRequest(new AbortController().signal, () =>
      tables.use((c) => c.runAndReadAll('SELECT count(*) FROM range(1_000_000_000_000)')),
    ).catch((e: unknown) => e);
    while (tables.running === 0) await new Promise((r) => setTimeout(r, 10));
    const closed: string[] = [];
    const { shutdown, code } = stopping({
      tables,
      closeApp: async () => {
        await request;
        closed.push('app');
      },
      closeRest: async () => void closed.push('database'),
      tableGraceMs: 100,
      drainMs: 60_000,
    });
    void shutdown('SIGTERM');
    expect(await code).toBe(0);
    expect(await request).toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    expect(closed).toEqual(['app', 'database']);
  });

  it('exits 1 when the drain passes its time', async () => {
    const { shutdown, code } = stopping({
      tables: { interruptAll: () => undefined, close: () => undefined },
      closeApp: () => new Promise(() => undefined),
      closeRest: async () => undefined,
      tableGraceMs: 10,
      drainMs: 50,
    });
    void shutdown('SIGTERM');
    expect(await code).toBe(1);
  });
});
