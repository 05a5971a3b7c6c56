import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/**
 * A fresh Node process that loads the server's thread-pool preamble, holds 15 threads of the
 * pool (more than libuv's default 4) and then asks for a file's details, which needs one more.
 * It prints the pool size once that answer came; with too small a pool it never comes (the
 * child is ended when the test gives up).
 */
const afterPreamble = async (env: NodeJS.ProcessEnv) => {
  const script = `await import('./src/server/thread-pool.ts');
const { holdThreadPool } = await import('./tests/support/thread-pool.ts');
const { stat } = await import('node:fs/promises');
const pool = holdThreadPool(15);
await stat('package.json');
await pool.release();
console.log(process.env.UV_THREADPOOL_SIZE);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env,
    timeout: 25_000,
  });
  return stdout.trim();
};

const withoutPoolSize = () => {
  const env = { ...process.env };
  delete env['UV_THREADPOOL_SIZE'];
  return env;
};

describe('the server starts with a larger libuv thread pool', () => {
  it('main.ts imports the preamble right after the production one, before any other module', () => {
    const imports = [
      ...readFileSync('src/server/main.ts', 'utf8').matchAll(/^import\s.*?['"]([^'"]+)['"]/gm),
    ];
    expect(imports.slice(0, 2).map((m) => m[1])).toEqual([
      './production-env.ts',
      './thread-pool.ts',
    ]);
  });

  it('16 threads: work queued beside 15 busy ones still runs', { timeout: 30_000 }, async () => {
    expect(await afterPreamble(withoutPoolSize())).toBe('16');
  });

  it("an operator's UV_THREADPOOL_SIZE is kept", { timeout: 30_000 }, async () => {
    expect(await afterPreamble({ ...withoutPoolSize(), UV_THREADPOOL_SIZE: '32' })).toBe('32');
  });
});
