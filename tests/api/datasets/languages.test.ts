import { beforeAll, describe, expect, it } from 'vitest';
import { languageChoices } from '../../../src/lib/dataset-page.ts';
import { createDataset, suiteApp, suiteUser } from '../../support/api.ts';

/** The dataset list's language filter offers the languages public datasets are in. */
const t = suiteApp();
const alice = suiteUser(t, 'alice');

beforeAll(async () => {
  await createDataset(t, alice, { name: '城市 A', language: 'zh-CN' });
  await createDataset(t, alice, { name: '城市 B', language: 'zh-CN' });
  await createDataset(t, alice, { name: 'Towns', language: 'en' });
  await createDataset(t, alice, { name: '秘密', language: 'ja-JP', is_public: false });
});

describe('the languages of public datasets', () => {
  it('counts each language of the public datasets, most used first, private ones left out', async () => {
    expect(await t.site.datasets.languages()).toEqual([
      { tag: 'zh-CN', count: 2 },
      { tag: 'en', count: 1 },
    ]);
  });

  it('follows a dataset that is published or whose language changes', async () => {
    const fr = await createDataset(t, alice, { name: 'Villes', language: 'fr-FR' });
    expect(await t.site.datasets.languages()).toContainEqual({ tag: 'fr-FR', count: 1 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${fr.id}`,
      headers: alice.headers,
      payload: { language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.site.datasets.languages()).toEqual([
      { tag: 'en', count: 2 },
      { tag: 'zh-CN', count: 2 },
    ]);
  });

  it('adds the selected language, uncounted, when no public dataset has it', () => {
    const present = [{ tag: 'en', count: 2 }];
    expect(languageChoices(present, 'ja-JP')).toEqual([...present, { tag: 'ja-JP', count: null }]);
    expect(languageChoices(present, 'en')).toEqual(present);
    expect(languageChoices(present, '')).toEqual(present);
  });
});
