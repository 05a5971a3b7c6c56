import { access, rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { TableRows } from '../../src/contracts/tables.ts';
import { convertTables } from '../../src/server/services/table-files.ts';
import { addUser, createDataset, get, suiteApp } from '../support/api.ts';

const t = suiteApp();

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const quiet = { info: () => undefined, error: () => undefined };

describe('table files of older blobs', () => {
  it('are built once at start-up, logged with counts, and skipped when present', async () => {
    const alice = await addUser(t, 'alice');
    const a = await createDataset(t, alice, {
      attributes: ['城市', 'n'],
      entries: [
        ['北京', 1],
        ['上海', 2],
      ],
    });
    await createDataset(t, alice, { attributes: ['x'], entries: [['y']] });
    const sha = a.versions[0]!.sha256;
    const parquet = t.ctx.blobs.derivedPath(sha, '.parquet');
    const stats = t.ctx.blobs.derivedPath(sha, '.stats.json');
    expect(await exists(parquet)).toBe(true);
    // A blob from before Parquet: only the canonical file.
    await rm(parquet);
    await rm(stats);

    const logged: object[] = [];
    const log = { ...quiet, info: (obj: object) => logged.push(obj) };
    expect(await convertTables(t.ctx, log)).toEqual({ checked: 2, converted: 1, failed: 0 });
    expect(logged).toEqual([{ checked: 2, converted: 1, failed: 0 }]);
    expect(await exists(parquet)).toBe(true);
    expect(await exists(stats)).toBe(true);
    expect(await convertTables(t.ctx, quiet)).toEqual({ checked: 2, converted: 0, failed: 0 });

    const rows = (await get(t, `/datasets/${a.id}/versions/1/rows`)).json<TableRows>();
    expect(rows.rows).toEqual([
      ['北京', 1],
      ['上海', 2],
    ]);
  });

  it('a missing Parquet file is built on first read', async () => {
    const bob = await addUser(t, 'bob');
    const d = await createDataset(t, bob, { attributes: ['v'], entries: [[1], [2], [3]] });
    await rm(t.ctx.blobs.derivedPath(d.versions[0]!.sha256, '.parquet'));
    const rows = (await get(t, `/datasets/${d.id}/versions/1/rows?offset=1`)).json<TableRows>();
    expect(rows.rows).toEqual([[2], [3]]);
  });
});
