/**
 * A dataset's page: its card rendered (markup shown as text, scripts never run), for the public
 * and for its owner once private; an id that is not one, and a private dataset for a guest.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { csvNamed } from '../support/dataset-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`the dataset page in ${locale}`, () => {
    test.use({ locale });

    test('a dataset card is previewed, published and shown rendered, its markup as text', async ({
      page,
      account,
      openCreateForm,
      uniqueName,
      axe,
    }) => {
      const name = `card ${uniqueName('d')}`;
      await openCreateForm(page, { files: csvNamed('cities.csv', '城市,人口\n北京,2189\n') });
      await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill(name);
      const card = [
        '# 数据来源',
        '',
        '| 列 | 含义 |',
        '| --- | --- |',
        '| 人口 | 常住人口（万） |',
        '',
        '<script>window.cardRan = true</script>',
        '',
        // A line wider than the page: its block scrolls sideways, from the keyboard too (axe).
        '```',
        `SELECT ${'城市, 人口, '.repeat(40)}年份 FROM t`,
        '```',
      ].join('\n');
      await page.getByLabel(t('datasets:readme.label'), { exact: true }).fill(card);
      await page.getByRole('button', { name: t('datasets:readme.preview'), exact: true }).click();
      const preview = page.getByTestId('readme-preview');
      await expect(preview.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(preview.getByRole('cell', { name: '常住人口（万）' })).toBeVisible();
      await expect(preview).toContainText('<script>window.cardRan = true</script>');
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();

      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const shown = page.getByRole('region', { name: t('datasets:detail.readme') });
      await expect(shown.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(shown.getByRole('cell', { name: '人口', exact: true })).toBeVisible();
      await expect(shown).toContainText('<script>window.cardRan = true</script>');
      await expect(shown.locator('script')).toHaveCount(0);
      expect(await page.evaluate(() => 'cardRan' in window)).toBe(false);
      await axe(page, ['wcag2a', 'wcag2aa']);

      // Made private, its owner's view (read through the API) shows the card rendered the same.
      const id = new URL(page.url()).pathname.split('/').at(-1);
      const hidden = await page.request.put(`/api/v1/datasets/${id}`, {
        headers: { authorization: `Bearer ${account.token}` },
        data: { is_public: false },
      });
      expect(hidden.status()).toBe(200);
      await page.reload();
      await expect(page.getByText(t('datasets:private.notice'))).toBeVisible();
      const own = page.getByRole('region', { name: t('datasets:detail.readme') });
      await expect(own.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(own.getByRole('cell', { name: '常住人口（万）' })).toBeVisible();
      await expect(own).toContainText('<script>window.cardRan = true</script>');
      await expect(own.locator('script')).toHaveCount(0);
      expect(await page.evaluate(() => 'cardRan' in window)).toBe(false);
    });

    test('an id that is not one is the fatal 404; a private dataset is 404 for a guest', async ({
      page,
      account: owner,
      createDataset,
      uniqueName,
    }) => {
      const invalid = await page.goto(at('/datasets/abc'));
      expect(invalid?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(
        `Page Not Found: ${at('/datasets/abc')}`,
      );

      const secret = await createDataset(owner, { name: uniqueName('d'), is_public: false });
      const hidden = await page.goto(at(`/datasets/${secret.id}`));
      expect(hidden?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(
        `Page not found: ${at(`/datasets/${secret.id}`)}`,
      );
      await expect(page.getByRole('heading', { name: secret.name })).toHaveCount(0);
    });
  });
}
