import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { forgetCounts } from '../../../src/server/services/datasets/counts.ts';
import { RANK_WINDOW } from '../../../src/server/services/datasets/search-window.ts';
import { createDataset, get, queryRows, suiteApp, suiteUser } from '../../support/api.ts';

// Relevance-ranked search pages by keyset cursors (docs/search.md, "Cursors"): a dataset
// published between two pages neither repeats nor skips a row that was there before.

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const page = async (url: string) => {
  const res = await get(t, url);
  expect(res.statusCode).toBe(200);
  return res.json<DatasetSearchResponse>();
};

/** Follows next_cursor from `first` to the end, running `between` after the first page. */
async function walk(base: string, between: () => Promise<void>) {
  let body = await page(base);
  const seen = body.datasets.map((d) => d.id);
  const pages = [body.current_page];
  await between();
  for (let guard = 0; body.next_cursor && guard < 50; guard++) {
    body = await page(`${base}&cursor=${body.next_cursor}`);
    seen.push(...body.datasets.map((d) => d.id));
    pages.push(body.current_page);
  }
  return { seen, pages };
}

const idsOf = async (where: ReturnType<typeof sql>) => {
  const rows = await queryRows<{ id: number }>(
    t,
    sql`select id from datasets where ${where} order by id`,
  );
  return rows.map((r) => Number(r.id));
};

describe('search cursors', () => {
  it('neither repeat nor skip when datasets are published between pages', async () => {
    const before: number[] = [];
    for (let i = 1; i <= 9; i++) {
      const fields = { name: `Lighthouse ${i}`, description: i % 3 ? 'lighthouse log' : 'coast' };
      before.push((await createDataset(t, alice, fields)).id);
    }
    const base = '/datasets/search?query=lighthouse&limit=4';
    const { seen, pages } = await walk(base, async () => {
      // An exact name ranks first and a new dataset is the hottest: both go before the cursor.
      await createDataset(t, alice, { name: 'lighthouse' });
      await createDataset(t, alice, { name: 'Lighthouse keepers', description: 'lighthouse' });
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(before);
    expect(pages).toEqual([1, 2, 3]);
  });

  it('keep the ranked window of the first page when it is full', async () => {
    const many = RANK_WINDOW + 30;
    await t.ctx.db.execute(sql`
      insert into datasets (owner_id, name, description, heat)
      select ${alice.id}, case when i % 2 = 0 then '灯塔 ' || i else 'tower ' || i end,
        case when i % 2 = 0 then '' else '灯塔' end, i * 0.01
      from generate_series(1, ${many}) i`);
    const before = await idsOf(sql`search_vector @@ search_query_of('灯塔')`);
    expect(before).toHaveLength(many);
    const base = `/datasets/search?query=${encodeURIComponent('灯塔')}&limit=60`;
    const { seen } = await walk(base, async () => {
      // Hotter than every match: it would push the window's coldest row past the window.
      await t.ctx.db.execute(sql`
        insert into datasets (owner_id, name, heat) values (${alice.id}, '新灯塔', 1000)`);
      forgetCounts(t.ctx.db);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(before);
  });
});
