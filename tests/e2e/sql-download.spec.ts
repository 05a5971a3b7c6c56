import { readFile } from 'node:fs/promises';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const COLUMNS = ['城市', '备注', '人口'];
const ROWS = [
  ['北京', 'capital, "big"', 21_893_095],
  ['上海', null, 24_870_895],
  ['广州', 'south', 18_676_605],
];

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
    await page.waitForFunction(() =>
      [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
    );
    await page.getByRole('button', { name: t('sql:open'), exact: true }).click();
    const run = page.getByRole('button', { name: t('sql:run'), exact: true });
    await expect(run).toBeEnabled({ timeout: 30_000 });
    await page
      .getByLabel(t('sql:query'), { exact: true })
      .fill('SELECT 城市, 备注, 人口 FROM t ORDER BY 人口 DESC');
    await run.click();
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
}
