import { describe, expect, it } from 'vitest';
import type { TableRows, VersionStats } from '../../../src/contracts/tables.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');

const cities = ['北京', '上海', '广州', '深圳', '杭州'];
/** 250 rows: id, a leading-zero code kept as text, a city, a number with nulls, a date, a UTC datetime. */
const bigTable = {
  attributes: ['id', 'code', '城市', 'score', 'day', 'at'],
  attribute_types: { code: 'string' },
  entries: Array.from({ length: 250 }, (_, i) => [
    i + 1,
    String(i).padStart(5, '0'),
    cities[i % 5],
    i % 10 === 0 ? null : i / 4,
    `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
    `2024-03-01T0${i % 10}:30:00.25Z`,
  ]),
};

describe('rows', () => {
  it('pages through a version in stored order with typed columns', async () => {
    const d = await createDataset(t, alice, bigTable);
    const first = (await get(t, `/datasets/${d.id}/versions/1/rows`)).json<TableRows>();
    expect(first.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'code', type: 'string' },
      { name: '城市', type: 'string' },
      { name: 'score', type: 'number' },
      { name: 'day', type: 'date' },
      { name: 'at', type: 'datetime' },
    ]);
    expect(first).toMatchObject({ total: 250, offset: 0, limit: 100 });
    expect(first.rows).toHaveLength(100);
    expect(first.rows[0]).toEqual([
      1,
      '00000',
      '北京',
      null,
      '2024-01-01',
      '2024-03-01T00:30:00.25Z',
    ]);
    const last = (
      await get(t, `/datasets/${d.id}/versions/1/rows?offset=200&limit=100`)
    ).json<TableRows>();
    expect(last.rows).toHaveLength(50);
    expect(last.rows.at(-1)).toEqual(bigTable.entries.at(-1));
  });

  it('sorts by a column either way, nulls last, and filters string columns ignoring case', async () => {
    const d = await createDataset(t, alice, bigTable);
    const desc = (
      await get(t, `/datasets/${d.id}/versions/1/rows?sort=score&order=desc&limit=3`)
    ).json<TableRows>();
    expect(desc.rows.map((r) => r[3])).toEqual([249 / 4, 248 / 4, 247 / 4]);
    const asc = (
      await get(t, `/datasets/${d.id}/versions/1/rows?sort=score&offset=220&limit=30`)
    ).json<TableRows>();
    expect(asc.rows.at(-1)![3]).toBeNull();
    const filtered = (
      await get(t, `/datasets/${d.id}/versions/1/rows?q=${encodeURIComponent('深圳')}&limit=5`)
    ).json<TableRows>();
    expect(filtered.total).toBe(50);
    expect(filtered.rows.every((r) => r[2] === '深圳')).toBe(true);
    const mixed = await createDataset(t, alice, {
      attributes: ['name'],
      entries: [['Alpha'], ['ALPHABET'], ['beta']],
    });
    const alpha = (await get(t, `/datasets/${mixed.id}/versions/1/rows?q=alpha`)).json<TableRows>();
    expect(alpha.rows).toEqual([['Alpha'], ['ALPHABET']]);
    expect(alpha.total).toBe(2);
  });

  it('the filter ignores case in Greek too, final sigma included', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['οδός'],
      entries: [['ΟΔΟΣ'], ['οδος'], ['Οδός'], ['ΣΟΦΙΑ'], ['σοφία']],
    });
    const rows = (q: string) =>
      get(t, `/datasets/${d.id}/versions/1/rows?q=${encodeURIComponent(q)}`).then((r) =>
        r.json<TableRows>(),
      );
    for (const q of ['ΟΔΟΣ', 'οδος', 'οδοσ', 'ΔΟΣ']) {
      expect((await rows(q)).rows).toEqual([['ΟΔΟΣ'], ['οδος']]);
    }
    expect((await rows('Σ')).total).toBe(5);
    expect((await rows('ς')).total).toBe(5);
  });

  it('shows dates of year 0000 as uploaded, in rows, statistics and compare', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['day'],
      entries: [['0000-02-29'], ['0001-01-01'], ['2024-05-06']],
    });
    const rows = (await get(t, `/datasets/${d.id}/versions/1/rows?sort=day`)).json<TableRows>();
    expect(rows.rows).toEqual([['0000-02-29'], ['0001-01-01'], ['2024-05-06']]);
    const stats = (await get(t, `/datasets/${d.id}/versions/1/stats`)).json<VersionStats>();
    expect(stats.columns[0]).toMatchObject({ min: '0000-02-29', max: '2024-05-06' });
    // The same days as text in a second version: compared as their text, nothing changed.
    const next = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/versions`,
      headers: alice.headers,
      payload: {
        attributes: ['day'],
        attribute_types: { day: 'string' },
        entries: [['0000-02-29'], ['0001-01-01'], ['2024-05-06']],
      },
    });
    expect(next.statusCode).toBe(201);
    const compare = await get(t, `/datasets/${d.id}/compare?from=1&to=2&key=day`);
    expect(compare.json()).toMatchObject({ rows: { added: 0, removed: 0, changed: 0 } });
  });

  it('sorts datetimes by time, a fraction of a second included', async () => {
    const times = [
      '2024-01-01T00:00:01Z',
      '2024-01-01T00:00:00.5Z',
      '2024-01-01T00:00:00Z',
      '2023-12-31T23:59:59.999Z',
    ];
    const d = await createDataset(t, alice, { attributes: ['at'], entries: times.map((v) => [v]) });
    const sorted = async (order: string) =>
      (await get(t, `/datasets/${d.id}/versions/1/rows?sort=at&order=${order}`)).json<TableRows>()
        .rows;
    const ascending = [
      ['2023-12-31T23:59:59.999Z'],
      ['2024-01-01T00:00:00Z'],
      ['2024-01-01T00:00:00.5Z'],
      ['2024-01-01T00:00:01Z'],
    ];
    expect(await sorted('asc')).toEqual(ascending);
    expect(await sorted('desc')).toEqual([...ascending].reverse());
  });

  it('sorts and ranges datetimes finer than microseconds (kept as text) by time too', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['at'],
      entries: [
        ['2024-01-01T00:00:00Z'],
        ['2024-01-01T00:00:00.000000001Z'],
        ['2023-12-31T23:59:59.5Z'],
      ],
    });
    const rows = await get(t, `/datasets/${d.id}/versions/1/rows?sort=at&order=desc`);
    expect(rows.json<TableRows>().rows).toEqual([
      ['2024-01-01T00:00:00.000000001Z'],
      ['2024-01-01T00:00:00Z'],
      ['2023-12-31T23:59:59.5Z'],
    ]);
    const stats = (await get(t, `/datasets/${d.id}/versions/1/stats`)).json<VersionStats>();
    expect(stats.columns[0]).toMatchObject({
      min: '2023-12-31T23:59:59.5Z',
      max: '2024-01-01T00:00:00.000000001Z',
    });
  });

  it("numbers each row by its place in the table, whatever the sort and filter (the viewer's #)", async () => {
    const d = await createDataset(t, alice, bigTable);
    const rows = `/datasets/${d.id}/versions/1/rows`;
    // The `id` column holds each row's number, so the two must agree on every page.
    const agree = (page: TableRows) => expect(page.row_numbers).toEqual(page.rows.map((r) => r[0]));
    const first = (await get(t, `${rows}?limit=3`)).json<TableRows>();
    expect(first.row_numbers).toEqual([1, 2, 3]);
    agree((await get(t, `${rows}?offset=240&limit=20`)).json<TableRows>());
    const desc = (await get(t, `${rows}?sort=score&order=desc&limit=3`)).json<TableRows>();
    expect(desc.row_numbers).toEqual([250, 249, 248]);
    agree(desc);
    agree((await get(t, `${rows}?sort=score&offset=180&limit=60`)).json<TableRows>());
    const city = (
      await get(t, `${rows}?q=${encodeURIComponent('深圳')}&limit=3`)
    ).json<TableRows>();
    expect(city.row_numbers).toEqual([4, 9, 14]);
    agree(
      (await get(t, `${rows}?q=${encodeURIComponent('州')}&sort=day&offset=70`)).json<TableRows>(),
    );
  });

  it('a sorted page past the middle matches the same rows of the whole sorted list', async () => {
    const d = await createDataset(t, alice, bigTable);
    for (const sort of ['score', '城市', 'day']) {
      for (const order of ['asc', 'desc']) {
        const url = `/datasets/${d.id}/versions/1/rows?sort=${encodeURIComponent(sort)}&order=${order}`;
        const all = (await get(t, `${url}&limit=250`)).json<TableRows>().rows;
        const late = (await get(t, `${url}&offset=180&limit=60`)).json<TableRows>();
        expect(late.rows).toEqual(all.slice(180, 240));
        const filtered = (
          await get(t, `${url}&q=${encodeURIComponent('州')}&limit=100`)
        ).json<TableRows>();
        const lastFiltered = (
          await get(t, `${url}&q=${encodeURIComponent('州')}&offset=70&limit=30`)
        ).json<TableRows>();
        expect(filtered.total).toBe(100);
        expect(lastFiltered.rows).toEqual(filtered.rows.slice(70, 100));
      }
    }
  });

  it('refuses an unknown sort column, a limit over 1000 and an unknown version', async () => {
    const d = await createDataset(t, alice, bigTable);
    const bad = await get(t, `/datasets/${d.id}/versions/1/rows?sort=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'UNKNOWN_COLUMN', details: { column: 'nope' } });
    expect((await get(t, `/datasets/${d.id}/versions/1/rows?limit=1001`)).statusCode).toBe(400);
    const missing = await get(t, `/datasets/${d.id}/versions/9/rows`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'VERSION_NOT_FOUND' });
  });

  it('hides a private dataset from everyone but its owner', async () => {
    const d = await createDataset(t, alice, { ...bigTable, is_public: false });
    for (const path of ['rows', 'stats']) {
      expect((await get(t, `/datasets/${d.id}/versions/1/${path}`)).statusCode).toBe(404);
      expect((await get(t, `/datasets/${d.id}/versions/1/${path}`, bob)).statusCode).toBe(404);
      expect((await get(t, `/datasets/${d.id}/versions/1/${path}`, alice)).statusCode).toBe(200);
    }
    const compare = `/datasets/${d.id}/compare?from=1&to=1`;
    expect((await get(t, compare, bob)).statusCode).toBe(404);
    expect((await get(t, compare, alice)).statusCode).toBe(200);
  });
});

describe('stats', () => {
  it('counts, distinct values, ranges, a histogram and the top values', async () => {
    const d = await createDataset(t, alice, bigTable);
    const stats = (await get(t, `/datasets/${d.id}/versions/1/stats`)).json<VersionStats>();
    expect(stats.rows).toBe(250);
    const by = Object.fromEntries(stats.columns.map((c) => [c.name, c]));
    expect(by['id']).toMatchObject({ count: 250, nulls: 0, distinct: 250, min: 1, max: 250 });
    expect(by['id']!.mean).toBeCloseTo(125.5);
    expect(by['id']!.histogram).toHaveLength(20);
    expect(by['id']!.histogram!.reduce((n, b) => n + b.count, 0)).toBe(250);
    expect(by['score']).toMatchObject({ count: 225, nulls: 25, min: 0.25, max: 62.25 });
    expect(by['城市']!.top).toEqual(
      cities.map((value) => ({ value, count: 50 })).sort((a, b) => (a.value < b.value ? -1 : 1)),
    );
    expect(by['day']).toMatchObject({ min: '2024-01-01', max: '2024-01-28', distinct: 28 });
    expect(by['day']!.histogram![0]!.from).toBe('2024-01-01');
    expect(by['at']).toMatchObject({
      min: '2024-03-01T00:30:00.25Z',
      max: '2024-03-01T09:30:00.25Z',
    });
    expect(by['code']).toMatchObject({ min: '00000', distinct: 250 });
  });
});
