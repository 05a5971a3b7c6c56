import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChangeSummary, ChangesResponse } from '../../../src/contracts/changes.ts';
import { datasets, datasetVersions } from '../../../src/server/db/schema.ts';
import {
  caller,
  createDataset,
  queryRows,
  setPublic,
  suiteApp,
  suiteUser,
} from '../../support/api.ts';

/**
 * What changed in each version (docs/living-datasets.md, "What changed"): the counts are checked
 * against a diff of the same rows done here in plain TypeScript.
 */
const t = suiteApp();
const alice = suiteUser(t, 'changes_alice');
const bob = suiteUser(t, 'changes_bob');
const call = caller(t);

type Row = [string, number, string | null];
const ATTRIBUTES = ['id', 'amount', 'note'];

/** A table of `n` rows from a small seeded generator (the same seed gives the same rows). */
function rows(n: number, seed: number): Row[] {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648);
  return Array.from({ length: n }, (_, i): Row => {
    const note = next() % 5 === 0 ? null : `n${next() % 7}`;
    return [`k${i}`, next() % 50, note];
  });
}

/** v2 from v1: some rows dropped, some amounts changed, some rows new, one row repeated. */
function edited(before: Row[]): Row[] {
  const after = before
    .filter((_, i) => i % 9 !== 4)
    .map((r, i): Row =>
      i % 6 === 1 ? [r[0], r[1] + 1, r[2]] : i % 10 === 3 ? [r[0], r[1], 'x'] : r,
    );
  return [...after, ['new1', 1, null], ['new2', 2, 'y'], after[0]!];
}

async function publish(
  id: number,
  entries: unknown[][],
  attributes = ATTRIBUTES,
  types: Record<string, string> = {},
) {
  const res = await call('POST', `/datasets/${id}/versions`, alice, {
    attributes,
    entries,
    attribute_types: types,
  });
  expect(res.statusCode).toBe(201);
}

