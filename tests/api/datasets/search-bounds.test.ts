import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';
import type { TestApp } from '../../support/app.ts';
import { onPostgres } from '../../support/deletions.ts';

/** Lists and searches are bounded (docs/search.md, "Bounds"): in time, and in number at once. */

const searchUrl = (query: string, extra = '') =>
  `/datasets/search?query=${encodeURIComponent(query)}${extra}`;
const totalOf = async (t: TestApp, query: string) =>
  (await get(t, searchUrl(query))).json<DatasetSearchResponse>().total;

/**
 * Makes every statement of a search for `slow …` slow: on PostgreSQL it sleeps past the limit
 * and is cancelled; PGlite has no timers inside a statement, so there it fails as a cancelled
 * statement does (SQLSTATE 57014).
 */
async function slowSearches(t: TestApp) {
  const slow = onPostgres
    ? 'perform pg_sleep(5);'
    : `raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled';`;
  await t.ctx.db.execute(
    sql`alter function search_query_of(text) rename to search_query_of_unslowed`,
  );
  await t.ctx.db.execute(
    sql.raw(`create function search_query_of(query text) returns tsquery
      language plpgsql immutable as $$
      begin
        if query like 'slow %' then ${slow} end if;
        return search_query_of_unslowed(query);
      end $$`),
  );
}

describe('a list or search past its time limit', () => {
  const t = suiteApp({ SEARCH_STATEMENT_TIMEOUT_MS: '200' });
  const alice = suiteUser(t, 'alice');

  beforeAll(async () => {
    await createDataset(t, alice, { name: 'Rainfall records' });
    await slowSearches(t);
  });

  it.each([searchUrl('slow rain'), '/datasets?query=slow%20rain&sort=recent'])(
    'answers 503 QUERY_TIMEOUT with Retry-After: %s',
    async (url) => {
      const res = await get(t, url);
      expect(res.statusCode).toBe(503);
      expect(res.json<{ code: string }>().code).toBe('QUERY_TIMEOUT');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    },
  );

  it('answers the next search as before', async () => {
    await get(t, searchUrl('slow rain'));
    expect(await totalOf(t, 'rainfall')).toBe(1);
  });
});

describe('a burst of new searches', () => {
  const t = suiteApp({ SEARCH_CONCURRENCY: '1', SEARCH_QUEUE: '1' });
  const alice = suiteUser(t, 'alice');
  let datasetId = 0;

  beforeAll(async () => {
    datasetId = (await createDataset(t, alice, { name: 'Rainfall records' })).id;
  });

  it('refuses the searches past the gate and its queue, and the rest of the site answers', async () => {
    const burst = Array.from({ length: 12 }, (_, i) => get(t, searchUrl(`rain ${i} 雨量`)));
    const detail = get(t, `/datasets/${datasetId}`);
    const answers = await Promise.all(burst);
    expect((await detail).statusCode).toBe(200);
    const refused = answers.filter((r) => r.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.json<{ code: string }>().code).toBe('SERVER_BUSY');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(answers.filter((r) => r.statusCode === 200).length).toBe(
      answers.length - refused.length,
    );
    // The gate let go of every turn: a new search is answered.
    expect(await totalOf(t, 'rainfall')).toBe(1);
  });

  it('lets searches the cache answers pass without a turn', async () => {
    expect(await totalOf(t, 'records')).toBe(1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => get(t, searchUrl('records'))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
  });
});

describe('a search that matches nothing', () => {
  const t = suiteApp();
  const alice = suiteUser(t, 'alice');

  /** A dataset written straight to the table: no write through the API clears the cache. */
  const insertQuietly = (name: string) =>
    t.ctx.db.execute(sql`
      insert into datasets (owner_id, name, description, search_text)
      values (${alice.id}, ${name}, '', lower(${name}))`);

  it.each([
    ['哈尔滨冰雪节', '哈尔滨冰雪节游客'],
    ['qzxvwkplm', 'Qzxvwkplm readings'],
    ['冰雪 qzxv', '冰雪 qzxv 混合'],
  ])('is kept like any answer, and cleared by a write: %s', async (query, name) => {
    expect(await totalOf(t, query)).toBe(0);
    await insertQuietly(name);
    expect(await totalOf(t, query)).toBe(0);
    await createDataset(t, alice, { name: 'Another dataset' });
    expect(await totalOf(t, query)).toBe(1);
  });
});
