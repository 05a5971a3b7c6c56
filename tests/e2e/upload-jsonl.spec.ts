/**
 * A JSON Lines file over 8 MB whose later rows add a key: the upload form reads the columns from
 * the first line, as the server's streamed upload does, and says before uploading that the key
 * names no column (the server's UNKNOWN_COLUMN, in the page's language, with its row). It used
 * to pass the form's check and be refused by the server after the upload.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { LARGE_FILE_BYTES } from '../../src/lib/tables/draft.ts';
import { numberFormat } from '../../src/lib/intl.ts';
import { problemRows } from '../support/dataset-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const line = `{"id":1,"note":"${'x'.repeat(200)}"}\n`;
const lines = Math.ceil(LARGE_FILE_BYTES / line.length) + 10;
const later = lines + 1;
const jsonl = Buffer.from(line.repeat(lines) + '{"id":2,"城市":"北京"}\n');

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`a large JSON Lines file in ${locale}`, () => {
    test.use({ locale });

    test('a key a later row adds is a problem of the check, and nothing is uploaded', async ({
      page,
      openCreateForm,
      uniqueName,
    }) => {
      await openCreateForm(page, {
        name: uniqueName('big'),
        files: { name: 'big.jsonl', mimeType: 'application/x-ndjson', buffer: jsonl },
      });
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.invalid', { count: 1 }),
      );
      await expect(problemRows(page, locale).nth(1).getByRole('cell')).toHaveText([
        '城市',
        t('errors:UNKNOWN_COLUMN'),
        '1',
        numberFormat(locale).format(later),
      ]);
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.invalid', { count: 1 }),
      );
      await expect(page).toHaveURL((url) => url.pathname === at('/datasets/create'));
    });
  });
}
