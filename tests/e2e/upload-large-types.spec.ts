/**
 * A CSV file over 8 MB whose rows past the sample hold a value the type chosen on the page
 * refuses: the form's pass over the whole file names that row with the server's problem, in the
 * page's language, before anything is uploaded. It used to check only the sample, so the server
 * refused the file after the whole upload. The same pass infers the proposed types over every
 * row: `id` is proposed as text (the sample alone said integer), and a clean check says that all
 * rows were checked (it used to say "the first 1000 rows").
 */
import { LARGE_FILE_BYTES } from '../../src/lib/tables/draft.ts';
import { numberFormat } from '../../src/lib/intl.ts';
import { problemRows } from '../support/dataset-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const line = `1,${'x'.repeat(200)}\n`;
const rows = Math.ceil(LARGE_FILE_BYTES / line.length) + 10;
const csv = Buffer.from('id,note\n' + line.repeat(rows) + 'n/a,y\n');
const locale = 'zh-CN';
const t = translator(locale);

test.use({ locale });

test('a type chosen on the page that a later row refuses is a problem of the check', async ({
  page,
  openCreateForm,
  uniqueName,
}) => {
  await openCreateForm(page, {
    name: uniqueName('big'),
    files: { name: 'big.csv', mimeType: 'text/csv', buffer: csv },
  });
  // Proposed from every row, as the server infers it: `id` is text, and the page says why.
  const idType = page.getByLabel(t('datasets:table.typeFor', { column: 'id' }), { exact: true });
  await expect(idType).toHaveValue('string');
  await expect(page.getByTestId('types-retyped')).toHaveText(
    t('datasets:table.retyped', { columns: 'id' }),
  );
  await expect(page.getByTestId('validation-status')).toHaveText(
    t('datasets:validation.validAll', { rows: numberFormat(locale).format(rows + 1) }),
  );
  await idType.selectOption('number');
  await page.getByRole('button', { name: t('datasets:validation.check'), exact: true }).click();
  await expect(page.getByTestId('validation-status')).toHaveText(
    t('datasets:validation.invalid', { count: 1 }),
  );
  await expect(problemRows(page, locale).nth(1).getByRole('cell')).toHaveText([
    'id',
    t('errors:INVALID_NUMBER'),
    '1',
    numberFormat(locale).format(rows + 1),
  ]);
});
