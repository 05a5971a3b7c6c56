/**
 * Column descriptions written in the create form: once a file is read, the owner opens the
 * folded "Column descriptions" block under the columns and types and writes one per column, with
 * a counter. A small file sends them with the dataset as JSON; a file over 8 MB is streamed (its
 * query has no room for them) and they follow by PUT before the page moves on. Either way the new
 * dataset's page lists them in its Columns section.
 */
import type { Locale } from '../../src/i18n/locales.ts';
import { LARGE_FILE_BYTES } from '../../src/lib/tables/draft.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const line = '北京,21893095\n';
const FILES = {
  small: Buffer.from('城市,人口\n北京,21893095\n上海,24870895\n'),
  large: Buffer.from('城市,人口\n' + line.repeat(Math.ceil(LARGE_FILE_BYTES / line.length) + 10)),
} as const;

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test.describe(`column descriptions at publish in ${locale}`, () => {
    test.use({ locale });

    for (const size of ['small', 'large'] as const)
      test(`a ${size} file is published with its column descriptions in ${locale}`, async ({
        page,
        openCreateForm,
        uniqueName,
      }) => {
        await openCreateForm(page, {
          name: uniqueName(size),
          files: { name: `${size}.csv`, mimeType: 'text/csv', buffer: FILES[size] },
        });
        const label = (name: string, type: 'string' | 'integer') =>
          t('datasets:columns.label', { name, type: t(`datasets:type.${type}`) });
        await page.getByText(t('datasets:columns.optional'), { exact: true }).click();
        const city = page.getByLabel(label('城市', 'string'), { exact: true });
        await city.fill('  城市名称 (city)  ');
        await expect(
          page.getByText(t('common:common.length', { count: '11', max: '1,000' })),
        ).toBeVisible();
        await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();

        await expect(page).toHaveURL((url) => /\/datasets\/\d+$/.test(url.pathname));
        const columns = page.getByRole('region', { name: t('datasets:detail.columns') });
        await expect(columns.getByRole('definition')).toHaveText([
          '城市名称 (city)',
          t('datasets:columns.noDescription'),
        ]);
      });
  });
}
