import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetListResponse } from '../../../src/contracts/datasets.ts';
import { COLUMN_DESCRIPTION_MAX } from '../../../src/contracts/limits.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { addUser, caller, createDataset, get, type TestUser } from '../../support/api.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

// A table may have at most 3 columns here, so at most 3 columns may be described.
beforeAll(async () => {
  t = await createTestApp({ MAX_COLUMNS: '3' });
  alice = await addUser(t, 'alice');
  bob = await addUser(t, 'bob');
});
afterAll(() => t.close());

const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
const detail = async (id: number, who?: TestUser) =>
  (await call('GET', `/datasets/${id}`, who)).json<Dataset>();
const edit = (id: number, column_descriptions: unknown) =>
  call('PUT', `/datasets/${id}`, alice, { column_descriptions });
type Refusal = { code: string; message: string; details: { field: string; message: string }[] };

describe('column descriptions (the data dictionary)', () => {
  it('are given on create, trimmed, shown in the detail and left out of lists', async () => {
    const d = await createDataset(t, alice, {
      name: 'Described',
      column_descriptions: {
        ' 城市 ': '  城市名称（中文）  ',
        year: '\u200B ',
        population: '常住人口',
      },
    });
    const expected = { 城市: '城市名称（中文）', population: '常住人口' };
    expect(d.column_descriptions).toEqual(expected);
    expect((await detail(d.id)).column_descriptions).toEqual(expected);
    expect((await createDataset(t, alice, { name: 'Plain' })).column_descriptions).toEqual({});

    const list = (await get(t, '/datasets')).json<DatasetListResponse>();
    const summary = list.datasets.find((s) => s.id === d.id);
    expect(summary).toBeDefined();
    expect(summary).not.toHaveProperty('column_descriptions');
  });

  it("are listed in the table's column order, whatever order they were given in", async () => {
    // The table's columns are 城市, population, year; the database would keep year first.
    const d = await createDataset(t, alice, {
      name: 'Ordered',
      column_descriptions: { year: 'Census year', population: 'Residents', 城市: 'City' },
    });
    const order = ['城市', 'population', 'year'];
    expect(Object.keys(d.column_descriptions)).toEqual(order);
    expect(Object.keys((await detail(d.id)).column_descriptions)).toEqual(order);
    const edited = await edit(d.id, { population: 'People', 城市: '城市' });
    expect(Object.keys(edited.json<Dataset>().column_descriptions)).toEqual(order);
  });

  it('are set one by one on PUT, removed by an empty description, others kept', async () => {
    const d = await createDataset(t, alice, {
      name: 'Edited',
      column_descriptions: { 城市: 'City', year: 'Census year' },
    });
    const first = await edit(d.id, { population: 'Residents', 城市: 'City name' });
    expect(first.statusCode).toBe(200);
    expect(first.json<Dataset>().column_descriptions).toEqual({
      城市: 'City name',
      year: 'Census year',
      population: 'Residents',
    });
    const removed = await edit(d.id, { year: '', population: ' \u2800 ' });
    expect(removed.json<Dataset>().column_descriptions).toEqual({ 城市: 'City name' });
    // A PUT without the field keeps them.
    await call('PUT', `/datasets/${d.id}`, alice, { name: 'Renamed' });
    expect((await detail(d.id)).column_descriptions).toEqual({ 城市: 'City name' });
    // Only the owner may change them.
    expect(
      (await call('PUT', `/datasets/${d.id}`, bob, { column_descriptions: {} })).statusCode,
    ).toBe(403);
  });

  it('refuse bad input with 400 VALIDATION_ERROR naming the field, changing nothing', async () => {
    const d = await createDataset(t, alice, {
      name: 'Guarded',
      column_descriptions: { year: 'Census year' },
    });
    const refused = async (value: unknown, message: string) => {
      const res = await edit(d.id, value);
      expect(res.statusCode).toBe(400);
      const body = res.json<Refusal>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details[0]!.field).toMatch(/^column_descriptions/);
      expect(body.message).toContain(message);
    };
    await refused(
      { year: 'x'.repeat(COLUMN_DESCRIPTION_MAX + 1) },
      `at most ${COLUMN_DESCRIPTION_MAX} characters`,
    );
    await refused({ ['c'.repeat(129)]: 'long name' }, 'longer than 128 characters');
    await refused({ '\u200B': 'nameless' }, 'has no name');
    await refused({ 'a\nb': 'two lines' }, 'line break');
    await refused({ year: 5 }, 'object from column name to text');
    await refused(['year'], 'object from column name to text');
    await refused({ a: 'one', ' a': 'two' }, 'Two descriptions');
    await refused({ a: '1', b: '2', c: '3' }, 'At most 3 columns may be described');
    expect((await detail(d.id)).column_descriptions).toEqual({ year: 'Census year' });

    // 1,000 characters counted as characters: 1,000 emoji fit.
    expect((await edit(d.id, { year: '📅'.repeat(COLUMN_DESCRIPTION_MAX) })).statusCode).toBe(200);
    const create = await call('POST', '/datasets', alice, {
      name: 'Refused',
      attributes: ['a'],
      entries: [[1]],
      column_descriptions: { a: 'x'.repeat(COLUMN_DESCRIPTION_MAX + 1) },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json<Refusal>().code).toBe('VALIDATION_ERROR');
  });

  it('keep a column named __proto__ as any other', async () => {
    const d = await createDataset(t, alice, {
      name: 'Proto',
      attributes: ['__proto__', 'b'],
      entries: [[1, 2]],
      column_descriptions: JSON.parse('{"__proto__": "An odd name"}') as unknown,
    });
    expect(Object.entries((await detail(d.id)).column_descriptions)).toEqual([
      ['__proto__', 'An odd name'],
    ]);
  });

  it('of a private dataset are seen by its owner only', async () => {
    const hidden = await createDataset(t, alice, {
      name: 'Hidden',
      is_public: false,
      column_descriptions: { year: 'secret meaning' },
    });
    expect((await detail(hidden.id, alice)).column_descriptions).toEqual({
      year: 'secret meaning',
    });
    expect((await call('GET', `/datasets/${hidden.id}`, bob)).statusCode).toBe(404);
    expect((await get(t, `/datasets/${hidden.id}/croissant`, bob)).statusCode).toBe(404);
    expect(await t.site.datasets.page(hidden.id)).toBeNull();
  });

  it('are copied by a fork and carried by each Croissant field', async () => {
    const d = await createDataset(t, alice, {
      name: 'Origin',
      column_descriptions: {
        population: 'Residents at the census',
        gone: 'A column of no version',
      },
    });
    const fork = await call('POST', `/datasets/${d.id}/fork`, bob, {});
    expect(fork.statusCode).toBe(201);
    expect(fork.json<Dataset>().column_descriptions).toEqual(d.column_descriptions);

    const res = await get(t, `/datasets/${d.id}/croissant`);
    expect(res.statusCode).toBe(200);
    const [recordSet] = res.json<{ recordSet: { field: Record<string, unknown>[] }[] }>().recordSet;
    const fields = recordSet!.field.map((f) => [f['name'], f['description']]);
    expect(fields).toEqual([
      ['城市', undefined],
      ['population', 'Residents at the census'],
      ['year', undefined],
    ]);
  });
});