async function changes(id: number, since: number | string, who = alice) {
  const res = await call('GET', `/datasets/${id}/changes?since=${since}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<ChangesResponse>().changes;
}

/** Whole rows as multisets: copies of each row in `b` beyond those in `a`. */
function surplus(a: unknown[][], b: unknown[][]): number {
  const count = new Map<string, number>();
  for (const r of a) count.set(JSON.stringify(r), (count.get(JSON.stringify(r)) ?? 0) + 1);
  let extra = 0;
  for (const r of b) {
    const k = JSON.stringify(r);
    const left = count.get(k) ?? 0;
    if (left > 0) count.set(k, left - 1);
    else extra++;
  }
  return extra;
}

describe('GET /datasets/{id}/changes', () => {
  it('without a key: whole-row counts equal a multiset diff, and the summary is stored at publish', async () => {
    const v1 = rows(120, 7);
    const v2 = edited(v1);
    const d = await createDataset(t, alice, { attributes: ATTRIBUTES, entries: v1 });
    await publish(d.id, v2);
    const [stored] = await t.ctx.db
      .select({ summary: datasetVersions.changeSummary })
      .from(datasetVersions)
      .where(sql`${datasetVersions.datasetId} = ${d.id} and ${datasetVersions.version} = 2`);
    expect(stored?.summary).not.toBeNull();

    const [first, second] = await changes(d.id, 0);
    expect(first).toMatchObject({ version: 1, rows_added: 120, rows_removed: 0 });
    expect(first!.columns_added).toEqual(ATTRIBUTES);
    expect(second).toMatchObject({
      version: 2,
      key: null,
      rows_added: surplus(v1, v2),
      rows_removed: surplus(v2, v1),
      rows_changed: null,
      columns_added: [],
      columns_removed: [],
      columns_retyped: [],
    });
    expect(second!.rows_added).toBeGreaterThan(10);
    expect(second!.columns['amount']!.changed_cells).toBeNull();
    expect(second!.examples.length).toBe(10);
    expect(second!.examples[0]).toMatchObject({ kind: 'added', key: null, before: null });
  });

  it('with a key: added, removed, changed rows and changed cells per column equal a keyed diff', async () => {
    const v1 = rows(150, 11);
    const v2 = edited(v1).slice(0, -1); // the key stays unique
    const d = await createDataset(t, alice, { attributes: ATTRIBUTES, entries: v1 });
    await t.ctx.db
      .update(datasets)
      .set({ keyColumns: ['id'] })
      .where(eq(datasets.id, d.id));
    await publish(d.id, v2);

    const before = new Map(v1.map((r) => [r[0], r]));
    const after = new Map(v2.map((r) => [r[0], r]));
    const paired = v2.filter((r) => before.has(r[0]));
    const cells = (i: number) => paired.filter((r) => before.get(r[0])![i] !== r[i]).length;
    const [summary] = await changes(d.id, 1);
    expect(summary).toMatchObject({
      version: 2,
      key: ['id'],
      rows_added: v2.filter((r) => !before.has(r[0])).length,
      rows_removed: v1.filter((r) => !after.has(r[0])).length,
      rows_changed: paired.filter((r) => JSON.stringify(r) !== JSON.stringify(before.get(r[0])))
        .length,
    });
    expect(summary!.columns['amount']!.changed_cells).toBe(cells(1));
    expect(summary!.columns['note']!.changed_cells).toBe(cells(2));
    expect(cells(1)).toBeGreaterThan(5);
    const example = summary!.examples[0]!;
    const was = before.get(example.key!['id'] as string)!;
    expect(example.kind).toBe('changed');
    expect(example.before).toEqual({ amount: was[1] });
    expect(example.after).toEqual({ amount: was[1] + 1 });
  });

  it('names added, removed and retyped columns, and pairs by a key of two columns', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['城市', 'year', 'population', 'note'],
      entries: [
        ['北京', 2020, 100, 'a'],
        ['北京', 2021, 101, 'b'],
        ['上海', 2020, 200, 'c'],
      ],
    });
    await t.ctx.db
      .update(datasets)
      .set({ keyColumns: ['城市', 'year'] })
      .where(eq(datasets.id, d.id));
    await publish(
      d.id,
      [
        ['北京', 2020, '100', 1],
        ['北京', 2021, '102', 2],
        ['深圳', 2021, '50', 3],
      ],
      ['城市', 'year', 'population', 'area'],
      { population: 'string' },
    );
    const [summary] = await changes(d.id, 1);
    expect(summary).toMatchObject({
      key: ['城市', 'year'],
      rows_added: 1,
      rows_removed: 1,
      rows_changed: 1,
      columns_added: ['area'],
      columns_removed: ['note'],
      columns_retyped: [{ name: 'population', from: 'integer', to: 'string' }],
    });
    // In the new version's column order, then the removed ones (jsonb keeps its own order).
    expect(Object.keys(summary!.columns)).toEqual(['城市', 'year', 'population', 'area', 'note']);
    // 100 and "100" are the same value across the type change; 101 → "102" is not.
    expect(summary!.columns['population']).toMatchObject({
      type: { before: 'integer', after: 'string' },
      changed_cells: 1,
      mean: { before: 133 + 2 / 3, after: null },
    });
    expect(summary!.columns['note']).toMatchObject({ type: { before: 'string', after: null } });
    expect(Object.keys(summary!.examples[0]!.key!)).toEqual(['城市', 'year']);
    expect(summary!.examples).toEqual([
      {
        kind: 'changed',
        key: { 城市: '北京', year: 2021 },
        before: { population: 101 },
        after: { population: '102' },
      },
    ]);
  });

  it('reports null share, distinct, min and max before and after', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['v'],
      entries: [[1], [null], [3], [null]],
    });
    await publish(d.id, [[5], [3], [3], [null], [9]], ['v']);
    const [summary] = await changes(d.id, 1);
    expect(summary!.columns['v']).toEqual({
      type: { before: 'integer', after: 'integer' },
      changed_cells: null,
      null_share: { before: 0.5, after: 0.2 },
      distinct: { before: 2, after: 3 },
      min: { before: 1, after: 3 },
      max: { before: 3, after: 9 },
      mean: { before: 2, after: 5 },
    });
  });

  it('keeps a column named __proto__ as its own key', async () => {
    const d = await createDataset(t, alice, {
      attributes: ['id', '__proto__'],
      entries: [
        [1, 'a'],
        [2, 'b'],
      ],
    });
    await t.ctx.db
      .update(datasets)
      .set({ keyColumns: ['id'] })
      .where(eq(datasets.id, d.id));
    await publish(
      d.id,
      [
        [1, 'z'],
        [2, 'b'],
      ],
      ['id', '__proto__'],
    );
    const res = await call('GET', `/datasets/${d.id}/changes?since=1`, alice);
    expect(res.body).toContain('"before":{"__proto__":"a"},"after":{"__proto__":"z"}');
    expect(res.body).toContain('"columns":{"id":');
    expect(res.json<ChangesResponse>().changes[0]!.rows_changed).toBe(1);
  });

  it('computes a missing summary when asked, and a fork keeps its source summaries', async () => {
    const d = await createDataset(t, alice, { attributes: ['a'], entries: [[1], [2]] });
    await publish(d.id, [[1], [2], [3]], ['a']);
    await t.ctx.db
      .update(datasetVersions)
      .set({ changeSummary: null })
      .where(eq(datasetVersions.datasetId, d.id));
    const [summary] = await changes(d.id, 1);
    expect(summary).toMatchObject({ version: 2, rows_added: 1, rows_removed: 0 });
    const stored = await queryRows<{ s: ChangeSummary | null }>(
      t,
      sql`select change_summary as s from dataset_versions where dataset_id = ${d.id} and version = 2`,
    );
    expect(stored[0]?.s).toMatchObject({ rows_added: 1 });

    const fork = await call('POST', `/datasets/${d.id}/fork`, bob, {});
    expect(fork.statusCode).toBe(201);
    const forked = await queryRows<{ s: ChangeSummary | null }>(
      t,
      sql`select change_summary as s from dataset_versions
          where dataset_id = ${fork.json<{ id: number }>().id} and version = 2`,
    );
    expect(forked[0]?.s).toMatchObject({ rows_added: 1 });
  });

  it('refuses a since that is not a non-negative integer, and pages after since', async () => {
    const d = await createDataset(t, alice, { attributes: ['a'], entries: [[1]] });
    await publish(d.id, [[2]], ['a']);
    for (const bad of ['-1', '1.5', 'abc', '', '1e2']) {
      const res = await call('GET', `/datasets/${d.id}/changes?since=${bad}`, alice);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'since' }],
      });
    }
    expect((await changes(d.id, 1)).map((c) => c.version)).toEqual([2]);
    expect(await changes(d.id, 2)).toEqual([]);
    const all = await call('GET', `/datasets/${d.id}/changes`, alice);
    expect(all.json<ChangesResponse>().changes.map((c) => c.version)).toEqual([1, 2]);
  });

  it('answers 404 for a private dataset to anyone but its owner', async () => {
    const d = await createDataset(t, alice, { attributes: ['a'], entries: [[1]] });
    await publish(d.id, [[2]], ['a']);
    await setPublic(t, alice, d.id, false);
    expect((await call('GET', `/datasets/${d.id}/changes`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/datasets/${d.id}/changes`)).statusCode).toBe(404);
    expect(await changes(d.id, 0)).toHaveLength(2);
  });
});
