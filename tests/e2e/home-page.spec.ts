import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect } from '../support/fixtures.ts';
import { escape, LOCALES, testWithSeed, type Seeded } from '../support/seeded-datasets.ts';

/** The home page's strings of a locale. */
const strings = (locale: Locale) =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/${locale}/home.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;

const test = testWithSeed();

const names = async (api: APIRequestContext, query: string) =>
  (
    (await (await api.get(`/api/v1/datasets?${query}`)).json()) as { datasets: Seeded[] }
  ).datasets.map((d) => d.name);

for (const locale of LOCALES) {
  const s = strings(locale);
  const prefix = localePrefix(locale);
  const home = prefix || '/';

  test.describe(`home page in ${locale}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    });

    test('shows the totals, trending and newest datasets and the latest news, with no script', async ({
      page,
      request,
      seeded: data,
    }) => {
      // The home page reuses its reads for 30 s: wait for a snapshot taken after seeding.
      test.setTimeout(120_000);
      const newest = page.getByRole('region', { name: s['newest.heading'] });
      const trending = page.getByRole('region', { name: s['trending.heading'] });
      let cacheControl = '';
      let attempt = 0;
      await expect(async () => {
        // A reload fetches the page again (max-age=0).
        const response = attempt++ === 0 ? await page.goto(home) : await page.reload();
        expect(response?.status()).toBe(200);
        cacheControl = response?.headers()['cache-control'] ?? '';
        await expect(newest.getByRole('link', { name: data.public[1].name })).toBeVisible({
          timeout: 1_000,
        });
      }).toPass({ timeout: 60_000 });
      expect(cacheControl).toBe('public, max-age=0, s-maxage=30');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1, name: s['hero.heading'] })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(s['hero.pitch']!);

      // Totals as the API counts them (nothing has changed since the snapshot).
      const stats = (await (await request.get('/api/v1/datasets/stats')).json()) as {
        total_datasets: number;
        total_downloads: number;
      };
      const number = new Intl.NumberFormat(locale);
      await expect(page.getByTestId('total-datasets')).toHaveText(
        number.format(stats.total_datasets),
      );
      await expect(page.getByTestId('total-downloads')).toHaveText(
        number.format(stats.total_downloads),
      );
      expect(stats.total_datasets).toBeGreaterThanOrEqual(2);

      // Six of each, in the API's order; the private dataset nowhere.
      const cardNames = (section: typeof newest) =>
        section.getByRole('heading', { level: 3 }).allTextContents();
      expect(await cardNames(newest)).toEqual(await names(request, 'sort=recent&limit=6'));
      expect(await cardNames(trending)).toEqual(await names(request, 'sort=heat&limit=6'));
      expect((await cardNames(newest)).slice(0, 2)).toEqual([
        data.public[1].name,
        data.public[0].name,
      ]);
      await expect(page.getByRole('main')).not.toContainText(data.private.name);

      // A card: name linking to the dataset, owner, tags, score and downloads.
      const card = newest.getByRole('article').filter({ hasText: data.public[1].name });
      await expect(card.getByRole('link', { name: data.public[1].name })).toHaveAttribute(
        'href',
        `${prefix}/datasets/${data.public[1].id}`,
      );
      await expect(card.getByRole('link', { name: data.owner })).toHaveAttribute(
        'href',
        new RegExp(`^${escape(prefix)}/users/\\d+$`),
      );
      await expect(card.getByRole('link', { name: `#${data.tag}` })).toBeVisible();
      await expect(card).toContainText(locale === 'en-US' ? 'Downloads' : '下载');
      await expect(card).toContainText(locale === 'en-US' ? 'Not rated' : '暂无评分');

      // The three newest posts of this locale, as the news page lists them.
      const newsSection = page.getByRole('region', { name: s['news.heading'] });
      const homeNews = await newsSection.getByRole('heading', { level: 3 }).allTextContents();
      const newsPage = await page.context().newPage();
      await newsPage.goto(`${prefix}/news`);
      const allNews = await newsPage.getByRole('heading', { level: 2 }).allTextContents();
      await newsPage.close();
      expect(homeNews).toEqual(allNews.slice(0, 3));
      expect(homeNews).toHaveLength(3);

      // A page without islands: no script file, only the header's inline account, inbox and menu
      // scripts.
      expect(await page.locator('script[src], script[type="module"]').count()).toBe(0);
      expect(await page.locator('script').count()).toBe(
        await page
          .locator(
            '[data-header-account] script, script[data-header-inbox-script], script[data-header-menu-script]',
          )
          .count(),
      );
    });

    test('its links lead to datasets, profiles, publishing, browsing and news', async ({
      page,
      request,
      seeded: data,
    }) => {
      await page.goto(home);
      const main = page.getByRole('main');
      await expect(
        main.getByRole('link', { name: s['hero.publish'], exact: true }),
      ).toHaveAttribute('href', `${prefix}/datasets/create`);
      await expect(main.getByRole('link', { name: s['hero.browse'], exact: true })).toHaveAttribute(
        'href',
        `${prefix}/datasets`,
      );
      await expect(
        main.getByRole('link', { name: s['trending.more'], exact: true }),
      ).toHaveAttribute('href', `${prefix}/datasets?sort=heat`);
      await expect(main.getByRole('link', { name: s['news.more'], exact: true })).toHaveAttribute(
        'href',
        `${prefix}/news`,
      );
      // Every link in the page body answers 200.
      const hrefs = new Set(
        await main
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')),
      );
      expect(hrefs.size).toBeGreaterThan(8);
      for (const href of hrefs) {
        expect(href.startsWith(prefix ? `${prefix}/` : '/'), href).toBe(true);
        expect((await request.get(href)).status(), href).toBe(200);
      }
      // Following one for real: browse, then the seeded dataset from the home page.
      await main.getByRole('link', { name: s['hero.browse'], exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${escape(prefix)}/datasets$`));
      await page.goBack();
      // (Seeded in the first test, which waited for the home page to show them.)
      await main.getByRole('link', { name: data.public[0].name }).first().click();
      await expect(page).toHaveURL(new RegExp(`${escape(prefix)}/datasets/${data.public[0].id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.public[0].name);
    });

    test('has no accessibility violations', async ({ page, axe }) => {
      await page.goto(home);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa', 'wcag21aa']);
    });
  });
}
