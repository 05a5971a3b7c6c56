/**
 * Column descriptions: the dataset page lists the latest version's columns with their types and
 * descriptions (no JavaScript needed), the data viewer's headers carry them, and the owner
 * writes one in the edit form, with a character counter.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`column descriptions in ${locale}`, () => {
    test.use({ locale });

    test('the dataset page shows the Columns section and the edit form saves a description', async ({
      page,
      newPage,
      account,
      createDataset,
      signIn,
      uniqueName,
      axe,
    }) => {
      const dataset = await createDataset(account, {
        name: `columns ${uniqueName('d')}`,
        column_descriptions: { 名称: '水果的中文名称 (fruit name)' },
      });

      // A guest without JavaScript reads the section: name, type and description, or none.
      const reader = await newPage({ javaScriptEnabled: false });
      await reader.goto(at(`/datasets/${dataset.id}`));
      const section = reader.getByRole('region', { name: t('datasets:detail.columns') });
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(
        t('datasets:detail.columns'),
      );
      const terms = section.getByRole('term');
      await expect(terms).toHaveText([
        `名称 · ${t('datasets:type.string')}`,
        `数量 · ${t('datasets:type.integer')}`,
      ]);
      await expect(section.getByRole('definition')).toHaveText([
        '水果的中文名称 (fruit name)',
        t('datasets:columns.noDescription'),
      ]);
      // The data viewer's header carries it too.
      await expect(reader.getByTestId('column-description')).toHaveText(
        '水果的中文名称 (fruit name)',
      );
      await reader.context().close();
      // With its islands running, the page still passes axe (contrast, heading order).
      await page.goto(at(`/datasets/${dataset.id}`));
      await expect(page.getByTestId('column-description')).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);

      // The owner describes the second column in the edit form.
      await signIn(page, account);
      await page.goto(at(`/datasets/edit?id=${dataset.id}`));
      const label = t('datasets:columns.label', {
        name: '数量',
        type: t('datasets:type.integer'),
      });
      const box = page.getByLabel(label, { exact: true });
      await expect(box).toHaveValue('');
      await expect(
        page.getByLabel(
          t('datasets:columns.label', { name: '名称', type: t('datasets:type.string') }),
          { exact: true },
        ),
      ).toHaveValue('水果的中文名称 (fruit name)');
      await box.fill('  库存数量  ');
      await expect(
        page.getByText(t('common:common.length', { count: '4', max: '1,000' })),
      ).toBeVisible();
      await page.getByRole('button', { name: t('datasets:columns.save'), exact: true }).click();
      await expect(
        page.getByRole('status').filter({ hasText: t('datasets:columns.saved') }),
      ).toBeVisible();
      await expect(box).toHaveValue('库存数量');

      await page.goto(at(`/datasets/${dataset.id}`));
      await expect(
        page.getByRole('region', { name: t('datasets:detail.columns') }).getByRole('definition'),
      ).toHaveText(['水果的中文名称 (fruit name)', '库存数量']);
    });
  });
}
