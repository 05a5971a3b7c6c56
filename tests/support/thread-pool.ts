/**
 * Keeps libuv's thread pool busy for as long as a test needs: each job opens a named pipe for
 * reading, which blocks its thread until a writer opens the pipe. Nothing is timed — the jobs
 * hold until `release()`, so work queued behind them cannot finish before it.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The size libuv gave the pool: `UV_THREADPOOL_SIZE` as it read it, else its default of 4. */
export const threadPoolSize = () => Number(process.env['UV_THREADPOOL_SIZE']) || 4;

/** Occupies `threads` threads of the pool until `release()`. */
export function holdThreadPool(threads: number): { release: () => Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sheaf-pool-'));
  const pipe = path.join(dir, 'hold');
  execFileSync('mkfifo', [pipe]);
  const held = Array.from({ length: threads }, () => open(pipe, 'r'));
  return {
    async release() {
      // Opening the writing end lets every blocked reader through (and any still queued).
      const writer = openSync(pipe, 'w');
      for (const handle of await Promise.all(held)) await handle.close();
      closeSync(writer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
