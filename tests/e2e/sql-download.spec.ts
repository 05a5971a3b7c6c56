import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test, type Fixtures } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const COLUMNS = ['城市', '备注', '人口'];
const ROWS = [
  ['北京', 'capital, "big"', 21_893_095],
  ['上海', null, 24_870_895],
  ['广州', 'south', 18_676_605],
];

/** More rows than the console keeps (10,000), so the downloads run the statement again. */
const MANY = 10_050;

/**
 * Makes a dataset of `attributes` and `entries`, opens its page in `locale` and its SQL console;
 * resolves once the console can run a query.
 */
async function openConsole(
  {
    createAccount,
    createDataset,
    newPage,
  }: Pick<Fixtures, 'createAccount' | 'createDataset' | 'newPage'>,
  locale: Locale,
  dataset: { name: string; attributes: string[]; entries: unknown[][] },
) {
  const t = translator(locale);
  const owner = await createAccount({ prefix: 'q' });
  const { id } = await createDataset(owner, {
    ...dataset,
    name: `${dataset.name} ${owner.username}`,
  });
  const page = await newPage({ locale, viewport: { width: 1280, height: 900 } });
  await page.goto(`${localePrefix(locale)}/datasets/${id}?tab=sql`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
  );
  await page.getByRole('button', { name: t('sql:open'), exact: true }).click();
  await expect(page.getByRole('button', { name: t('sql:run'), exact: true })).toBeEnabled({
    timeout: 30_000,
  });
  return { page, id };
}

/** Runs `sql` in the open console; resolves once its result is shown. */
async function runQuery(page: Page, t: ReturnType<typeof translator>, sql: string) {
  await page.getByLabel(t('sql:query'), { exact: true }).fill(sql);
  await page.getByRole('button', { name: t('sql:run'), exact: true }).click();
  await expect(page.getByTestId('sql-summary')).toBeVisible({ timeout: 60_000 });
}

/** The summary of a result of `total` rows of which `kept` are shown, whatever the time taken. */
function cappedSummary(locale: Locale, total: number, kept: number) {
  const t = translator(locale);
  const text = t('sql:resultCapped', {
    total: total.toLocaleString(locale),
    ms: '\u0000',
    kept: kept.toLocaleString(locale),
  });
  const pattern = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '[\\d,]+');
  return new RegExp(`^${pattern}$`);
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test(`${locale}: a SQL console result downloads as a CSV file`, async ({
    createAccount,
    createDataset,
    newPage,
  }) => {
    const { page, id } = await openConsole({ createAccount, createDataset, newPage }, locale, {
      name: '查询',
      attributes: COLUMNS,
      entries: ROWS,
    });
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
    const { page, id } = await openConsole({ createAccount, createDataset, newPage }, locale, {
      name: '长查询',
      attributes: ['n', 'label'],
      entries: Array.from({ length: MANY }, (_, i) => [i + 1, i % 7 === 0 ? null : `r, ${i + 1}`]),
    });
    const total = MANY.toLocaleString(locale);
    // A trailing semicolon and comment: the Parquet file is written from the statement wrapped.
    await runQuery(page, t, 'SELECT n, label FROM t ORDER BY n; -- every row');
    await expect(page.getByTestId('sql-summary')).toHaveText(cappedSummary(locale, MANY, 10_000));
    // Ordered, the whole result comes in the order shown: no note about it.
    await expect(page.getByText(t('sql:wholeOrder'), { exact: true })).toBeHidden();

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

    // DuckDB-WASM says nothing in the console while it writes the file.
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
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
    expect(logged.filter((text) => text.includes('Buffering missing file'))).toEqual([]);
    await expect(page.getByRole('button', { name: t('sql:run'), exact: true })).toBeEnabled();
  });

  test(`${locale}: a result of a million rows says so and shows its first 10,000`, async ({
    createAccount,
    createDataset,
    newPage,
  }) => {
    const { page } = await openConsole({ createAccount, createDataset, newPage }, locale, {
      name: '百万行',
      attributes: COLUMNS,
      entries: ROWS,
    });
    // Counted as it streams, in about 500 record batches; only the first 10,000 rows are kept.
    const query = page.getByLabel(t('sql:query'), { exact: true });
    const run = page.getByRole('button', { name: t('sql:run'), exact: true });
    await query.fill('SELECT n, n % 7 AS r FROM t, range(1000000) AS s(n) WHERE 人口 > 24000000');
    await run.click();
    // (That Ctrl+Enter runs nothing else meanwhile is tests/unit/sql-one-run.test.tsx: here the
    // query may end before the keys are pressed.)
    await expect(page.getByTestId('sql-summary')).toHaveText(
      cappedSummary(locale, 1_000_000, 10_000),
      { timeout: 60_000 },
    );
    await expect(run).toBeEnabled();
    const table = page.getByRole('region', { name: t('sql:region') });
    await expect(table.getByRole('row').nth(1)).toHaveText('00');
    await expect(
      page.getByText(t('sql:rows', { first: 1, last: 50 }), { exact: true }),
    ).toBeVisible();
    // Not ordered: the whole download, read again, may come in another order, and the page says so.
    await expect(page.getByText(t('sql:wholeOrder'), { exact: true })).toBeVisible();
  });
}
