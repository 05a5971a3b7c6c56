import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../src/contracts/datasets.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * Patch versions (docs/living-datasets.md "Patch versions"): each test computes the table it
 * expects in plain TypeScript from the one it published and the change it sent, and compares
 * it with the rows the new version serves.
 */
const t = suiteApp();
const alice = suiteUser(t, 'alice');

type Row = [number, string, number | null, string];
const COLUMNS = ['id', '城市', 'score', 'day'];
const TYPES = { id: 'integer', 城市: 'string', score: 'number', day: 'date' };
const BASE: Row[] = [
  [1, '北京', 1.5, '2024-01-01'],
  [2, '上海', null, '2024-01-02'],
  [3, '广州', 3, '2024-01-03'],
  [4, '深圳', -0.25, '2024-01-04'],
];

const keyed = (fields: Record<string, unknown> = {}) =>
  createDataset(t, alice, {
    attributes: COLUMNS,
    attribute_types: TYPES,
    entries: BASE,
    key_columns: ['id'],
    ...fields,
  });

const publish = (id: number, mode: string, payload: object | string, type?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets/${id}/versions?mode=${mode}`,
    headers: { ...alice.headers, ...(type ? { 'content-type': type } : {}) },
    payload,
  });

const latest = async (id: number) => {
  const res = await get(t, `/datasets/${id}/version?limit=100`, alice);
  return res.json<{ version: number; entries: unknown[][] }>();
};

/** What an upsert gives: rows with a patch row's key replaced in place, the others appended. */
function upserted(base: Row[], patch: Row[], key: (r: Row) => string): Row[] {
  const byKey = new Map(patch.map((r) => [key(r), r]));
  const kept = base.map((r) => byKey.get(key(r)) ?? r);
  const known = new Set(base.map(key));
  return [...kept, ...patch.filter((r) => !known.has(key(r)))];
}

describe('patch versions', () => {
  it('append adds the rows at the end, as an ordinary version', async () => {
    const d = await keyed();
    const patch: Row[] = [
      [5, '杭州', 7, '2024-01-05'],
      [6, '成都', null, '2024-01-06'],
    ];
    const res = await publish(d.id, 'append', { attributes: COLUMNS, entries: patch });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: 2, mode: 'append', entries_count: 6 });
    expect(res.json().attribute_types).toEqual(TYPES);
    const content = await latest(d.id);
    expect(content.version).toBe(2);
    expect(content.entries).toEqual([...BASE, ...patch]);
  });

  it('upsert replaces rows by key in place and appends new keys (CSV, columns in any order)', async () => {
    const d = await keyed();
    const patch: Row[] = [
      [3, '广州市', 30.5, '2025-03-03'],
      [9, '武汉', 9, '2025-09-09'],
      [1, '北京市', null, '2025-01-01'],
    ];
    const csv = ['day,id,score,城市', ...patch.map((r) => `${r[3]},${r[0]},${r[2] ?? ''},${r[1]}`)];
    const res = await publish(d.id, 'upsert', csv.join('\n') + '\n', 'text/csv');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: 2, mode: 'upsert' });
    expect((await latest(d.id)).entries).toEqual(upserted(BASE, patch, (r) => String(r[0])));
  });

  it('delete drops the rows with the given keys (JSON Lines)', async () => {
    const d = await keyed();
    const gone = [4, 2];
    const jsonl = gone.map((id) => JSON.stringify({ id })).join('\n');
    const res = await publish(d.id, 'delete', jsonl, 'application/x-ndjson');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: 2, mode: 'delete', entries_count: 2 });
    expect((await latest(d.id)).entries).toEqual(BASE.filter((r) => !gone.includes(r[0])));
  });

  it('upserts by a composite key', async () => {
    const d = await keyed({ key_columns: ['城市', 'day'] });
    const patch: Row[] = [
      [40, '深圳', 4, '2024-01-04'],
      [41, '深圳', 4, '2024-02-04'],
    ];
    const res = await publish(d.id, 'upsert', { attributes: COLUMNS, entries: patch });
    expect(res.statusCode).toBe(201);
    const key = (r: Row) => `${r[1]}|${r[3]}`;
    expect((await latest(d.id)).entries).toEqual(upserted(BASE, patch, key));
  });

  it('refuses the whole change when one row is invalid, the latest version unchanged', async () => {
    const d = await keyed();
    const res = await publish(d.id, 'append', {
      attributes: COLUMNS,
      entries: [
        [5, '杭州', 7, '2024-01-05'],
        [6, '成都', 'many', '2024-01-06'],
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TABLE');
    expect(res.json().details.errors[0]).toMatchObject({ row: 2, column: 'score' });
    const content = await latest(d.id);
    expect(content.version).toBe(1);
    expect(content.entries).toEqual(BASE);
  });

  it('refuses other columns, a missing key and a key-less upsert or delete', async () => {
    const d = await keyed();
    const wrong = await publish(d.id, 'append', { attributes: ['id', '城市'], entries: [] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PATCH_COLUMNS_MISMATCH');
    const missing = await publish(d.id, 'delete', {
      attributes: ['id'],
      entries: [[1], [77]],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'KEY_NOT_FOUND', details: { row: 2 } });
    expect(missing.json().message).toContain('77');
    const plain = await createDataset(t, alice, { attributes: COLUMNS, entries: BASE });
    const keyless = await publish(plain.id, 'upsert', { attributes: COLUMNS, entries: [] });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().code).toBe('KEY_REQUIRED');
    expect((await latest(d.id)).version).toBe(1);
  });
});

describe('keys', () => {
  it('are declared at create, shown in the detail, and changed by PUT', async () => {
    const d = await keyed();
    expect(d.key_columns).toEqual(['id']);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.headers,
      payload: { key_columns: ['城市', 'day'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<Dataset>().key_columns).toEqual(['城市', 'day']);
  });

  it('refuse a duplicate or empty key at create, naming the first duplicate', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets',
      headers: alice.headers,
      payload: {
        name: 'dup',
        attributes: COLUMNS,
        entries: [...BASE, [3, '佛山', 1, '2024-02-01'], [1, '东莞', 1, '2024-02-02']],
        key_columns: ['id'],
      },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({
      code: 'DUPLICATE_KEY',
      details: { row: 5, first_row: 3, key: '"id" = 3' },
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets',
      headers: alice.headers,
      payload: {
        name: 'empty',
        attributes: COLUMNS,
        entries: [...BASE, [5, '', 1, '2024-02-01']],
        key_columns: ['城市'],
      },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'EMPTY_KEY', details: { row: 5 } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets',
      headers: alice.headers,
      payload: { name: 'unknown', attributes: COLUMNS, entries: BASE, key_columns: ['nope'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'KEY_COLUMN_UNKNOWN',
      details: { column: 'nope' },
    });
  });

  it('refuse a whole-table version with a duplicate key', async () => {
    const d = await keyed();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/versions`,
      headers: alice.headers,
      payload: { attributes: COLUMNS, entries: [BASE[0], BASE[1], BASE[0]] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'DUPLICATE_KEY',
      details: { row: 3, first_row: 1 },
    });
    expect((await latest(d.id)).version).toBe(1);
  });

  it('refuse a patch whose result would repeat a key, the latest version unchanged', async () => {
    const d = await keyed();
    const res = await publish(d.id, 'append', {
      attributes: COLUMNS,
      entries: [[2, '南京', 2, '2024-03-01']],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'DUPLICATE_KEY',
      details: { row: 5, first_row: 2, key: '"id" = 2' },
    });
    const twice = await publish(d.id, 'upsert', {
      attributes: COLUMNS,
      entries: [
        [8, '南京', 2, '2024-03-01'],
        [8, '苏州', 2, '2024-03-02'],
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('DUPLICATE_KEY');
    const content = await latest(d.id);
    expect(content.version).toBe(1);
    expect(content.entries).toEqual(BASE);
  });

  it('refuse a key the latest version does not hold', async () => {
    const d = await createDataset(t, alice, { attributes: COLUMNS, entries: [...BASE, BASE[0]] });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.headers,
      payload: { key_columns: ['id'] },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({ code: 'DUPLICATE_KEY', details: { row: 5 } });
    expect((await get(t, `/datasets/${d.id}`, alice)).json<Dataset>().key_columns).toEqual([]);
  });

  it('are what compare pairs rows by unless another key or none is asked for', async () => {
    const d = await keyed();
    const patch: Row[] = [[2, '上海市', 2, '2024-01-02']];
    expect(
      (await publish(d.id, 'upsert', { attributes: COLUMNS, entries: patch })).statusCode,
    ).toBe(201);
    const compare = async (query: string) =>
      (await get(t, `/datasets/${d.id}/compare?from=1&to=2${query}`, alice)).json<{
        key: string | null;
        rows: { added: number; removed: number; changed: number | null };
      }>();
    expect(await compare('')).toMatchObject({
      key: 'id',
      rows: { added: 0, removed: 0, changed: 1 },
    });
    expect(await compare('&key=')).toMatchObject({
      key: null,
      rows: { added: 1, removed: 1, changed: null },
    });
    expect((await compare('&key=day')).key).toBe('day');
  });
});
