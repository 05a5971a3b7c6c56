import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/** The search index: n-grams for Chinese, words and prefixes, symbols, ranking, upkeep on write. */
const t = suiteApp();
const alice = suiteUser(t, 'alice');
const ids: Record<string, number> = {};

beforeAll(async () => {
  const add = async (key: string, name: string, description = '', tags: string[] = []) => {
    ids[key] = (await createDataset(t, alice, { name, description, tags })).id;
  };
  await add('census', '中国人口普查', '第七次全国人口普查', ['人口']);
  await add('split', '人口与普查方法', '人口统计和普查的方法');
  await add('air', '城市空气质量', '各城市 PM2.5 日均值', ['环境']);
  await add('rain', 'Rainfall', 'Daily rain in mm');
  await add('rainRecords', 'Rainfall records', 'Daily rain by station');
  await add('byTag', 'Weather stations', 'Station list', ['rainfall']);
  await add('byText', 'Water levels', 'River levels, with rainfall beside them');
  await add('mixed', 'Beijing 北京 traffic', 'Road counts', ['交通']);
  await add('percent', 'Discount 100%_off', '');
  await add('plain', 'Discount 1000 off', '');
});

const search = async (query: string) =>
  (
    await get(t, `/datasets/search?query=${encodeURIComponent(query)}&limit=50`)
  ).json<DatasetSearchResponse>();
const found = async (query: string) => (await search(query)).datasets.map((d) => d.id);
const keys = (...names: string[]) => names.map((n) => ids[n]);

describe('long words', () => {
  it('a description holding a word of several kilobytes is saved, and found by the word', async () => {
    const word = `https://example.org/${'a1b2c3'.repeat(600)}`;
    const { id } = await createDataset(t, alice, { name: 'Links', description: `see ${word}` });
    // Found by the long word's start (a query is at most a few dozen characters).
    expect(await found(`example.org/${'a1b2c3'.repeat(8)}`)).toEqual([id]);
  });
});

describe('search index', () => {
  it('finds a 1-character Chinese term anywhere in name, description or tags', async () => {
    expect((await found('城')).sort()).toEqual(keys('air'));
    expect((await found('普')).sort()).toEqual(keys('census', 'split').sort());
    expect(await found('鱼')).toEqual([]);
  });

  it('finds a 2-character Chinese term, name matches first', async () => {
    expect(await found('人口')).toEqual(keys('census', 'split'));
    expect(await found('均值')).toEqual(keys('air'));
    expect(await found('口与')).toEqual(keys('split'));
  });

  it('matches 3 or more Chinese characters only where they stand together', async () => {
    expect(await found('人口普查')).toEqual(keys('census'));
    expect(await found('全国人口普查')).toEqual(keys('census'));
    expect(await found('国人口普')).toEqual(keys('census'));
    expect(await found('人普')).toEqual([]);
    expect(await found('口普')).toEqual(keys('census'));
  });

  it('finds English words and word prefixes in any case, but not the middle of a word', async () => {
    expect(await found('STATION')).toEqual(keys('byTag', 'rainRecords'));
    expect((await found('rai')).length).toBe(4);
    expect(await found('nf')).toEqual([]);
    expect(await found('daily rain')).toEqual(keys('rain', 'rainRecords'));
  });

  it('ranks the exact name first, then name, tags and description matches', async () => {
    expect(await found('rainfall')).toEqual(keys('rain', 'rainRecords', 'byTag', 'byText'));
  });

  it('finds datasets by their tags', async () => {
    expect(await found('环境')).toEqual(keys('air'));
    expect(await found('交通')).toEqual(keys('mixed'));
  });

  it('matches mixed Chinese and Latin text, term by term', async () => {
    expect(await found('北京 traffic')).toEqual(keys('mixed'));
    expect(await found('beijing北京')).toEqual(keys('mixed'));
    expect(await found('pm2.5 日均')).toEqual(keys('air'));
    expect(await found('b')).toContain(ids['mixed']);
    expect(await found('b鱼')).toEqual([]);
  });

  it('answers near misses only when the index finds nothing (3 or more characters)', async () => {
    const near = keys('rain', 'rainRecords', 'byTag', 'byText');
    expect((await found('ainfall')).sort()).toEqual(near.sort());
  });

  it('takes % and _ literally', async () => {
    expect(await found('%')).toEqual(keys('percent'));
    expect(await found('_')).toEqual(keys('percent'));
    expect(await found('100%_off')).toEqual(keys('percent'));
    expect(await found('100_')).toEqual(keys('percent'));
    expect((await found('discount 100')).sort()).toEqual(keys('percent', 'plain').sort());
  });

  it('follows a rename: found by the new name, no longer by the old', async () => {
    const { id } = await createDataset(t, alice, { name: '旧名字 Oldname', tags: ['甲'] });
    expect(await found('旧名')).toEqual([id]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${id}`,
      headers: alice.headers,
      payload: { name: '新标题 Newname', tags: ['乙'] },
    });
    expect(res.statusCode).toBe(200);
    expect(await found('新标题')).toEqual([id]);
    expect(await found('newname')).toEqual([id]);
    expect(await found('乙')).toEqual([id]);
    expect(await found('旧名')).toEqual([]);
    expect(await found('oldname')).toEqual([]);
    expect(await found('甲')).toEqual([]);
  });

  it('never shows a dataset made private, even by another process within the cache time', async () => {
    const { id } = await createDataset(t, alice, { name: '秘密计划 secretplan' });
    expect(await found('秘密')).toEqual([id]);
    // Another process's write: straight into the table, so this process's caches are not told.
    await t.ctx.db.execute(sql`update datasets set is_public = false where id = ${id}`);
    expect(await found('秘密')).toEqual([]);
    const own = await get(t, `/datasets/search?query=${encodeURIComponent('秘密')}`, alice);
    expect(own.json<DatasetSearchResponse>().datasets.map((d) => d.id)).toEqual([id]);
  });

  it('shows a dataset made private through the API to no one but its owner at once', async () => {
    const { id } = await createDataset(t, alice, { name: '草稿 draftplan' });
    expect(await found('草稿')).toEqual([id]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${id}`,
      headers: alice.headers,
      payload: { is_public: false },
    });
    expect(res.statusCode).toBe(200);
    const body = await search('草稿');
    expect(body.datasets).toEqual([]);
    expect(body.total).toBe(0);
  });

  it('filters the list by the same index', async () => {
    const res = await get(t, `/datasets?query=${encodeURIComponent('人口')}`);
    const body = res.json<DatasetSearchResponse>();
    expect(body.datasets.map((d) => d.id)).toEqual(keys('census', 'split'));
  });
});
