import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const COLUMNS = ['城市', '备注', '人口'];
const ROWS = [
  ['北京', 'capital, "big"', 21_893_095],
  ['上海', null, 24_870_895],
  ['广州', 'south', 18_676_605],
];

/** More rows than the console keeps (10,000), so the downloads run the statement again. */
const MANY = 10_050;

/** Opens the dataset's SQL console and runs `sql`; resolves once its result is shown. */
async function runQuery(page: Page, t: ReturnType<typeof translator>, sql: string) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
  );
  await page.getByRole('button', { name: t('sql:open'), exact: true }).click();
  const run = page.getByRole('button', { name: t('sql:run'), exact: true });
  await expect(run).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel(t('sql:query'), { exact: true }).fill(sql);
  await run.click();
  await expect(page.getByTestId('sql-summary')).toBeVisible({ timeout: 30_000 });
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test(`${locale}: a SQL console result downloads as a CSV file`, async ({
    createAccount,
    createDataset,
    newPage,
  }) => {
    const owner = await createAccount({ prefix: 'q' });
    const { id } = await createDataset(owner, {
      name: `查询 ${owner.username}`,
      attributes: COLUMNS,
      entries: ROWS,
    });
    const page = await newPage({ locale, viewport: { width: 1280, height: 900 } });
    await page.goto(`${localePrefix(locale)}/datasets/${id}`);
    await runQuery(page, t, 'SELECT 城市, 备注, 人口 FROM t ORDER BY 人口 DESC');
    const save = page.getByRole('button', { name: t('sql:download'), exact: true });
    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^sheaf-${id}-v1-query-.+\\.csv$`));
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toBe(
      '\uFEFF城市,备注,人口\r\n' +
        '上海,,24870895\r\n' +
        '北京,"capital, ""big""",21893095\r\n' +
        '广州,south,18676605\r\n',
    );
  });

  test(`${locale}: a result of more rows than are kept downloads whole, as CSV and Parquet`, async ({
    createAccount,
    createDataset,
    newPage,
  }) => {
    const owner = await createAccount({ prefix: 'q' });
    const { id } = await createDataset(owner, {
      name: `长查询 ${owner.username}`,
      attributes: ['n', 'label'],
      entries: Array.from({ length: MANY }, (_, i) => [i + 1, i % 7 === 0 ? null : `r, ${i + 1}`]),
    });
    const page = await newPage({ locale, viewport: { width: 1280, height: 900 } });
    await page.goto(`${localePrefix(locale)}/datasets/${id}`);
    const total = MANY.toLocaleString(locale);
    // A trailing semicolon and comment: the Parquet file is written from the statement wrapped.
    await runQuery(page, t, 'SELECT n, label FROM t ORDER BY n; -- every row');

    const csvButton = page.getByRole('button', {
      name: t('sql:downloadAll', { total }),
      exact: true,
    });
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    expect(csvDownload.suggestedFilename()).toMatch(new RegExp(`^sheaf-${id}-v1-query-.+\\.csv$`));
    const csv = await readFile(await csvDownload.path(), 'utf8');
    const expected = Array.from(
      { length: MANY },
      (_, i) => `${i + 1},${i % 7 === 0 ? '' : `"r, ${i + 1}"`}\r\n`,
    );
    expect(csv).toBe(`\uFEFFn,label\r\n${expected.join('')}`);

    const parquetButton = page.getByRole('button', {
      name: t('sql:downloadAllParquet', { total }),
      exact: true,
    });
    const [parquetDownload] = await Promise.all([
      page.waitForEvent('download'),
      parquetButton.click(),
    ]);
    expect(parquetDownload.suggestedFilename()).toMatch(
      new RegExp(`^sheaf-${id}-v1-query-.+\\.parquet$`),
    );
    const parquet = await readFile(await parquetDownload.path());
    expect(parquet.subarray(0, 4).toString('latin1')).toBe('PAR1');
    expect(parquet.subarray(-4).toString('latin1')).toBe('PAR1');
    await expect(page.getByRole('button', { name: t('sql:run'), exact: true })).toBeEnabled();
  });
}
