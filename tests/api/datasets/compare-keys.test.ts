import { describe, expect, it } from 'vitest';
import type { CompareRows, VersionCompare } from '../../../src/contracts/tables.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * Compare by a key of several columns (docs/living-datasets.md "Keys"): the dataset's whole key
 * by default, or the columns `key` lists separated by commas.
 */
const t = suiteApp();
const alice = suiteUser(t, 'alice');

const COLUMNS = ['城市', 'year', 'pop'];
const BEFORE = [
  ['北京', 2020, 1],
  ['北京', 2021, 2],
  ['上海', 2020, 3],
  ['上海', 2021, 4],
];
// 北京 2021 changed, 上海 2020 gone, 广州 2021 new.
const AFTER = [
  ['北京', 2020, 1],
  ['北京', 2021, 20],
  ['上海', 2021, 4],
  ['广州', 2021, 5],
];

async function publish(id: number, attributes: string[], entries: unknown[][]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets/${id}/versions`,
    headers: alice.headers,
    payload: { attributes, entries },
  });
  expect(res.statusCode).toBe(201);
}

async function cityYear() {
  const d = await createDataset(t, alice, {
    attributes: COLUMNS,
    entries: BEFORE,
    key_columns: ['城市', 'year'],
  });
  await publish(d.id, COLUMNS, AFTER);
  return d.id;
}

const summary = async (id: number, query = '') => {
  const res = await get(t, `/datasets/${id}/compare?from=1&to=2${query}`, alice);
  expect(res.statusCode).toBe(200);
  return res.json<VersionCompare>();
};

const rows = async (id: number, kind: string, query = '') => {
  const res = await get(t, `/datasets/${id}/compare/rows?from=1&to=2&kind=${kind}${query}`, alice);
  expect(res.statusCode).toBe(200);
  return res.json<CompareRows>().rows;
};

describe('compare by a key of several columns', () => {
  it("pairs rows by the dataset's whole key when no key is asked for", async () => {
    const id = await cityYear();
    expect(await summary(id)).toMatchObject({
      key: '城市,year',
      key_columns: ['城市', 'year'],
      rows: { added: 1, removed: 1, changed: 1 },
      changed_columns: [{ name: 'pop', rows: 1 }],
      key_repeats: { from: 0, to: 0 },
    });
    expect(await rows(id, 'changed')).toEqual([
      { from: ['北京', 2021, 2], to: ['北京', 2021, 20] },
    ]);
    expect(await rows(id, 'added')).toEqual([{ from: null, to: ['广州', 2021, 5] }]);
    expect(await rows(id, 'removed')).toEqual([{ from: ['上海', 2020, 3], to: null }]);
  });

  it('takes the columns separated by commas, one column, or none', async () => {
    const id = await cityYear();
    const listed = await summary(id, `&key=${encodeURIComponent('year, 城市')}`);
    expect(listed).toMatchObject({
      key: 'year,城市',
      key_columns: ['year', '城市'],
      rows: { added: 1, removed: 1, changed: 1 },
    });
    expect(await rows(id, 'changed', `&key=${encodeURIComponent('year,城市')}`)).toHaveLength(1);
    // One column of the key pairs every row of a city with every other: its repeats are said.
    expect(await summary(id, `&key=${encodeURIComponent('城市')}`)).toMatchObject({
      key: '城市',
      key_columns: ['城市'],
      rows: { added: 1, removed: 0, changed: 4 },
      key_repeats: { from: 4, to: 2 },
    });
    expect(await summary(id, '&key=')).toMatchObject({
      key: null,
      key_columns: null,
      rows: { added: 2, removed: 2, changed: null },
      changed_columns: null,
    });
  });

  it('refuses a listed column that either version lacks, naming it', async () => {
    const id = await cityYear();
    for (const url of [
      `/datasets/${id}/compare?from=1&to=2&key=${encodeURIComponent('城市,area')}`,
      `/datasets/${id}/compare/rows?from=1&to=2&kind=added&key=${encodeURIComponent('城市,area')}`,
    ]) {
      const res = await get(t, url, alice);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'UNKNOWN_COLUMN', details: { column: 'area' } });
    }
  });

  it('reads a column whose name holds a comma as that column', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['a,b', 'a', 'b'],
      entries: [
        ['x', 1, 1],
        ['y', 1, 2],
      ],
    });
    await publish(
      d.id,
      ['a,b', 'a', 'b'],
      [
        ['x', 1, 1],
        ['y', 1, 3],
      ],
    );
    expect(await summary(d.id, `&key=${encodeURIComponent('a,b')}`)).toMatchObject({
      key_columns: ['a,b'],
      rows: { added: 0, removed: 0, changed: 1 },
    });
  });

  it("compares whole rows when a version lacks a column of the dataset's key", async () => {
    const d = await createDataset(t, alice, {
      attributes: ['城市', 'pop'],
      entries: [
        ['北京', 1],
        ['上海', 3],
      ],
    });
    await publish(d.id, COLUMNS, AFTER);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.headers,
      payload: { key_columns: ['城市', 'year'] },
    });
    expect(put.statusCode).toBe(200);
    expect(await summary(d.id)).toMatchObject({ key: null, key_columns: null });
  });
});
