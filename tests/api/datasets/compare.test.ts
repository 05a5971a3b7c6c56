import { describe, expect, it } from 'vitest';
import type { CompareRows, VersionCompare } from '../../../src/contracts/tables.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

/** Version 1: three cities; version 2: 上海 changed, 广州 gone, 深圳 new, a column added. */
async function twoVersions() {
  const d = await createDataset(t, alice, {
    attributes: ['城市', 'population'],
    entries: [
      ['北京', 21893095],
      ['上海', 24870895],
      ['广州', 18676605],
    ],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets/${d.id}/versions`,
    headers: alice.headers,
    payload: {
      attributes: ['城市', 'population', 'area'],
      entries: [
        ['北京', 21893095, 16410],
        ['上海', 24870896, 6340],
        ['深圳', 17560061, 1997],
      ],
    },
  });
  expect(res.statusCode).toBe(201);
  return d.id;
}

describe('compare', () => {
  it('without a key: column changes and whole-row differences over the shared columns', async () => {
    const id = await twoVersions();
    const res = await get(t, `/datasets/${id}/compare?from=1&to=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json<VersionCompare>()).toEqual({
      from: 1,
      to: 2,
      key: null,
      key_columns: null,
      columns: { added: [{ name: 'area', type: 'integer' }], removed: [], changed: [] },
      rows: { added: 2, removed: 2, changed: null },
      changed_columns: null,
      key_repeats: null,
    });
    const added = (
      await get(t, `/datasets/${id}/compare/rows?from=1&to=2&kind=added`)
    ).json<CompareRows>();
    expect(added.columns.map((c) => c.name)).toEqual(['城市', 'population', 'area']);
    expect(added.rows).toEqual([
      { from: null, to: ['上海', 24870896, 6340] },
      { from: null, to: ['深圳', 17560061, 1997] },
    ]);
    const removed = (
      await get(t, `/datasets/${id}/compare/rows?from=1&to=2&kind=removed`)
    ).json<CompareRows>();
    expect(removed.rows.map((r) => r.from)).toEqual([
      ['上海', 24870895],
      ['广州', 18676605],
    ]);
  });

  it('with a key: added, removed and changed rows, both sides of a change', async () => {
    const id = await twoVersions();
    const summary = (
      await get(t, `/datasets/${id}/compare?from=1&to=2&key=${encodeURIComponent('城市')}`)
    ).json<VersionCompare>();
    expect(summary.rows).toEqual({ added: 1, removed: 1, changed: 1 });
    // 上海's population is the one value a pair differs in; the key and `area` (new) are not.
    expect(summary.changed_columns).toEqual([{ name: 'population', rows: 1 }]);
    expect(summary.key_repeats).toEqual({ from: 0, to: 0 });
    const changed = (
      await get(
        t,
        `/datasets/${id}/compare/rows?from=1&to=2&key=${encodeURIComponent('城市')}&kind=changed`,
      )
    ).json<CompareRows>();
    expect(changed).toMatchObject({ kind: 'changed', total: 1, offset: 0, limit: 100 });
    expect(changed.columns.map((c) => c.name)).toEqual(['城市', 'population']);
    expect(changed.rows).toEqual([{ from: ['上海', 24870895], to: ['上海', 24870896] }]);
  });

  it('pages the rows of a kind', async () => {
    const id = await twoVersions();
    const page = (
      await get(t, `/datasets/${id}/compare/rows?from=1&to=2&kind=added&offset=1&limit=1`)
    ).json<CompareRows>();
    expect(page).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(page.rows).toEqual([{ from: null, to: ['深圳', 17560061, 1997] }]);
  });

  it('identical versions differ in nothing; duplicates count as copies', async () => {
    const d = await createDataset(t, alice, { attributes: ['a'], entries: [['x'], ['x']] });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/versions`,
      headers: alice.headers,
      payload: { attributes: ['a'], entries: [['x'], ['x'], ['x']] },
    });
    const same = (await get(t, `/datasets/${d.id}/compare?from=1&to=1`)).json<VersionCompare>();
    expect(same.rows).toEqual({ added: 0, removed: 0, changed: null });
    const more = (await get(t, `/datasets/${d.id}/compare?from=1&to=2`)).json<VersionCompare>();
    expect(more.rows).toEqual({ added: 1, removed: 0, changed: null });
  });

  it('says how many rows share their key with another row in each version', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['id', 'v'],
      entries: [
        [1, 'a'],
        [1, 'b'],
        [2, 'c'],
        [null, 'd'],
        [null, 'e'],
      ],
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/versions`,
      headers: alice.headers,
      payload: {
        attributes: ['id', 'v'],
        entries: [
          [1, 'a'],
          [1, 'z'],
          [1, 'y'],
          [3, 'c'],
        ],
      },
    });
    const summary = (
      await get(t, `/datasets/${d.id}/compare?from=1&to=2&key=id`)
    ).json<VersionCompare>();
    // Two rows keyed 1 and two without a key in version 1; three keyed 1 in version 2.
    expect(summary.key_repeats).toEqual({ from: 4, to: 3 });
    // Every copy pairs with every copy: 1a–1z, 1a–1y, 1b–1a, 1b–1z, 1b–1y differ.
    expect(summary.rows.changed).toBe(5);
  });

  it('refuses a key missing from either version, an unknown version and a bad kind', async () => {
    const id = await twoVersions();
    const bad = await get(t, `/datasets/${id}/compare?from=1&to=2&key=area`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'UNKNOWN_COLUMN', details: { column: 'area' } });
    const missing = await get(t, `/datasets/${id}/compare?from=1&to=7`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'VERSION_NOT_FOUND' });
    expect((await get(t, `/datasets/${id}/compare/rows?from=1&to=2&kind=moved`)).statusCode).toBe(
      400,
    );
  });

  it('equal values stay equal when a column changes type: rows compare as canonical text', async () => {
    const numbers = [2, 1.5, 100, 1e-7, 123456789012, -0.000001, 1e21, 5e-324];
    const d = await createDataset(t, alice, {
      attributes: ['id', 'v', 'w'],
      attribute_types: { v: 'number', w: 'integer' },
      entries: numbers.map((v, i) => [i + 1, v, i - 3]),
    });
    const next = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/versions`,
      headers: alice.headers,
      payload: {
        attributes: ['id', 'v', 'w'],
        attribute_types: { id: 'number', v: 'string', w: 'number' },
        entries: numbers.map((v, i) => [i + 1, String(v), i - 3]),
      },
    });
    expect(next.statusCode).toBe(201);
    const byKey = (
      await get(t, `/datasets/${d.id}/compare?from=1&to=2&key=id`)
    ).json<VersionCompare>();
    expect(byKey.columns.changed).toEqual([
      { name: 'id', from: 'integer', to: 'number' },
      { name: 'v', from: 'number', to: 'string' },
      { name: 'w', from: 'integer', to: 'number' },
    ]);
    expect(byKey.rows).toEqual({ added: 0, removed: 0, changed: 0 });
    const whole = (await get(t, `/datasets/${d.id}/compare?from=1&to=2`)).json<VersionCompare>();
    expect(whole.rows).toEqual({ added: 0, removed: 0, changed: null });
  });

  it('a value written differently as text is a change', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['id', 'v'],
      entries: [
        [1, 2],
        [2, 2.5],
      ],
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/versions`,
      headers: alice.headers,
      payload: {
        attributes: ['id', 'v'],
        attribute_types: { v: 'string' },
        entries: [
          [1, '2.0'],
          [2, '2.5'],
        ],
      },
    });
    const changed = (
      await get(t, `/datasets/${d.id}/compare/rows?from=1&to=2&key=id&kind=changed`)
    ).json<CompareRows>();
    expect(changed.rows).toEqual([{ from: [1, 2], to: [1, '2.0'] }]);
  });
});
