import { describe, expect, it } from 'vitest';
import {
  versionStatsSchema,
  type ColumnStats,
  type VersionStats,
} from '../../../src/contracts/tables.ts';
import { parseJsonExact } from '../../../src/lib/big-integer.ts';
import { get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

/** POST /datasets with a JSON body written as text (so integers past 2^53 keep their digits). */
const publish = (body: string, url = '/datasets', type = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...alice.headers, 'content-type': type },
    payload: body,
  });

/**
 * The version's statistics, read as the browser client and the server's own statistics file
 * are (integers past 2^53 as big integers), and held to the contract.
 */
async function statsOf(id: number): Promise<VersionStats> {
  const res = await get(t, `/datasets/${id}/versions/1/stats`);
  expect(res.statusCode).toBe(200);
  return versionStatsSchema.parse(parseJsonExact(res.body));
}

/** Publishes a table and answers its first column's statistics; fails unless 201. */
async function firstColumn(body: string, url?: string, type?: string): Promise<ColumnStats> {
  const res = await publish(body, url, type);
  expect(res.statusCode, res.body).toBe(201);
  return (await statsOf(res.json<{ id: number }>().id)).columns[0]!;
}

/** A bound or number as its written digits (big integers are read as `JSON.rawJSON` objects). */
const digits = (value: unknown) =>
  typeof value === 'object' && value !== null
    ? (value as { rawJSON: string }).rawJSON
    : String(value);

const relative = (got: unknown, exact: number) =>
  Math.abs(Number(digits(got)) - exact) / Math.abs(exact);

describe('statistics of a wide table', () => {
  it('quote text of at most 200 characters, cut with …, however long the cells', async () => {
    const long = `A😀${'长'.repeat(50_000)}`;
    const body = JSON.stringify({
      name: 'long text',
      attributes: ['note'],
      entries: [[long], [long], ['短']],
    });
    const column = await firstColumn(body);
    const cut = `A😀${'长'.repeat(197)}…`;
    expect([...cut]).toHaveLength(200);
    expect(column.min).toBe(cut);
    expect(column.max).toBe('短');
    expect(column.top).toEqual([
      { value: cut, count: 2 },
      { value: '短', count: 1 },
    ]);
  });

  it('200 columns of distinct values publish, each column with its own statistics', async () => {
    const columns = 200;
    const rows = 300;
    const attributes = Array.from({ length: columns }, (_, c) => `列 ${c}`);
    // Every tenth column holds integers r × 1000 + c, the others text.
    const isInteger = (c: number) => c % 10 === 9;
    const entries = Array.from({ length: rows }, (_, r) =>
      attributes.map((_, c) =>
        isInteger(c) ? r * 1000 + c : `value ${c}-${String(r).padStart(4, '0')}`,
      ),
    );
    const res = await publish(JSON.stringify({ name: 'Wide', attributes, entries }));
    expect(res.statusCode, res.body).toBe(201);
    const stats = await statsOf(res.json<{ id: number }>().id);
    expect(stats.rows).toBe(rows);
    expect(stats.columns.map((c) => c.name)).toEqual(attributes);
    // The sample deviation of 0 … n−1 is √(n(n+1)/12).
    const spread = 1000 * Math.sqrt((rows * (rows + 1)) / 12);
    for (const [c, column] of stats.columns.entries()) {
      expect(column).toMatchObject({ count: rows, nulls: 0, distinct: rows });
      if (isInteger(c)) {
        expect(column).toMatchObject({ type: 'integer', min: c, max: 299_000 + c });
        expect(column.mean).toBeCloseTo(149_500 + c, 6);
        expect(relative(column.stddev, spread)).toBeLessThan(1e-12);
        expect(column.histogram!.reduce((n, bin) => n + bin.count, 0)).toBe(rows);
      } else {
        expect(column).toMatchObject({ type: 'string', min: `value ${c}-0000` });
        expect(column.max).toBe(`value ${c}-0299`);
        expect(column.top![0]).toEqual({ value: `value ${c}-0000`, count: 1 });
      }
    }
  });
});

