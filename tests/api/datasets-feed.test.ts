import { describe, expect, it } from 'vitest';
import { datasetsFeed } from '../../src/lib/datasets-feed.ts';
import { createSiteServices } from '../../src/server/site/services.ts';
import { createDataset, setPublic, suiteApp, suiteUser } from '../support/api.ts';

/**
 * The RSS feed of new datasets, as the server renders it: public, revalidated by its ETag or
 * Last-Modified, kept by shared caches at most five minutes, so a dataset made private leaves
 * every copy within five minutes (docs/datasets.md).
 */
const t = suiteApp();
const alice = suiteUser(t, 'feed_alice');

const feed = (headers: Record<string, string> = {}) =>
  datasetsFeed(
    createSiteServices(t.ctx),
    'en-US',
    new URL('https://sheaf.example'),
    new Request('https://sheaf.example/en-US/datasets/rss.xml', { headers }),
  );

describe('GET /datasets/rss.xml', () => {
  it('lists a public dataset with its publisher, and drops it once private', async () => {
    const dataset = await createDataset(t, alice, { name: 'Feed rainfall' });
    const listed = await feed();
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(listed.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const xml = await listed.text();
    expect(xml).toContain('<title>Feed rainfall</title>');
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(xml).toContain('<dc:creator>feed_alice</dc:creator>');
    expect(xml).not.toContain('<author>');

    await setPublic(t, alice, dataset.id, false);
    expect(await (await feed()).text()).not.toContain('Feed rainfall');
  });

  it('answers 304 to its ETag or its Last-Modified, and 200 once it changed', async () => {
    await createDataset(t, alice, { name: 'Feed snowfall' });
    const first = await feed();
    const etag = first.headers.get('etag')!;
    const modified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(modified).getTime()).not.toBeNaN();
    expect((await feed({ 'if-none-match': etag })).status).toBe(304);
    expect((await feed({ 'if-modified-since': modified })).status).toBe(304);

    await createDataset(t, alice, { name: 'Feed hail' });
    const changed = await feed({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Feed hail');
  });
});
