import { localePrefix } from '../../src/i18n/locales.ts';
import { expect } from '../support/fixtures.ts';
import { escape, LOCALES, testWithSeed } from '../support/seeded-datasets.ts';

const test = testWithSeed();

for (const locale of LOCALES) {
  const prefix = localePrefix(locale);

  test(`${locale}: a dataset page's JSON-LD parses and matches the page and the API`, async ({
    page,
    context,
    baseURL,
    request,
    seeded: data,
  }) => {
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    const { id, name } = data.public[0];
    await page.goto(`${prefix}/datasets/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const doc = JSON.parse((await scripts.textContent()) ?? '') as {
      '@type': string;
      name: string;
      url: string;
      conformsTo: string;
      distribution: { contentUrl: string; sha256: string }[];
      recordSet: { field: { name: string; dataType: string }[] }[];
    };
    expect(doc['@type']).toBe('sc:Dataset');
    expect(doc.conformsTo).toBe('http://mlcommons.org/croissant/1.0');
    expect(doc.name).toBe(name);
    expect(new URL(doc.url).pathname).toBe(`/datasets/${id}`);
    const columns = doc.recordSet[0]!.field.map((f) => f.name);
    expect(columns).toEqual(['城市', 'population', 'area km2']);
    for (const column of columns) {
      await expect(
        page.getByRole('columnheader', { name: new RegExp(`^${escape(column)}`) }),
      ).toBeVisible();
    }
    expect(doc.recordSet[0]!.field.map((f) => f.dataType)).toEqual([
      'sc:Text',
      'sc:Integer',
      'sc:Float',
    ]);
    // The page embeds the very document the API serves.
    const api = await request.get(`/api/v1/datasets/${id}/croissant`);
    expect(api.headers()['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(await api.json()).toEqual(doc);
    for (const file of doc.distribution) {
      expect(new URL(file.contentUrl).origin).toBe(new URL(baseURL!).origin);
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    // A private dataset's page is a 404 without structured data.
    const hidden = await page.goto(`${prefix}/datasets/${data.private.id}`);
    expect(hidden?.status()).toBe(404);
    await expect(scripts).toHaveCount(0);
  });
}

test('the sitemap lists a public dataset in both languages and never a private one', async ({
  page,
  request,
  seeded: data,
}) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  // Shared caches keep it five minutes: a dataset made private leaves their copies soon after.
  expect(res.headers()['cache-control']).toBe('public, max-age=300, must-revalidate');
  const xml = await res.text();
  await page.goto('about:blank');
  const locs = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('not well-formed XML');
    return [...doc.querySelectorAll('url > loc')].map((n) => new URL(n.textContent ?? '').pathname);
  }, xml);
  for (const d of data.public) {
    expect(locs).toContain(`/datasets/${d.id}`);
    expect(locs).toContain(`/en-US/datasets/${d.id}`);
  }
  expect(locs).not.toContain(`/datasets/${data.private.id}`);
  expect(locs).not.toContain(`/en-US/datasets/${data.private.id}`);
});

for (const locale of LOCALES) {
  test(`${locale}: the RSS feed of new datasets lists public ones with links in the language, never a private one`, async ({
    page,
    request,
    baseURL,
    seeded: data,
  }) => {
    const prefix = localePrefix(locale);
    // A visitor who already chose the language (no first-visit redirect).
    await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL ?? '' }]);
    await page.goto(`${prefix}/datasets`);
    const feedLink = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    const feedPath = (await feedLink.getAttribute('href')) ?? '';
    expect(feedPath).toBe(`${prefix}/datasets/rss.xml`);
    await expect(page.locator(`a[href="${feedPath}"]`)).toBeVisible();

    const res = await request.get(feedPath);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('xml');
    const items = await page.evaluate(
      (text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        if (doc.querySelector('parsererror')) throw new Error('not well-formed XML');
        return {
          language: doc.querySelector('channel > language')?.textContent,
          items: [...doc.querySelectorAll('item')].map((item) => ({
            title: item.querySelector('title')?.textContent ?? '',
            link: new URL(item.querySelector('link')?.textContent ?? '').pathname,
          })),
        };
      },
      await res.text(),
    );
    expect(items.language).toBe(locale);
    for (const d of data.public) {
      expect(items.items).toContainEqual({ title: d.name, link: `${prefix}/datasets/${d.id}` });
    }
    expect(items.items.map((i) => i.title)).not.toContain(data.private.name);
  });
}

test('pages ship none of their templates’ comments (a list page had one per dataset card)', async ({
  request,
  account,
  createDataset,
}) => {
  const dataset = await createDataset(account, { name: `注释 ${account.username}` });
  for (const path of ['/', '/datasets', `/datasets/${dataset.id}`, '/datasets/2147483647']) {
    const html = await (await request.get(path)).text();
    // Astro's own markers (`<!-- -->`, `<!--astro:end-->`) and React's around a Suspense
    // boundary it hydrates (`<!--$-->`, `<!--/$-->`) are not comments of ours.
    expect(html, path).not.toMatch(/<!--(?!\s*-->|astro:end-->|\/?\$-->)/);
  }
});
