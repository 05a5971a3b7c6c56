import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareRows, TableRows, VersionStats } from '../../../src/contracts/tables.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { addUser, createDataset, get, type TestUser } from '../../support/api.ts';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t, 'alice');
});
afterAll(() => t.close());

const post = (url: string, payload: string | object, type = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...alice.headers, 'content-type': type },
    payload,
  });

/** Column names DuckDB or JavaScript give a meaning of their own. */
describe('column names with a meaning elsewhere', () => {
  it('a column named file_row_number (any case) publishes, pages, sorts, filters and compares', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['File_Row_Number', 'name'],
      entries: [
        [30, 'gamma'],
        [10, 'alpha'],
        [20, 'beta'],
      ],
    });
    const rows = `/datasets/${d.id}/versions/1/rows`;
    const page = (await get(t, `${rows}?offset=1&limit=2`)).json<TableRows>();
    expect(page.rows).toEqual([
      [10, 'alpha'],
      [20, 'beta'],
    ]);
    const sorted = (await get(t, `${rows}?sort=File_Row_Number&order=desc`)).json<TableRows>();
    expect(sorted.rows.map((r) => r[1])).toEqual(['gamma', 'beta', 'alpha']);
    const filtered = (await get(t, `${rows}?q=ETA`)).json<TableRows>();
    expect(filtered).toMatchObject({ rows: [[20, 'beta']], total: 1 });
    const stats = (await get(t, `/datasets/${d.id}/versions/1/stats`)).json<VersionStats>();
    expect(stats.columns[0]).toMatchObject({ name: 'File_Row_Number', min: 10, max: 30 });

    const next = await post(`/datasets/${d.id}/versions`, {
      attributes: ['File_Row_Number', 'name'],
      entries: [
        [10, 'alpha'],
        [20, 'BETA'],
      ],
    });
    expect(next.statusCode).toBe(201);
    const compare = `/datasets/${d.id}/compare/rows?from=1&to=2&key=File_Row_Number`;
    const changed = (await get(t, `${compare}&kind=changed`)).json<CompareRows>();
    expect(changed.rows).toEqual([{ from: [20, 'beta'], to: [20, 'BETA'] }]);
    const removed = (await get(t, `${compare}&kind=removed`)).json<CompareRows>();
    expect(removed.rows).toEqual([{ from: [30, 'gamma'], to: null }]);
  });

  it('a CSV whose header names file_row_number publishes', async () => {
    const res = await post('/datasets?name=positions', 'file_row_number,x\n1,a\n2,b\n', 'text/csv');
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    const rows = (await get(t, `/datasets/${id}/versions/1/rows`)).json<TableRows>();
    expect(rows.rows).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('a column named __proto__ keeps its declared type and its values through JSON', async () => {
    // Undeclared, "7" and "8" would be read as integers: the declared type must arrive.
    const res = await post(
      '/datasets',
      `{"name":"proto","attributes":["__proto__","n"],"attribute_types":{"__proto__":"string"},
        "entries":[{"__proto__":"7","n":1},["8",2]]}`,
    );
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    const detail = await get(t, `/datasets/${id}/version`);
    expect(detail.statusCode).toBe(200);
    const body = JSON.parse(detail.body) as Record<string, unknown>;
    expect(body['attributes']).toEqual(['__proto__', 'n']);
    expect(Object.entries(body['attribute_types'] as object).sort()).toEqual([
      ['__proto__', 'string'],
      ['n', 'integer'],
    ]);
    expect(body['entries']).toEqual([
      ['7', 1],
      ['8', 2],
    ]);
  });

  it('a CSV column named __proto__ is listed with its type', async () => {
    const res = await post('/datasets?name=proto', '__proto__,n\nx,1\n', 'text/csv');
    expect(res.statusCode).toBe(201);
    const id = res.json<{ id: number }>().id;
    const detail = JSON.parse((await get(t, `/datasets/${id}/version`)).body) as {
      attribute_types: object;
    };
    expect(Object.entries(detail.attribute_types).sort()).toEqual([
      ['__proto__', 'string'],
      ['n', 'integer'],
    ]);
  });
});
