import { describe, expect, it } from 'vitest';
import type { VersionFacets } from '../../../src/contracts/tables.ts';
import { get, suiteApp, suiteUser } from '../../support/api.ts';
import { duckOracle, filterQuery, sharedFilterDataset } from '../../support/filtered-table.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const oracle = duckOracle(t);
const shared = sharedFilterDataset(t, alice, oracle);

const facets = async (query: string) => {
  const res = await get(t, `/datasets/${shared.dataset.id}/versions/1/facets?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VersionFacets>();
};

/** A facet's values (failing when it answered bins). */
function valuesOf(facet: VersionFacets) {
  if (!('values' in facet)) throw new Error('expected values');
  return facet.values;
}

describe('facets', () => {
  it('counts the most frequent values under the filters, a missing value as null', async () => {
    const filters = [{ column: 'score', op: 'ge', value: 2 }];
    const names = await facets(filterQuery(filters, { column: 'name' }));
    const expected = await oracle.rows(
      shared.file,
      `SELECT name, count(*)::INT AS n FROM {file} WHERE score >= 2
       GROUP BY name ORDER BY n DESC, name NULLS LAST`,
    );
    expect(names).toEqual({
      column: 'name',
      values: expected.map(([value, count]) => ({ value, count })),
    });
    expect(valuesOf(names).some((v) => v.value === null)).toBe(true);

    const days = await facets(
      filterQuery([{ column: 'ok', op: 'eq', value: true }], { column: 'day' }),
    );
    const dayCounts = await oracle.rows(
      shared.file,
      `SELECT strftime(day, '%Y-%m-%d'), count(*)::INT AS n FROM {file} WHERE ok
       GROUP BY day ORDER BY n DESC, day NULLS LAST LIMIT 20`,
    );
    expect(days).toEqual({
      column: 'day',
      values: dayCounts.map(([value, count]) => ({ value, count })),
    });
  });

  it('without filters counts every row, with q and filters both applying', async () => {
    const all = await facets('column=ok');
    expect(all).toEqual({
      column: 'ok',
      values: [
        { value: false, count: 24 },
        { value: true, count: 24 },
        { value: null, count: 12 },
      ],
    });
    const searched = await facets(
      filterQuery([{ column: 'ok', op: 'not_null' }], { column: 'ok', q: 'alpha' }),
    );
    const [[count]] = (await oracle.rows(
      shared.file,
      `SELECT count(*)::INT FROM {file} WHERE ok IS NOT NULL AND lower(name) LIKE '%alpha%'`,
    )) as [[number]];
    expect(valuesOf(searched).reduce((sum, v) => sum + v.count, 0)).toBe(count);
  });

  it('gives an equal-width histogram of numbers, integers and dates under the filters', async () => {
    const ids = await facets(
      filterQuery([{ column: 'id', op: 'between', value: [1, 30] }], { column: 'id', bins: '3' }),
    );
    expect(ids).toEqual({
      column: 'id',
      bins: [
        { from: 1, to: 11, count: 10 },
        { from: 11, to: 21, count: 10 },
        { from: 21, to: 30, count: 10 },
      ],
    });
    const scores = await facets(
      filterQuery([{ column: 'ok', op: 'eq', value: true }], { column: 'score', bins: '4' }),
    );
    const [[lo, hi, n]] = (await oracle.rows(
      shared.file,
      `SELECT min(score), max(score), count(score)::INT FROM {file} WHERE ok`,
    )) as [[number, number, number]];
    if (!('bins' in scores)) throw new Error('expected bins');
    expect(scores.bins).toHaveLength(4);
    expect(scores.bins[0]!.from).toBe(lo);
    expect(scores.bins.at(-1)!.to).toBe(hi);
    expect(scores.bins.reduce((sum, b) => sum + b.count, 0)).toBe(n);
    const days = await facets('column=day&bins=50');
    if (!('bins' in days)) throw new Error('expected bins');
    const [[first]] = (await oracle.rows(
      shared.file,
      `SELECT strftime(min(day), '%Y-%m-%d') FROM {file}`,
    )) as [[string]];
    expect(days.bins[0]!.from).toBe(first);
    expect(days.bins.reduce((sum, b) => sum + b.count, 0)).toBe(60 - 6);
  });

  it('answers nothing kept as no values and no bins', async () => {
    const none = [{ column: 'id', op: 'lt', value: 0 }];
    expect(await facets(filterQuery(none, { column: 'name' }))).toEqual({
      column: 'name',
      values: [],
    });
    expect(await facets(filterQuery(none, { column: 'score', bins: '5' }))).toEqual({
      column: 'score',
      bins: [],
    });
  });

  it('refuses an unknown column, bins out of range and bins on text', async () => {
    const url = (query: string) => `/datasets/${shared.dataset.id}/versions/1/facets?${query}`;
    expect((await get(t, url('column=nope'))).json()).toMatchObject({ code: 'UNKNOWN_COLUMN' });
    for (const query of ['column=score&bins=0', 'column=score&bins=51', 'column=name&bins=5']) {
      const res = await get(t, url(query));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await get(t, url(''))).statusCode).toBe(400);
  });
});
