/**
 * The dataset page opens on the data, and every view of it is an address: at 390 and 1280 px in
 * both languages the first row is in the first screen; a click on a header's histogram bar adds
 * its filter to the address and the rows call; Back, Forward and reload walk through the views.
 */
import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const COLUMNS = ['编号', '城市', '得分'];
const CITIES = ['北京', '上海', '广州', '深圳'];
/** 120 rows: three pages of 50; 得分 from 4 to 240, with an empty one every 10th row. */
const ROWS = Array.from({ length: 120 }, (_, i) => [
  i + 1,
  CITIES[i % 4],
  i % 10 === 0 ? null : (i + 1) * 2,
]);

const test = base.extend<{ datasetId: number }>({
  datasetId: async ({ createAccount, createDataset }, use) => {
    const owner = await createAccount({ prefix: 'a' });
    const { id } = await createDataset(owner, {
      name: `地址 ${owner.username}`,
      description: 'Rows for the address of a view.',
      tags: ['cities', 'scores'],
      attributes: COLUMNS,
      entries: ROWS,
    });
    await use(id);
  },
});

/** The filters of the page's address, as JSON. */
const addressFilters = (page: Page) =>
  JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '[]') as unknown[];

/** The viewer has hydrated and follows Back and Forward (its controls are enabled after that). */
const hydrated = (page: Page, t: ReturnType<typeof translator>) =>
  expect(page.getByRole('button', { name: t('viewer:link.copy'), exact: true })).toBeEnabled();

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;
  const caption = (first: number, last: number) =>
    t('viewer:caption', { version: 1, first, last, total: 120 });

  test(`in ${locale} the page opens on the data and each view is an address`, async ({
    newPage,
    datasetId,
  }) => {
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const page = await newPage({ locale, viewport: { width, height } });
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(String(e)));
      await page.goto(at(`/datasets/${datasetId}`));
      const viewer = page.getByTestId('data-viewer');
      const table = viewer.getByRole('table');
      // The first row is in the first screen, under a title block of at most ~200 px.
      await expect(table.locator('tbody tr').first()).toBeInViewport();
      const title = await page.locator('article > header').boundingBox();
      expect(title?.height ?? 999).toBeLessThanOrEqual(width < 640 ? 210 : 140);
      await expect(
        page.getByRole('link', { name: t('datasets:tab.data'), exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      await hydrated(page, t);

      // Page 2, then a click on the first bar of 得分's histogram: its range is a filter, in the
      // address and in the rows call, shown as a chip; the view is back on its first page.
      await viewer.getByRole('button', { name: t('viewer:next'), exact: true }).click();
      await expect(table.locator('caption')).toHaveText(caption(51, 100));
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      const header = table.getByRole('columnheader', { name: /得分/ });
      const asked = page.waitForRequest((r) => r.url().includes('/rows?'));
      // By keyboard: the chart is one Tab stop, the arrows move between its bars, Enter adds one.
      const bars = header.locator('[data-testid="header-chart"] [data-bar]');
      await bars.nth(0).focus();
      await page.keyboard.press('ArrowRight');
      await expect(bars.nth(1)).toBeFocused();
      await expect(bars.nth(0)).toHaveAttribute('tabindex', '-1');
      await page.keyboard.press('ArrowLeft');
      await expect(bars.nth(0)).toBeFocused();
      await page.keyboard.press('Enter');
      const sent = new URL((await asked).url()).searchParams;
      const filter = JSON.parse(sent.get('filters') ?? '[]') as [
        { column: string; op: string; value: [number, number] },
      ];
      expect(filter).toEqual([{ column: '得分', op: 'between', value: [4, expect.any(Number)] }]);
      expect(filter[0].value[1]).toBeLessThan(240);
      expect(sent.get('offset')).toBe('0');
      await expect(page).toHaveURL((url) => !url.searchParams.has('page'));
      expect(addressFilters(page)).toEqual(filter);
      const chip = viewer.getByRole('button', { name: /得分: 4 – / });
      await expect(chip).toBeVisible();

      // Reload: the server renders the same view (the chip, the filter in the tab links).
      await page.reload();
      await expect(chip).toBeVisible();
      const card = page.getByRole('link', { name: t('datasets:tab.card'), exact: true });
      await expect(card).toHaveAttribute('href', /tab=card&filters=/);
      await hydrated(page, t);

      // Back: page 2 without the filter; Forward: the filter again.
      await page.goBack();
      await expect(table.locator('caption')).toHaveText(caption(51, 100));
      await expect(chip).toHaveCount(0);
      expect(addressFilters(page)).toEqual([]);
      await page.goForward();
      await expect(chip).toBeVisible();
      expect(addressFilters(page)).toEqual(filter);

      // The chip removes its filter.
      await chip.click();
      await expect(chip).toHaveCount(0);
      await expect(page).toHaveURL((url) => !url.searchParams.has('filters'));

      // The language switcher keeps the view: page 2 in the other language, from the server.
      if (width === 1280) {
        await viewer.getByRole('button', { name: t('viewer:next'), exact: true }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
        const otherT = translator(locale === 'zh-CN' ? 'en-US' : 'zh-CN');
        const other = t(`common:locale.${locale === 'zh-CN' ? 'en-US' : 'zh-CN'}`);
        await page.getByRole('banner').getByRole('link', { name: other, exact: true }).click();
        await expect(table.locator('caption')).toHaveText(
          otherT('viewer:caption', { version: 1, first: 51, last: 100, total: 120 }),
        );
        expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      }
      expect(problems).toEqual([]);
    }
  });
}
