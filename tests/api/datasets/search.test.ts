import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { addUser, createDataset, get, suiteApp } from '../../support/api.ts';
import { names } from '../../support/dataset-lists.ts';

const t = suiteApp();

beforeAll(async () => {
  const alice = await addUser(t, 'alice');
  const add = (name: string, description = '', tags: string[] = []) =>
    createDataset(t, alice, { name, description, tags });
  await add('中国人口普查', '第七次全国人口普查数据', ['人口', 'census']);
  await add('城市空气质量', '各城市 PM2.5 日均值', ['环境']);
  await add('World population', 'Population by country, 1960–2020', ['demographics']);
  await add('Rainfall records', 'Daily rain in mm; includes population-weighted means', [
    'climate',
  ]);
  await add('Discount 100%_off', 'literal percent and underscore', []);
  await add('Discount 1000 off', 'no wildcard here', []);
  for (let i = 1; i <= 14; i++) await add(`Survey ${i}`, 'household survey', ['survey']);
});

const search = async (query: string, extra = '') =>
  (
    await get(t, `/datasets/search?query=${encodeURIComponent(query)}${extra}`)
  ).json<DatasetSearchResponse>();

describe('GET /datasets/search', () => {
  it('finds Chinese text by a two-character word inside a longer name', async () => {
    expect(names(await search('人口'))).toEqual(['中国人口普查']);
  });

  it('finds Chinese text in descriptions and tags', async () => {
    expect(names(await search('人口普查'))).toEqual(['中国人口普查']);
    expect(names(await search('环境'))).toEqual(['城市空气质量']);
    expect(names(await search('城市'))).toEqual(['城市空气质量']);
  });

  it('finds English any case, name matches first', async () => {
    expect(names(await search('POPULATION'))).toEqual(['World population', 'Rainfall records']);
  });

  it('finds similar words when nothing contains the query, most similar first', async () => {
    const body = await search('populaton');
    expect(names(body)).toEqual(['World population', 'Rainfall records']);
    expect(body.total).toBe(2);
    // Said so: nothing holds the word typed.
    expect(body.similar).toBe(true);
    expect((await search('population')).similar).toBeUndefined();
    const listed = await get(t, '/datasets?query=populaton');
    expect(listed.json<{ similar?: boolean; total: number }>()).toMatchObject({
      similar: true,
      total: 2,
    });
  });

  it('does not add similar words when something contains the query', async () => {
    expect(names(await search('discount 100')).sort()).toEqual([
      'Discount 100%_off',
      'Discount 1000 off',
    ]);
    expect(names(await search('discount 1000'))).toEqual(['Discount 1000 off']);
  });

  it('matches LIKE wildcards literally', async () => {
    expect(names(await search('%'))).toEqual(['Discount 100%_off']);
    expect(names(await search('100%'))).toEqual(['Discount 100%_off']);
    expect(names(await search('_'))).toEqual(['Discount 100%_off']);
    expect(names(await search('100%_'))).toEqual(['Discount 100%_off']);
  });

  it('answers the search pagination fields, 12 per page by default', async () => {
    const first = await search('survey');
    expect(first).toMatchObject({
      total: 14,
      offset: 0,
      limit: 12,
      current_page: 1,
      total_pages: 2,
      page_size: 12,
      has_next: true,
      has_prev: false,
    });
    expect(first.datasets).toHaveLength(12);
    const second = await search('survey', '&offset=12');
    expect(second).toMatchObject({
      current_page: 2,
      total_pages: 2,
      has_next: false,
      has_prev: true,
    });
    expect(second.datasets).toHaveLength(2);
    const all = new Set([...names(first), ...names(second)]);
    expect(all.size).toBe(14);
    const small = await search('survey', '&offset=10&limit=5');
    expect(small).toMatchObject({ current_page: 3, total_pages: 3, page_size: 5, has_next: false });
  });

  it('numbers the pages a cursor reaches as the same pages reached by offset', async () => {
    // Ranked matches (position cursors), everything newest first and near misses (list cursors).
    expect((await search('survy')).total).toBe(14);
    for (const query of ['survey', '', 'survy']) {
      const byOffset: DatasetSearchResponse[] = [];
      for (let offset = 0; offset < 25; offset += 5) {
        byOffset.push(await search(query, `&limit=5&offset=${offset}`));
      }
      let page = await search(query, '&limit=5');
      for (const expected of byOffset.filter((p) => p.datasets.length > 0)) {
        expect(names(page), query).toEqual(names(expected));
        const { current_page, total_pages, has_next, has_prev } = expected;
        expect(page, query).toMatchObject({ current_page, total_pages, has_next, has_prev });
        if (!page.next_cursor) break;
        page = await search(query, `&limit=5&cursor=${page.next_cursor}`);
      }
      expect(page.has_next, query).toBe(false);
    }
  });

  it('answers no results and zero pages for no match', async () => {
    expect(await search('不存在的东西')).toMatchObject({
      datasets: [],
      total: 0,
      total_pages: 0,
      current_page: 1,
      has_next: false,
      has_prev: false,
    });
  });

  it('lists everything newest first for an empty query', async () => {
    const body = await search('');
    expect(body.total).toBe(20);
    expect(body.datasets[0]!.name).toBe('Survey 14');
  });

  it('rejects a query past 100 characters', async () => {
    const res = await get(t, `/datasets/search?query=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('query must be at most 100 characters');
  });
});
