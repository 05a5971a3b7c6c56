import { describe, expect, it } from 'vitest';
import type { TableRows } from '../../../src/contracts/tables.ts';
import type { Dataset } from '../../../src/contracts/datasets.ts';
import { get, suiteApp, suiteUser } from '../../support/api.ts';
import { duckOracle, filterQuery, sharedFilterDataset } from '../../support/filtered-table.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const oracle = duckOracle(t);
const shared = sharedFilterDataset(t, alice, oracle);

const rowsOf = async (d: Dataset, query: string) => {
  const res = await get(t, `/datasets/${d.id}/versions/1/rows?limit=1000&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableRows>();
};

/** Each op on each type, beside the condition an independent DuckDB keeps the same rows by. */
const CASES: [filter: Record<string, unknown>, condition: string][] = [
  [{ column: 'id', op: 'eq', value: 5 }, 'id = 5'],
  [{ column: 'id', op: 'ne', value: 5 }, 'id <> 5'],
  [{ column: 'id', op: 'lt', value: 10 }, 'id < 10'],
  [{ column: 'id', op: 'le', value: '10' }, 'id <= 10'],
  [{ column: 'id', op: 'gt', value: 50 }, 'id > 50'],
  [{ column: 'id', op: 'ge', value: 50 }, 'id >= 50'],
  [{ column: 'id', op: 'between', value: [10, 20] }, 'id BETWEEN 10 AND 20'],
  [{ column: 'id', op: 'in', value: [1, 2, 3, 99] }, 'id IN (1, 2, 3)'],
  [{ column: 'big', op: 'eq', value: '9007199254740993' }, 'big = 9007199254740993'],
  [{ column: 'big', op: 'gt', value: '9007199254740992' }, 'big > 9007199254740992'],
  [
    { column: 'big', op: 'between', value: [8, '9007199254740999'] },
    'big BETWEEN 8 AND 9007199254740999',
  ],
  [{ column: 'big', op: 'in', value: ['9007199254740991', 12] }, 'big IN (9007199254740991, 12)'],
  [{ column: 'score', op: 'eq', value: 2.5 }, 'score = 2.5'],
  [{ column: 'score', op: 'ne', value: 2.5 }, 'score IS DISTINCT FROM 2.5'],
  [{ column: 'score', op: 'lt', value: 2.5 }, 'score < 2.5'],
  [{ column: 'score', op: 'ge', value: '4' }, 'score >= 4'],
  [{ column: 'score', op: 'between', value: [1, 3] }, 'score BETWEEN 1 AND 3'],
  [{ column: 'score', op: 'in', value: [0, 6] }, 'score IN (0, 6)'],
  [{ column: 'score', op: 'is_null' }, 'score IS NULL'],
  [{ column: 'score', op: 'not_null' }, 'score IS NOT NULL'],
  [{ column: 'name', op: 'eq', value: 'Alpha' }, `name = 'Alpha'`],
  [{ column: 'name', op: 'ne', value: 'Alpha' }, `name IS DISTINCT FROM 'Alpha'`],
  [{ column: 'name', op: 'in', value: ['beta', '北京大学'] }, `name IN ('beta', '北京大学')`],
  [{ column: 'name', op: 'contains', value: 'alph' }, `name IN ('Alpha', 'ALPHABET')`],
  [{ column: 'name', op: 'contains', value: '交通' }, `name = '上海交通'`],
  [{ column: 'name', op: 'starts_with', value: 'ALPHA' }, `name IN ('Alpha', 'ALPHABET')`],
  [{ column: 'name', op: 'starts_with', value: '北京' }, `name = '北京大学'`],
  [{ column: 'name', op: 'is_null', value: null }, 'name IS NULL'],
  [{ column: 'ok', op: 'eq', value: true }, 'ok'],
  [{ column: 'ok', op: 'ne', value: 'false' }, 'ok IS DISTINCT FROM false'],
  [{ column: 'ok', op: 'in', value: [false] }, 'NOT ok'],
  [{ column: 'ok', op: 'is_null' }, 'ok IS NULL'],
  [{ column: 'day', op: 'eq', value: '2024-03-03' }, `day = DATE '2024-03-03'`],
  [{ column: 'day', op: 'lt', value: '2024-03-01' }, `day < DATE '2024-03-01'`],
  [
    { column: 'day', op: 'between', value: ['2024-02-01', '2024-06-30'] },
    `day BETWEEN DATE '2024-02-01' AND DATE '2024-06-30'`,
  ],
  [
    { column: 'day', op: 'in', value: ['2024/1/1', '2024-02-02'] },
    `day IN ('2024-01-01', '2024-02-02')`,
  ],
  [
    { column: 'at', op: 'gt', value: '2024-03-01T12:30:00Z' },
    `"at" > TIMESTAMPTZ '2024-03-01 12:30:00+00'`,
  ],
  [
    { column: 'at', op: 'eq', value: '2024-03-01T21:30:00+08:00' },
    `"at" = TIMESTAMPTZ '2024-03-01 13:30:00+00'`,
  ],
  [
    { column: 'at', op: 'between', value: ['2024-03-01T03:30:00.25Z', '2024-03-01T06:30Z'] },
    `"at" BETWEEN TIMESTAMPTZ '2024-03-01 03:30:00.25+00' AND TIMESTAMPTZ '2024-03-01 06:30:00+00'`,
  ],
  [
    { column: 'local', op: 'ge', value: '2023-12-31T20:00:00' },
    `local >= TIMESTAMP '2023-12-31 20:00:00'`,
  ],
  [{ column: 'local', op: 'is_null' }, 'local IS NULL'],
  [
    { column: 'mixed', op: 'lt', value: '2024-05-05T03:00:00' },
    `rtrim(mixed, 'Z') < '2024-05-05T03:00:00'`,
  ],
  [
    { column: 'mixed', op: 'eq', value: '2024-05-05T04:00:00Z' },
    `rtrim(mixed, 'Z') = '2024-05-05T04:00:00'`,
  ],
];

describe('filters', () => {
  it.each(CASES)('%j keeps the rows DuckDB keeps by its own query', async (filter, condition) => {
    const { dataset, file } = shared;
    const page = await rowsOf(dataset, filterQuery([filter]));
    const expected = await oracle.ids(file, condition);
    // Every case keeps some rows and leaves some out, so a filter ignored would fail.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(60);
    expect(page.rows.map((r) => r[0])).toEqual(expected);
    expect(page.row_numbers).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('combines filters with each other, with q and with sorting, and pages the result', async () => {
    const { dataset, file } = shared;
    const filters = [
      { column: 'score', op: 'ge', value: 1 },
      { column: 'ok', op: 'not_null' },
      { column: 'day', op: 'ge', value: '2024-03-01' },
    ];
    const condition = `score >= 1 AND ok IS NOT NULL AND day >= DATE '2024-03-01'`;
    const all = await oracle.ids(file, condition);
    expect(all.length).toBeGreaterThan(5);
    const page = await rowsOf(dataset, `${filterQuery(filters)}&offset=2`);
    expect(page.total).toBe(all.length);
    expect(page.rows.map((r) => r[0])).toEqual(all.slice(2));

    const sorted = await rowsOf(dataset, filterQuery(filters, { sort: 'score', order: 'desc' }));
    expect(sorted.rows.map((r) => r[0])).toEqual(
      await oracle.ids(file, condition, 'score DESC, file_row_number'),
    );
    const searched = await rowsOf(dataset, filterQuery(filters, { q: 'ALPHA' }));
    const withQ = await oracle.ids(file, `${condition} AND lower(name) LIKE '%alpha%'`);
    expect(searched.rows.map((r) => r[0])).toEqual(withQ);
    expect(searched.total).toBe(withQ.length);
    const none = await rowsOf(
      dataset,
      filterQuery([...filters, { column: 'id', op: 'lt', value: 0 }]),
    );
    expect(none).toMatchObject({ rows: [], row_numbers: [], total: 0 });
  });

  it('reads an integer past 2^53 written as a JSON number exactly', async () => {
    const { dataset, file } = shared;
    const text = '[{"column":"big","op":"eq","value":9007199254740993}]';
    const page = await rowsOf(dataset, `filters=${encodeURIComponent(text)}`);
    const expected = await oracle.ids(file, 'big = 9007199254740993');
    expect(expected).toHaveLength(1);
    expect(page.rows.map((r) => r[0])).toEqual(expected);
  });

  it('answers an empty list of filters as no filter', async () => {
    const page = await rowsOf(shared.dataset, filterQuery([]));
    expect(page.total).toBe(60);
  });
});

const BAD: [name: string, filters: string, details: Record<string, unknown>][] = [
  ['malformed JSON', '[{"column":', { index: null, problem: 'malformed' }],
  ['not a list', '{"column":"id"}', { index: null, problem: 'malformed' }],
  [
    'an unknown op',
    '[{"column":"id","op":"like","value":1}]',
    { index: 0, op: 'like', problem: 'unknown_op' },
  ],
  [
    'an unknown column',
    '[{"column":"id","op":"eq","value":1},{"column":"nope","op":"eq","value":1}]',
    { index: 1, position: 2, column: 'nope', problem: 'unknown_column' },
  ],
  [
    'text for an integer',
    '[{"column":"id","op":"eq","value":"abc"}]',
    { index: 0, column: 'id', problem: 'wrong_type' },
  ],
  [
    'a fraction for an integer',
    '[{"column":"id","op":"gt","value":1.5}]',
    { column: 'id', problem: 'wrong_type' },
  ],
  [
    'a bad date',
    '[{"column":"day","op":"lt","value":"2024-13-01"}]',
    { column: 'day', problem: 'wrong_type' },
  ],
  [
    'a bad boolean',
    '[{"column":"ok","op":"eq","value":"maybe"}]',
    { column: 'ok', problem: 'wrong_type' },
  ],
  [
    'a bad datetime',
    '[{"column":"at","op":"ge","value":"noon"}]',
    { column: 'at', problem: 'wrong_type' },
  ],
  [
    'a range on text',
    '[{"column":"name","op":"gt","value":"a"}]',
    { column: 'name', problem: 'not_for_type' },
  ],
  [
    'contains on numbers',
    '[{"column":"score","op":"contains","value":"1"}]',
    { problem: 'not_for_type' },
  ],
  [
    'between with one value',
    '[{"column":"id","op":"between","value":[1]}]',
    { problem: 'bad_value' },
  ],
  ['in without a list', '[{"column":"id","op":"in","value":1}]', { problem: 'bad_value' }],
  ['a value for is_null', '[{"column":"id","op":"is_null","value":1}]', { problem: 'bad_value' }],
  ['no value for eq', '[{"column":"id","op":"eq"}]', { problem: 'bad_value' }],
  ['an empty text value', '[{"column":"name","op":"eq","value":""}]', { problem: 'bad_value' }],
  [
    'too many filters',
    JSON.stringify(Array(21).fill({ column: 'id', op: 'not_null' })),
    { problem: 'too_many' },
  ],
  [
    'too many values for in',
    JSON.stringify([{ column: 'id', op: 'in', value: Array.from({ length: 101 }, (_, i) => i) }]),
    { problem: 'bad_value' },
  ],
];

describe('bad filters', () => {
  it.each(BAD)('%s is 400 BAD_FILTER naming the filter', async (_name, filters, details) => {
    const id = shared.dataset.id;
    for (const path of ['rows', 'facets?column=id&', 'download?']) {
      const url = `/datasets/${id}/versions/1/${path}${path === 'rows' ? '?' : ''}filters=${encodeURIComponent(filters)}`;
      const res = await get(t, url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      const body = res.json<{ code: string; message: string; details: Record<string, unknown> }>();
      expect(body.code).toBe('BAD_FILTER');
      expect(body.details).toMatchObject(details);
      expect(body.message).toMatch(/^Bad filter/);
    }
  });

  it('keeps UNKNOWN_COLUMN for an unknown sort column', async () => {
    const res = await get(t, `/datasets/${shared.dataset.id}/versions/1/rows?sort=nope`);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_COLUMN' });
  });
});
