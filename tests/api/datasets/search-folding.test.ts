import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/** Search folds what people type differently for the same thing (docs/search.md, "Folding"). */
const t = suiteApp();
const alice = suiteUser(t, 'alice');
const ids: Record<string, number> = {};

beforeAll(async () => {
  const add = async (key: string, name: string, description = '', tags: string[] = []) => {
    ids[key] = (await createDataset(t, alice, { name, description, tags })).id;
  };
  await add('gdp', 'GDP数据2023', '各省 GDP');
  await add('wide', 'ＧＤＰ全角数据２０２４', '全角字母ＡＢＣ和数字１２３');
  await add('cafe', 'Café Prices', 'Menus of a café in Paris');
  await add('plain', 'Cafe Visits', 'Cafe footfall');
  await add('ecole', 'ÉCOLES DE PARIS', 'Schools');
  await add('area', 'Flat sizes', 'Floor area in m², rent per ㎡');
  await add('kana', 'ﾃﾞｰﾀ 一覧', 'Half-width katakana');
  await add('greek', 'ΟΔΟΣ registry', 'Greek streets');
  await add('hant', '臺灣人口統計', '各縣市人口資料');
  await add('hans', '台湾人口统计', '各县市人口资料');
  await add('mixed', '台灣人口', '繁简混写');
});

const found = async (query: string) =>
  (await get(t, `/datasets/search?query=${encodeURIComponent(query)}&limit=50`))
    .json<DatasetSearchResponse>()
    .datasets.map((d) => d.id);
const keys = (...names: string[]) => names.map((n) => ids[n]);

describe('search folding', () => {
  it('finds full-width letters and digits by their plain forms and the other way round', async () => {
    expect((await found('GDP')).sort()).toEqual(keys('gdp', 'wide').sort());
    expect((await found('ＧＤＰ')).sort()).toEqual(keys('gdp', 'wide').sort());
    expect(await found('2024')).toEqual(keys('wide'));
    expect(await found('ａｂｃ')).toEqual(keys('wide'));
    expect(await found('GDP数据2023')).toEqual(keys('gdp'));
    expect(await found('m2')).toEqual(keys('area'));
    expect(await found('データ')).toEqual(keys('kana'));
  });

  it('finds accented words without their accents, in any case', async () => {
    expect((await found('cafe')).sort()).toEqual(keys('cafe', 'plain').sort());
    expect((await found('CAFÉ')).sort()).toEqual(keys('cafe', 'plain').sort());
    expect(await found('écoles')).toEqual(keys('ecole'));
    expect(await found('ecoles de paris')).toEqual(keys('ecole'));
    expect(await found('οδος')).toEqual(keys('greek'));
  });

  it('ranks a name that differs only in case, accents or width as the exact name', async () => {
    expect(await found('café prices')).toEqual(keys('cafe'));
    expect((await found('ｃａｆｅ ｖｉｓｉｔｓ'))[0]).toBe(ids['plain']);
    expect((await found('gdp数据２０２３'))[0]).toBe(ids['gdp']);
  });

  it('finds traditional and simplified characters by each other, the written form first', async () => {
    const all = keys('hant', 'hans', 'mixed').sort();
    expect((await found('台湾')).sort()).toEqual(all);
    expect((await found('臺灣人口')).sort()).toEqual(all);
    expect((await found('臺')).sort()).toEqual(all);
    expect((await found('統計')).sort()).toEqual(keys('hant', 'hans').sort());
    expect((await found('人口资料')).sort()).toEqual(keys('hant', 'hans').sort());
    expect((await found('台湾人口统计'))[0]).toBe(ids['hans']);
    expect((await found('臺灣人口統計'))[0]).toBe(ids['hant']);
    expect(await found('台湾 鲸鱼')).toEqual([]);
  });

  it('folds case in every script whatever the database collation (the embedded one is C)', async () => {
    const folded = await t.ctx.db.execute(
      sql`select search_query_of('CAFÉ ΟΔΟΣ' collate "C") as q`,
    );
    expect((folded as { rows: { q: string }[] }).rows[0]?.q).toBe(`'cafe':* & 'οδοσ':*`);
  });

  it('names no collation that PostgreSQL 15 lacks, so a dump of it restores there', async () => {
    // A dump carries the function's text; pg_c_utf8 exists only from PostgreSQL 17 on
    // (docs/database.md, "Moving to another PostgreSQL server").
    const result = await t.ctx.db.execute(
      sql`select pg_get_functiondef('search_fold(text)'::regprocedure) as body`,
    );
    const body = (result as { rows: { body: string }[] }).rows[0]?.body ?? '';
    expect(body).toContain('COLLATE "und-x-icu"');
    expect(body).not.toContain('pg_c_utf8');
  });
});
