/**
 * The dataset pages pass axe (WCAG 2 A and AA): the list, a search with its marks, a dataset's
 * page, the create, edit and new version forms with a table chosen, and my datasets.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { csvFile } from '../support/dataset-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`dataset pages in ${locale}`, () => {
    test.use({ locale });

    test('list, detail, create, edit, new version and my datasets pages pass axe (WCAG 2 A and AA)', async ({
      page,
      account: owner,
      createDataset,
      signIn,
      uniqueName,
      axe,
    }) => {
      const dataset = await createDataset(owner, {
        name: locale === 'zh-CN' ? `水果 ${uniqueName('d')}` : `Fruit ${uniqueName('d')}`,
        description: 'A small table.',
        tags: ['fruit'],
      });

      await page.goto(at('/datasets?tags=fruit'));
      await expect(page.getByRole('link', { name: dataset.name, exact: true })).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);

      // A search marks what matched (the tag here), in colours with enough contrast.
      await page.goto(at(`/datasets?query=fruit&tags=fruit`));
      await expect(page.locator('mark', { hasText: 'fruit' }).first()).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);

      await page.goto(at(`/datasets/${dataset.id}`));
      await expect(page.getByRole('heading', { level: 1, name: dataset.name })).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);

      await signIn(page, owner);
      await page.goto(at('/datasets/create'));
      await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles(csvFile());
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await axe(page, ['wcag2a', 'wcag2aa']);

      await page.goto(at(`/datasets/edit?id=${dataset.id}`));
      await expect(page.getByLabel(t('datasets:meta.name'), { exact: true })).toHaveValue(
        dataset.name,
      );
      await axe(page, ['wcag2a', 'wcag2aa']);

      await page.goto(at(`/datasets/version/create?id=${dataset.id}`));
      await page.getByLabel(t('datasets:version.fromLatest'), { exact: true }).check();
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await axe(page, ['wcag2a', 'wcag2aa']);

      await page.goto(at('/datasets/my'));
      await expect(page.getByRole('link', { name: dataset.name, exact: true })).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);
    });
  });
}
