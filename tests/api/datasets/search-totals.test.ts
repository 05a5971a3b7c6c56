import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { SEARCH_EXACT_TOTAL_MAX } from '../../../src/contracts/limits.ts';
import { addUser, createDataset, get, suiteApp } from '../../support/api.ts';

const t = suiteApp();
const MANY = SEARCH_EXACT_TOTAL_MAX + 50;

beforeAll(async () => {
  const alice = await addUser(t, 'alice');
  await createDataset(t, alice, { name: '唯一的气温表', description: '只有这一份' });
  // Written straight to the table: publishing ten thousand datasets through the API would take
  // minutes. The search index is kept by the table's trigger either way.
  await t.ctx.db.execute(sql`
    insert into datasets (owner_id, name, description, search_text, created_at, updated_at)
    select ${alice.id}, '气象站观测 ' || i, 'hourly readings', lower('气象站观测 ' || i || ' hourly readings'),
      now() - i * interval '1 second', now() - i * interval '1 second'
    from generate_series(1, ${MANY}) i`);
}, 120_000);

const search = async (query: string, extra = '') =>
  (
    await get(t, `/datasets/search?query=${encodeURIComponent(query)}${extra}`)
  ).json<DatasetSearchResponse>();

describe('search totals', () => {
  it('counts a search matching up to the limit exactly, with no estimate flag', async () => {
    const body = await search('气温');
    expect(body.total).toBe(1);
    expect(body).not.toHaveProperty('total_estimated');
  });

  it('answers an estimate, flagged, for a search matching more than the limit', async () => {
    const body = await search('气象站');
    expect(body.total_estimated).toBe(true);
    expect(body.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_MAX);
    expect(body.datasets).toHaveLength(12);
    expect(body.has_next).toBe(true);
    expect(body.total_pages).toBe(Math.ceil(body.total / 12));
    // Its pages still follow one another: the next page by cursor holds other datasets.
    const next = await search('气象站', `&cursor=${encodeURIComponent(body.next_cursor!)}`);
    const ids = new Set(body.datasets.map((d) => d.id));
    expect(next.datasets).toHaveLength(12);
    expect(next.datasets.some((d) => ids.has(d.id))).toBe(false);
  });

  it('flags the estimate on the list call with a query too', async () => {
    const body = (
      await get(t, `/datasets?query=${encodeURIComponent('气象站')}`)
    ).json<DatasetSearchResponse>();
    expect(body.total_estimated).toBe(true);
    expect(body.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_MAX);
  });
});
