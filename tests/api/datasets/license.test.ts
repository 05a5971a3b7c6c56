import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetListResponse } from '../../../src/contracts/datasets.ts';
import { createDataset, suiteApp, suiteUser } from '../../support/api.ts';
import { names } from '../../support/dataset-lists.ts';
import { NO_LICENSE } from '../../../src/server/services/croissant.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');

const BIBTEX = '@misc{cities2020,\n  title = {城市人口 2020},\n  author = {Alice}\n}';

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/datasets?${query}` });
  expect(res.statusCode).toBe(200);
  return names(res.json<DatasetListResponse>());
};

describe('licence and citation', () => {
  it('are stored on create, shown everywhere the dataset is, and default to none', async () => {
    const licensed = await createDataset(t, alice, {
      name: 'Licensed',
      license: 'CC-BY-4.0',
      citation: `  ${BIBTEX}  `,
    });
    expect(licensed).toMatchObject({ license: 'CC-BY-4.0', citation: BIBTEX });
    const plain = await createDataset(t, alice, { name: 'Unlicensed' });
    expect(plain).toMatchObject({ license: null, citation: '' });

    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/datasets/${licensed.id}` });
    expect(detail.json<Dataset>()).toMatchObject({ license: 'CC-BY-4.0', citation: BIBTEX });

    // Croissant: the SPDX page as `license`, the citation as `citeAs`; none stated → said so, and
    // a citation made from the metadata.
    const croissant = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${licensed.id}/croissant`,
    });
    expect(croissant.json()).toMatchObject({
      license: 'https://spdx.org/licenses/CC-BY-4.0.html',
      citeAs: BIBTEX,
    });
    const bare = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${plain.id}/croissant`,
    });
    expect(bare.json()).toMatchObject({
      license: NO_LICENSE,
      citeAs: expect.stringContaining(`[Data set]. Sheaf.`),
    });
  });

  it('lists by licence, and `none` finds datasets without one', async () => {
    await createDataset(t, bob, { name: 'Open database', license: 'ODbL-1.0' });
    expect(await list('license=ODbL-1.0')).toEqual(['Open database']);
    expect(await list('license=CC-BY-4.0')).toEqual(['Licensed']);
    expect(await list('license=none')).toEqual(['Unlicensed']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/datasets?license=Beerware' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('are changed by the owner, cleared with null, and refused when not on the list', async () => {
    const d = await createDataset(t, alice, { name: 'Changing', license: 'MIT' });
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/datasets/${d.id}`,
        headers: alice.headers,
        payload,
      });
    const changed = await put({ license: 'CC0-1.0', citation: 'Alice (2026). Changing.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      license: 'CC0-1.0',
      citation: 'Alice (2026). Changing.',
    });
    // Leaving the fields out keeps them.
    expect((await put({ description: 'new words' })).json()).toMatchObject({ license: 'CC0-1.0' });
    expect((await put({ license: null })).json()).toMatchObject({ license: null });

    const bad = await put({ license: 'cc-by', citation: 'x'.repeat(4001) });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ details: { field: string }[] }>().details.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['license', 'citation']));
  });

  it('a fork keeps the licence and the citation of its source', async () => {
    const source = await createDataset(t, alice, {
      name: 'Source',
      license: 'CC-BY-SA-4.0',
      citation: BIBTEX,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${source.id}/fork`,
      headers: bob.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ license: 'CC-BY-SA-4.0', citation: BIBTEX, is_fork: true });
  });

  it('a streamed CSV upload takes them from the query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets?name=Streamed&license=PDDL-1.0&citation=Bob%202026',
      headers: { ...bob.headers, 'content-type': 'text/csv' },
      payload: 'a,b\n1,2\n',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ license: 'PDDL-1.0', citation: 'Bob 2026' });
  });
});
