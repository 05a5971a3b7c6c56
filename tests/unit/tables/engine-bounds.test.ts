import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asRequest, ClientGoneError } from '../../../src/server/lib/request-owner.ts';
import {
  createTableEngine,
  type TableEngine,
  type TableEngineOptions,
} from '../../../src/server/tables/engine.ts';
import { spillFolder } from '../../../src/server/tables/spill.ts';
import { tempDirs } from '../../support/temp-dirs.ts';

const tempDir = tempDirs('sheaf-engine-');

const engineIn = (root: string, options: Partial<TableEngineOptions> = {}) =>
  createTableEngine({
    root,
    memoryLimitMb: 512,
    threads: 2,
    tempLimitMb: 1024,
    queries: 2,
    queue: 4,
    readTimeoutMs: 30_000,
    jobTimeoutMs: 60_000,
    ...options,
  });

/** A statement that would run for hours: it ends only when interrupted. */
const ENDLESS = 'SELECT count(*) FROM range(1_000_000_000_000)';
/** A grouping far bigger than 64 MB of memory: it spills until interrupted. */
const SPILLING =
  'SELECT count(*) FROM (SELECT range % 200_000_000 AS g, count(*) FROM range(400_000_000) GROUP BY g)';

const asClient = (controller: AbortController, sql: string, engine: TableEngine) =>
  asRequest(controller.signal, () => engine.use((c) => c.runAndReadAll(sql)));

/** Total bytes of the files under `folder`. */
async function bytesUnder(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const e of entries) {
    if (e.isFile())
      total += (await stat(path.join(e.parentPath, e.name)).catch(() => null))?.size ?? 0;
  }
  return total;
}

const until = async (check: () => boolean | Promise<boolean>) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
};

describe('table work is bounded', () => {
  it('a statement past its time limit is interrupted and answers 503 QUERY_TIMEOUT', async () => {
    const engine = await engineIn(tempDir(), { readTimeoutMs: 300 });
    const failure = await asClient(new AbortController(), ENDLESS, engine).catch((e: unknown) => e);
    expect(failure).toMatchObject({
      status: 503,
      code: 'QUERY_TIMEOUT',
      headers: { 'retry-after': '5' },
    });
    expect(engine.running).toBe(0);
    engine.close();
  });

  it('a query whose client leaves is interrupted, and its spill stops growing', async () => {
    const root = tempDir();
    const engine = await engineIn(root, { memoryLimitMb: 64 });
    const client = new AbortController();
    const query = asClient(client, SPILLING, engine).catch((e: unknown) => e);
    await until(async () => (await bytesUnder(spillFolder(root + path.sep))) > 0);
    client.abort(new ClientGoneError());
    expect(await query).toBeInstanceOf(ClientGoneError);
    expect(engine.running).toBe(0);
    const after = await bytesUnder(spillFolder(root + path.sep));
    await new Promise((r) => setTimeout(r, 500));
    expect(await bytesUnder(spillFolder(root + path.sep))).toBeLessThanOrEqual(after);
    engine.close();
  });

  it(
    'running out of memory and spill space answers 503 SERVER_BUSY, not 500',
    { timeout: 60_000 },
    async () => {
      const engine = await engineIn(tempDir(), { memoryLimitMb: 32, tempLimitMb: 0 });
      const grouping =
        'SELECT count(*) FROM (SELECT range AS g, count(*) FROM range(20_000_000) GROUP BY g)';
      const failure = await asClient(new AbortController(), grouping, engine).catch(
        (e: unknown) => e,
      );
      expect(failure).toMatchObject({
        status: 503,
        code: 'SERVER_BUSY',
        headers: { 'retry-after': '5' },
      });
      engine.close();
    },
  );

  it('past its running and waiting slots, a request is refused at once with 503 SERVER_BUSY', async () => {
    const engine = await engineIn(tempDir(), { queries: 1, queue: 1 });
    const first = new AbortController();
    const second = new AbortController();
    const running = asClient(first, ENDLESS, engine).catch((e: unknown) => e);
    await until(() => engine.running === 1);
    const waiting = asClient(second, 'SELECT 42', engine).catch((e: unknown) => e);
    const refused = await asClient(new AbortController(), 'SELECT 1', engine).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    // The waiter whose client leaves never runs; the one running is interrupted.
    second.abort(new ClientGoneError());
    expect(await waiting).toBeInstanceOf(ClientGoneError);
    first.abort(new ClientGoneError());
    expect(await running).toBeInstanceOf(ClientGoneError);
    // The slot is free again.
    const rows = await asRequest(new AbortController().signal, () =>
      engine.use(async (c) => (await c.runAndReadAll('SELECT 7')).getRows()),
    );
    expect(rows).toEqual([[7]]);
    engine.close();
  });

  it('stopping interrupts running statements and refuses new ones', async () => {
    const engine = await engineIn(tempDir());
    const running = asClient(new AbortController(), ENDLESS, engine).catch((e: unknown) => e);
    await until(() => engine.running === 1);
    engine.interruptAll();
    expect(await running).toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    const later = await asClient(new AbortController(), 'SELECT 1', engine).catch(
      (e: unknown) => e,
    );
    expect(later).toMatchObject({ status: 503, code: 'SERVER_BUSY' });
    engine.close();
  });

  it("removes spill files left by stopped processes at start, and keeps other hosts' and live ones", async () => {
    const root = tempDir();
    const spill = path.join(root, 'tmp', 'duckdb');
    const host = hostname().replaceAll(/[^\w.-]/g, '_');
    const dead = path.join(spill, `${host}-999999999`);
    const otherHost = path.join(spill, 'another-host-1');
    const live = path.join(spill, `${host}-${process.ppid}`);
    for (const folder of [dead, otherHost, live]) {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'duckdb_temp_block-1.block'), 'x'.repeat(1000));
    }
    await writeFile(path.join(spill, 'duckdb_temp_storage_S32K-0.tmp'), 'x'.repeat(1000));
    const engine = await engineIn(root);
    const left = (await readdir(spill)).sort();
    expect(left).toEqual(
      [path.basename(otherHost), path.basename(live), `${host}-${process.pid}`].sort(),
    );
    engine.close();
  });
});
