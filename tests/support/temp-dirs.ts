/** Temporary folders for tests, each removed once the test (or the tests) that made it ran. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Makes a fresh folder named from `prefix` in the system's temporary folder at each call; the
 * folders are removed by `after` (afterEach by default; afterAll keeps them for the whole file
 * or describe block that calls this).
 */
export function tempDirs(prefix: string, after: typeof afterEach = afterEach): () => string {
  const dirs: string[] = [];
  after(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
