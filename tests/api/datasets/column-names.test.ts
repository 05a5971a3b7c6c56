import { describe, expect, it } from 'vitest';
import type { CompareRows, TableRows, VersionStats } from '../../../src/contracts/tables.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

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

/** A column name must show something, as a dataset name must (docs/tables.md, "Column names"). */
describe('column names with nothing visible', () => {
  const invisible = ['\u200b', '\u2060\u200d', '\u00ad', '\ufe0f'];
  const noName = (res: { statusCode: number; body: string }, column = 2) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'INVALID_TABLE',
      details: { errors: [{ code: 'ATTRIBUTE_EMPTY', message: `Column ${column} has no name` }] },
    });
  };

  it.each(invisible)('%j is no name in a JSON body, as an empty name is', async (name) => {
    const table = { attributes: ['a', name], entries: [[1, 2]] };
    noName(await post('/datasets', { name: 'hidden', ...table }));
    const check = await post('/datasets/validate', table);
    expect(check.json()).toEqual({
      is_valid: false,
      errors: [
        { row: null, column: null, code: 'ATTRIBUTE_EMPTY', message: 'Column 2 has no name' },
      ],
    });
    expect((await post('/datasets/validate', { ...table, attributes: ['a', ''] })).json()).toEqual(
      check.json(),
    );
  });

  it.each(invisible)('%j is no name in a CSV, TSV or JSON Lines header', async (name) => {
    noName(await post('/datasets?name=hidden', `a,${name}\n1,2\n`, 'text/csv'));
    noName(await post('/datasets?name=hidden', `a\t${name}\n1\t2\n`, 'text/tab-separated-values'));
    const header = JSON.stringify(['a', name]);
    noName(await post('/datasets?name=hidden', `${header}\n[1,2]\n`, 'application/x-ndjson'));
    const d = await createDataset(t, alice);
    noName(await post(`/datasets/${d.id}/versions`, `${name},b\n1,2\n`, 'text/csv'), 1);
  });

  it('keeps joiners inside a name that shows something', async () => {
    const names = ['a\u200bb', '👨\u200d👩\u200d👧', 'می\u200cخواهم'];
    const d = await createDataset(t, alice, { attributes: names, entries: [[1, 2, 3]] });
    const detail = JSON.parse((await get(t, `/datasets/${d.id}/version`)).body) as {
      attributes: string[];
    };
    expect(detail.attributes).toEqual(names);
  });
});
