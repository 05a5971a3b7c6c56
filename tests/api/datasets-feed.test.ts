import { describe, expect, it } from 'vitest';
import { datasetsFeed } from '../../src/lib/datasets-feed.ts';
import { createSiteServices } from '../../src/server/site/services.ts';
import { createDataset, setPublic, suiteApp, suiteUser } from '../support/api.ts';

/**
 * The RSS feed of new datasets, as the server renders it: like every page that lists datasets
 * other than the home page, no shared cache may keep it, so a dataset made private leaves it at
 * once for everyone (docs/reliability.md, "Writes and what pages show").
 */
const t = suiteApp();
const alice = suiteUser(t, 'feed_alice');

const feed = () =>
  datasetsFeed(createSiteServices(t.ctx), 'en-US', new URL('https://sheaf.example'));

describe('GET /datasets/rss.xml', () => {
  it('lists a public dataset, drops it once private, and is never kept by a shared cache', async () => {
    const dataset = await createDataset(t, alice, { name: 'Feed rainfall' });
    const listed = await feed();
    expect(await listed.text()).toContain('<title>Feed rainfall</title>');
    const cacheControl = listed.headers.get('cache-control') ?? '';
    expect(cacheControl.split(/,\s*/)).toContain('private');
    expect(cacheControl).not.toMatch(/public|s-maxage/);

    await setPublic(t, alice, dataset.id, false);
    expect(await (await feed()).text()).not.toContain('Feed rainfall');
  });
});