describe('statistics of very large numbers', () => {
  it('a standard deviation past 1e154 is computed without overflowing', async () => {
    const x = await firstColumn('{"name":"Huge","attributes":["x"],"entries":[[1e155],[0]]}');
    expect(x).toMatchObject({ type: 'number', count: 2, min: 0, max: 1e155 });
    expect(relative(x.mean, 5e154)).toBeLessThan(1e-12);
    expect(relative(x.stddev, 1e155 / Math.SQRT2)).toBeLessThan(1e-12);
  });

  it('a CSV of ±1e200 has a mean, a deviation and a histogram', async () => {
    const x = await firstColumn('x\n1e200\n-1e200\n', '/datasets?name=Far', 'text/csv');
    expect(x).toMatchObject({ type: 'number', min: -1e200, max: 1e200, mean: 0 });
    expect(relative(x.stddev, 2e200 / Math.SQRT2)).toBeLessThan(1e-12);
    expect(x.histogram).toHaveLength(20);
    expect(x.histogram![0]).toMatchObject({ from: -1e200, count: 1 });
    expect(x.histogram!.at(-1)).toMatchObject({ to: 1e200, count: 1 });
  });

  it('a standard deviation beyond the largest number is null; the histogram still spans the values', async () => {
    const max = Number.MAX_VALUE;
    const x = await firstColumn(
      `{"name":"Edge","attributes":["x"],"entries":[[${max}],[${-max}],[${max / 4}]]}`,
    );
    expect(x).toMatchObject({ min: -max, max, stddev: null });
    expect(relative(x.mean, max / 12)).toBeLessThan(1e-12);
    const counts = Array.from({ length: 20 }, (_, bin) => ([0, 12, 19].includes(bin) ? 1 : 0));
    expect(x.histogram!.map((b) => b.count)).toEqual(counts);
    expect(x.histogram![0]!.from).toBe(-max);
    expect(relative(x.histogram![12]!.from, max / 5)).toBeLessThan(1e-12);
    expect(x.histogram!.at(-1)!.to).toBe(max);
  });
});

describe('statistics of integers past 2^53', () => {
  it('are exact: the histogram edges and counts, the mean and the standard deviation', async () => {
    const min = 1152921504606846979n; // about 2^60
    const n = 3000;
    // Spread over a million: a float (53 bits) cannot tell these values apart to the unit.
    const offsets = Array.from({ length: n }, (_, i) => BigInt((i * 7919 * 13) % 1_000_003));
    const values = offsets.map((d) => min + d);
    const max = values.reduce((a, b) => (b > a ? b : a));
    const body = `{"name":"Ids","attributes":["id"],"entries":[${values.map((v) => `[${v}]`).join(',')}]}`;
    const id = await firstColumn(body);
    expect(id).toMatchObject({ type: 'integer', count: n, distinct: n });
    expect(digits(id.min)).toBe(String(min));
    expect(digits(id.max)).toBe(String(max));

    const span = max - min + 1n;
    const width = (span + 19n) / 20n;
    const bins = Number((span + width - 1n) / width);
    const expected = Array.from({ length: bins }, (_, bin) => ({
      from: String(min + BigInt(bin) * width),
      to: String(bin === bins - 1 ? max : min + BigInt(bin + 1) * width),
      count: 0,
    }));
    for (const d of offsets) expected[Math.min(Number(d / width), bins - 1)]!.count += 1;
    expect(
      id.histogram!.map((b) => ({ from: digits(b.from), to: digits(b.to), count: b.count })),
    ).toEqual(expected);

    const sum = offsets.reduce((a, b) => a + b, 0n);
    const squares = offsets.reduce((a, b) => a + b * b, 0n);
    const N = BigInt(n);
    const variance = Number(N * squares - sum * sum) / (n * (n - 1));
    expect(relative(id.stddev, Math.sqrt(variance))).toBeLessThan(1e-9);
    expect(Math.abs(Number(digits(id.mean)) - Number(min * N + sum) / n)).toBeLessThanOrEqual(256);
  });
});
