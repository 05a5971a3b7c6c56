/**
 * What the browser tests of the dataset pages share (tests/e2e/dataset-*.spec.ts): the test
 * table as a chosen file, the create form with a file chosen, and the id in a dataset page's
 * address. Accounts, signing in and datasets made through the API are fixtures (fixtures.ts).
 */
import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { translator } from './translator.ts';

/**
 * The test table: Chinese text, a comma, quotes and a line break inside cells. Records are
 * written with "\n"; a CSV download is the same table after the normalisation of docs/tables.md:
 * a UTF-8 byte order mark first, "\r\n" after every record, fields quoted only when they hold a
 * comma, a quote or a line break (or start or end with a space), integers written plainly.
 */
const RECORDS = [
  '城市,人口,备注',
  '北京,21893095,"首都,直辖市"',
  '上海,24870895,"他说:""你好"""',
  '广州,18676605,"第一行\n第二行"',
];
const originalCsv = RECORDS.join('\n') + '\n';

/** The test table as a CSV download writes it. */
export const normalisedCsv = '\uFEFF' + RECORDS.map((r) => `${r}\r\n`).join('');

/** The test table as a chosen file, held in memory (nothing left in the temporary folder). */
export const csvFile = () => ({
  name: 'cities.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(originalCsv, 'utf8'),
});

/** A dataset page's path: /datasets/<id>, under /en-US/ in English. */
export const datasetPath = /^\/(en-US\/)?datasets\/(\d+)$/;

/** The id of the dataset whose page `page` shows. */
export const datasetIdOf = (page: Page) =>
  Number(datasetPath.exec(new URL(page.url()).pathname)?.[2]);

/**
 * The create page in `locale` (for a signed-in page) with `csv` chosen as the file named `name`.
 */
export async function createFormWith(page: Page, locale: Locale, name: string, csv: string) {
  const t = translator(locale);
  await page.goto(`${localePrefix(locale)}/datasets/create`);
  await page
    .getByLabel(t('datasets:table.file'), { exact: true })
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
}
