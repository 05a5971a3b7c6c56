/**
 * The language switcher keeps the visitor's place: the page's query and `#hash` go along, on
 * pages without islands (the header's inline script) and with them (the site runtime).
 */
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const english = translator('zh-CN')('common:locale.en-US');
const chinese = translator('en-US')('common:locale.zh-CN');

test.use({ locale: 'zh-CN' });

test('a prerendered page without islands keeps its query and hash', async ({ page }) => {
  await page.goto('/news/introducing-sheaf?from=feed#top');
  await page.getByRole('banner').getByRole('link', { name: english, exact: true }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/en-US/news/introducing-sheaf' &&
      url.search === '?from=feed' &&
      url.hash === '#top',
  );
});

test('a server-rendered list without islands keeps its filters and hash', async ({ page }) => {
  await page.goto('/datasets?query=fruit#results');
  await page.getByRole('banner').getByRole('link', { name: english, exact: true }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/en-US/datasets' &&
      url.searchParams.get('query') === 'fruit' &&
      url.hash === '#results',
  );
});

test('a dataset page with islands keeps its hash, both ways', async ({
  page,
  account,
  createDataset,
  uniqueName,
}) => {
  const dataset = await createDataset(account, { name: uniqueName('switch-') });
  await page.goto(`/datasets/${dataset.id}#table`);
  await page.getByRole('banner').getByRole('link', { name: english, exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === `/en-US/datasets/${dataset.id}` && url.hash === '#table',
  );
  await page.getByRole('banner').getByRole('link', { name: chinese, exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === `/datasets/${dataset.id}` && url.hash === '#table',
  );
});
