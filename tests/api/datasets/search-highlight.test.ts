import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSearchResponse } from '../../../src/contracts/datasets.ts';
import { highlightParts } from '../../../src/lib/search-highlight.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * The marks on search results follow the index (docs/search.md, "Highlighting"): whatever the
 * database finds for a query, highlightParts marks the query's terms in it.
 */
const t = suiteApp();
const alice = suiteUser(t, 'alice');

const DATASETS = [
  { name: 'ＧＤＰ全角数据２０２４', description: '全角字母ＡＢＣ和数字１２３', tags: ['经济'] },
  { name: 'Café Prices', description: 'Menus of a CAFÉ in Paris', tags: ['food'] },
  { name: 'ÉCOLES DE PARIS', description: 'Schools, 100% public', tags: ['edu_fr'] },
  { name: 'Flat sizes', description: 'Floor area in m², rent per ㎡', tags: [] },
  { name: 'ﾃﾞｰﾀ 一覧', description: 'Half-width katakana', tags: ['カタカナ'] },
  { name: 'ΟΔΟΣ registry', description: 'Greek streets', tags: ['Ελλάδα'] },
  { name: '臺灣人口統計', description: '各縣市人口資料 (PM2.5 日均)', tags: ['人口'] },
  { name: '台湾人口统计', description: '各县市人口资料', tags: ['统计'] },
  { name: 'İzmir ﬁnder', description: 'Daily rainfall', tags: ['İzmir'] },
];

const QUERIES = [
  'gdp',
  'ＡＢＣ',
  '2024',
  'cafe',
  'ÉCOLE',
  '100%',
  'edu_fr',
  'm2',
  'データ',
  'οδος',
  'ελλαδα',
  '臺灣',
  '台',
  '人口资料',
  '统计',
  'pm2.5 日均',
  'izmir',
  'finder',
  'rain',
];

beforeAll(async () => {
  for (const d of DATASETS) await createDataset(t, alice, d);
});

const marksIn = (text: string, query: string) =>
  highlightParts(text, query)
    .filter((p) => p.match)
    .map((p) => p.text);

describe('marks on search results', () => {
  it.each(QUERIES)('every dataset found for %s has the query marked in it', async (query) => {
    const res = await get(t, `/datasets/search?query=${encodeURIComponent(query)}&limit=50`);
    const { datasets } = res.json<DatasetSearchResponse>();
    expect(datasets.length).toBeGreaterThan(0);
    for (const d of datasets) {
      const marks = [d.name, d.description, ...d.tags].flatMap((text) => marksIn(text, query));
      expect(marks, `${d.name} for ${query}`).not.toEqual([]);
    }
  });

  it.each(['%', '_'])('finds datasets for %s alone but marks nothing in them', async (query) => {
    const res = await get(t, `/datasets/search?query=${encodeURIComponent(query)}&limit=50`);
    const { datasets } = res.json<DatasetSearchResponse>();
    expect(datasets.map((d) => d.name)).toContain('ÉCOLES DE PARIS');
    for (const d of datasets) {
      expect([d.name, d.description, ...d.tags].flatMap((text) => marksIn(text, query))).toEqual(
        [],
      );
    }
  });

  it('marks the characters as written', () => {
    expect(marksIn('ＧＤＰ全角数据２０２４', 'gdp 2024')).toEqual(['ＧＤＰ', '２０２４']);
    expect(marksIn('各縣市人口資料 (PM2.5 日均)', '人口资料 pm2.5')).toEqual(['人口資料', 'PM2.5']);
    expect(marksIn('İzmir ﬁnder', 'izmir finder')).toEqual(['İzmir', 'ﬁnder']);
    expect(marksIn('Schools, 100% public', '100%')).toEqual(['100%']);
  });
});
