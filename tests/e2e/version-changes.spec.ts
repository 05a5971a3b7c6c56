/**
 * The versions tab says what changed in each version (docs/living-datasets.md, "What changed"):
 * a line per version, and the full summary of the version the address names at the top, in
 * both languages, without JavaScript, passing axe; the page's head links the versions Atom feed.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`what changed, in ${locale}`, () => {
    test.use({ locale, javaScriptEnabled: false });

    test(`the versions tab shows each version's change and the summary of one, in ${locale}`, async ({
      page,
      request,
      account,
      createDataset,
      uniqueName,
    }) => {
      const dataset = await createDataset(account, {
        name: uniqueName('changes'),
        attributes: ['城市', '人口'],
        entries: [
          ['北京', 100],
          ['上海', 200],
        ],
      });
      const res = await request.post(`/api/v1/datasets/${dataset.id}/versions`, {
        headers: { authorization: `Bearer ${account.token}` },
        data: {
          attributes: ['城市', '人口', '面积'],
          entries: [
            ['北京', 100, 16410],
            ['广州', 300, 7434],
          ],
        },
      });
      expect(res.status()).toBe(201);
      await page.goto(at(`/datasets/${dataset.id}?tab=versions`));
      const line =
        locale === 'en-US'
          ? 'v2: +1 row, −1 row, column `面积` added'
          : 'v2：新增 1 行，删除 1 行，新增列 `面积`';
      const summary = page.getByRole('region', {
        name: t('changes:heading', { version: '2' }),
      });
      await expect(summary).toContainText(line);
      await expect(summary.getByRole('rowheader', { name: '面积' })).toBeVisible();
      await expect(page.getByRole('link', { name: line })).toHaveAttribute(
        'href',
        at(`/datasets/${dataset.id}?tab=versions&v=2`),
      );
      await expect(
        page.locator('link[rel="alternate"][type="application/atom+xml"]'),
      ).toHaveAttribute('href', at(`/datasets/${dataset.id}/versions.atom`));
      if (process.env['SHOT'])
        await page.screenshot({ path: `/tmp/changes-${locale}.png`, fullPage: true });
      const feed = await request.get(at(`/datasets/${dataset.id}/versions.atom`));
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain(`<title>${line}</title>`);
    });
  });

  test.describe(`what changed with JavaScript, in ${locale}`, () => {
    test.use({ locale });

    test(`the versions tab with a summary passes axe (WCAG 2 A and AA), in ${locale}`, async ({
      page,
      request,
      account,
      createDataset,
      uniqueName,
      axe,
    }) => {
      const dataset = await createDataset(account, {
        name: uniqueName('changes-axe'),
        attributes: ['id', 'v'],
        entries: [
          [1, 'a'],
          [2, 'b'],
        ],
      });
      const res = await request.post(`/api/v1/datasets/${dataset.id}/versions`, {
        headers: { authorization: `Bearer ${account.token}` },
        data: {
          attributes: ['id', 'v'],
          entries: [
            [1, 'a'],
            [3, 'c'],
          ],
        },
      });
      expect(res.status()).toBe(201);
      await page.goto(at(`/datasets/${dataset.id}?tab=versions&v=2`));
      await expect(
        page.getByRole('heading', { name: t('changes:heading', { version: '2' }) }),
      ).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);
    });
  });
}
