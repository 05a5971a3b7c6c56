/**
 * What the browser tests of the dataset pages share (tests/e2e/dataset-*.spec.ts): the test
 * table and other CSV text as a chosen file, the rows of the form's table check, and the id in a
 * dataset page's address. Accounts,
 * signing in, the create page opened signed in and datasets made through the API are fixtures
 * (fixtures.ts).
 */
import type { Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales.ts';
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

/** `text` as a chosen CSV file named `name`, held in memory (nothing left in the temporary folder). */
export const csvNamed = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

/** The test table as a chosen file. */
export const csvFile = () => csvNamed('cities.csv', originalCsv);

/** The rows of the create form's table check in `locale`: a heading row, then one a problem. */
export const problemRows = (page: Page, locale: Locale) =>
  page
    .getByRole('region', { name: translator(locale)('datasets:validation.caption') })
    .getByRole('row');

/** A dataset page's path: /datasets/<id>, under /en-US/ in English. */
export const datasetPath = /^\/(en-US\/)?datasets\/(\d+)$/;

/** The id of the dataset whose page `page` shows. */
export const datasetIdOf = (page: Page) =>
  Number(datasetPath.exec(new URL(page.url()).pathname)?.[2]);
