/**
 * The column types `sheaf pull` saves beside a text download (`FILE.types.json`): chosen in the
 * upload form together with the data file, they set the column types, and the page says so.
 * The form used to read only the first file chosen, so codes such as `1e3` came back as numbers.
 */
import type { Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const csv = Buffer.from('code,zip\n1e3,00123\n2.50,02139\n');
const types = Buffer.from('{"code":"string","zip":"string"}\n');

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test.describe(`a types file chosen with its table in ${locale}`, () => {
    test.use({ locale });

    test('sets the column types it declares, and says so', async ({ page, openCreateForm }) => {
      await openCreateForm(page, {
        files: [
          { name: 'codes.csv', mimeType: 'text/csv', buffer: csv },
          { name: 'codes.csv.types.json', mimeType: 'application/json', buffer: types },
        ],
      });
      await expect(page.getByTestId('types-file')).toHaveText(
        t('datasets:table.typesApplied', {
          name: 'codes.csv.types.json',
          columns: locale === 'zh-CN' ? 'code、zip' : 'code, zip',
        }),
      );
      const typeOf = (column: string) =>
        page.getByLabel(t('datasets:table.typeFor', { column }), { exact: true });
      // Read alone, `1e3` and `2.50` make `code` a number column.
      await expect(typeOf('code')).toHaveValue('string');
      await expect(typeOf('zip')).toHaveValue('string');
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
    });
  });
}
