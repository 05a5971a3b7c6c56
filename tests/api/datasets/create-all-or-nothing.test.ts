import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  blobFiles,
  countRows,
  createDataset,
  creationSuite,
  get,
  sampleTable,
} from '../../support/api.ts';

const { t, alice, post } = creationSuite();

const valid = { name: 'Cities', ...sampleTable };

describe('all or nothing', () => {
  /** Runs `work` while every insert into `table` fails in the database. */
  async function whileInsertsFail(
    table: 'datasets' | 'dataset_versions',
    work: () => Promise<void>,
  ) {
    await t.ctx.db.execute(sql`
      create function fail_insert() returns trigger language plpgsql as
      $$ begin raise exception 'disk full'; end $$`);
    await t.ctx.db.execute(sql`
      create trigger fail_insert before insert on ${sql.identifier(table)}
      for each row execute function fail_insert()`);
    try {
      await work();
    } finally {
      await t.ctx.db.execute(sql`drop trigger fail_insert on ${sql.identifier(table)}`);
      await t.ctx.db.execute(sql`drop function fail_insert`);
    }
  }

  it('leaves no dataset, version, blob row or file when the database fails after the blob is written', async () => {
    const before = {
      datasets: await countRows(t, 'datasets'),
      versions: await countRows(t, 'dataset_versions'),
      blobs: await countRows(t, 'blobs'),
      files: await blobFiles(t),
    };
    await whileInsertsFail('dataset_versions', async () => {
      const res = await post({ ...valid, name: 'Doomed', entries: [['深圳', 17560061, 2020]] });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        code: 'INTERNAL_ERROR',
        message: 'Internal Server Error',
      });
    });
    expect(await countRows(t, 'datasets')).toBe(before.datasets);
    expect(await countRows(t, 'dataset_versions')).toBe(before.versions);
    expect(await countRows(t, 'blobs')).toBe(before.blobs);
    expect(await blobFiles(t)).toEqual(before.files);
    expect((await get(t, '/datasets?query=doomed')).json().total).toBe(0);
  });

  it('keeps a shared blob when a failing upload has the same content as an existing one', async () => {
    const entries = [['珠海', 2439585, 2020]];
    const existing = await createDataset(t, alice, { name: 'Zhuhai', entries });
    const files = await blobFiles(t);
    expect(files).toContain(existing.versions[0]!.sha256);
    await whileInsertsFail('datasets', async () => {
      expect((await post({ ...valid, name: 'Zhuhai again', entries })).statusCode).toBe(500);
    });
    expect(await blobFiles(t)).toEqual(files);
    const download = await get(t, `/datasets/${existing.id}/versions/1/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('珠海');
  });

  it('stores identical content once across datasets', async () => {
    const a = await createDataset(t, alice, { name: 'Copy A', entries: [['成都', 1, 2]] });
    const files = await blobFiles(t);
    const blobRows = await countRows(t, 'blobs');
    const b = await createDataset(t, alice, { name: 'Copy B', entries: [['成都', 1, 2]] });
    expect(b.versions[0]!.sha256).toBe(a.versions[0]!.sha256);
    expect(await blobFiles(t)).toEqual(files);
    expect(await countRows(t, 'blobs')).toBe(blobRows);
  });
});
