import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetListResponse } from '../../../src/contracts/datasets.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

// `sort=name` reads as people read names (docs/datasets.md, "Sorts"): letters without regard to
// case or accents first, then Chinese names; page after page by cursor, nothing repeated.

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const names = ['Zoo', '北京人口', 'zebra', 'Émile', 'apple', '重庆天气', 'Apple', 'eagle'];
const expected = ['apple', 'Apple', 'eagle', 'Émile', 'zebra', 'Zoo', '北京人口', '重庆天气'];

beforeAll(async () => {
  for (const name of names) await createDataset(t, alice, { name });
});

/** Every name of `url`, two per page, following next_cursor to the end. */
async function pagedNames(url: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const at: string = cursor ? `&cursor=${cursor}` : '';
    const page: DatasetListResponse = (await get(t, `${url}&limit=2${at}`, alice)).json();
    seen.push(...page.datasets.map((d) => d.name));
    cursor = page.next_cursor;
  }
  return seen;
}

describe('sort=name', () => {
  it('orders names regardless of case and accents, Latin before Chinese', async () => {
    const all = (await get(t, '/datasets?sort=name&limit=50')).json<DatasetListResponse>();
    expect(all.datasets.map((d) => d.name)).toEqual(expected);
  });

  it('pages by cursor through the same order, in public lists and in My datasets', async () => {
    expect(await pagedNames('/datasets?sort=name')).toEqual(expected);
    expect(await pagedNames('/datasets/me?sort_by=name')).toEqual(expected);
    const deep = (await get(t, '/datasets?sort=name&offset=5&limit=2')).json<DatasetListResponse>();
    expect(deep.datasets.map((d) => d.name)).toEqual(['Zoo', '北京人口']);
  });
});
