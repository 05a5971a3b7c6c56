import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { csvNamed } from '../support/dataset-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { sideways } from '../support/phone.ts';
import { translator } from '../support/translator.ts';

/** A column name and a cell as long as a real survey's: one has no place to break. */
const LONG_COLUMNS = ['第0列_非常长的列名称用于测试表头换行与溢出情况', 'source_url_of_the_record'];
const longRow = (i: number) => [
  `这是第${i}行的一段很长很长的中文单元格内容，用来检查表格在手机上的显示。`,
  `https://example.com/${'verylongpathsegment'.repeat(6)}/${i}`,
];

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test(`${locale} at 390 px: column statistics and the comparison of versions fit the phone`, async ({
    newPage,
    createAccount,
    createDataset,
    request,
  }) => {
    const owner = await createAccount({ prefix: 's' });
    const { id } = await createDataset(owner, {
      name: `宽表 ${owner.username}`,
      attributes: LONG_COLUMNS,
      entries: [1, 2, 3].map(longRow),
    });
    const added = await request.post(`/api/v1/datasets/${id}/versions`, {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { attributes: LONG_COLUMNS, entries: [2, 3, 4].map(longRow) },
    });
    expect(added.status()).toBe(201);

    const page = await newPage({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    await page.goto(`${localePrefix(locale)}/datasets/${id}`);
    await expect(page.locator('astro-island[ssr]:has([data-testid="data-viewer"])')).toHaveCount(0);
    const viewer = page.getByTestId('data-viewer');
    /** Whether every card of `region` ends inside the window. */
    const inside = (selector: string) =>
      viewer
        .locator(selector)
        .evaluateAll((cards) => cards.every((c) => c.getBoundingClientRect().right <= 390));

    await viewer.getByRole('button', { name: t('viewer:showStats'), exact: true }).click();
    const stats = viewer.getByRole('region', { name: t('viewer:stats.heading', { version: 2 }) });
    await expect(stats.getByText(LONG_COLUMNS[1]!, { exact: false })).toBeVisible();
    expect(await inside('section[aria-labelledby="viewer-stats"] li')).toBe(true);
    expect(await sideways(page), 'the statistics scroll sideways').toBeLessThanOrEqual(0);

    await viewer.getByRole('button', { name: t('viewer:showCompare'), exact: true }).click();
    const compare = viewer.getByRole('region', { name: t('viewer:compare.heading') });
    const key = compare.getByLabel(t('viewer:compare.key'));
    await key.selectOption(LONG_COLUMNS[0]!);
    expect(await inside('section[aria-labelledby="viewer-compare"] label')).toBe(true);
    expect(await sideways(page), 'the comparison scrolls sideways').toBeLessThanOrEqual(0);
  });
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test(`${locale} at 390 px: the data file picker speaks the page's language`, async ({
    newPage,
    openCreateForm,
  }) => {
    const page = await newPage({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    await openCreateForm(page, { locale });
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByText(t('datasets:table.noFile'), { exact: true })).toBeVisible();
    // The browser's own button ("Choose File" in the browser's language) is not what is shown.
    const input = page.getByLabel(t('datasets:table.file'), { exact: true });
    expect((await input.boundingBox())!.width).toBeLessThanOrEqual(1);

    const chooser = page.waitForEvent('filechooser');
    await page.getByText(t('datasets:table.choose'), { exact: true }).click();
    await (
      await chooser
    ).setFiles({
      name: '城市人口.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('城市,人口\n北京,2189\n', 'utf8'),
    });
    await expect(page.getByText('城市人口.csv', { exact: true })).toBeVisible();
    await expect(page.getByTestId('table-summary')).toContainText('城市人口.csv');
    expect(await sideways(page), 'the form scrolls sideways').toBeLessThanOrEqual(0);
  });

  test(`${locale} at 390 px: the headings of number columns in the table check stay on one line`, async ({
    newPage,
    openCreateForm,
  }) => {
    const page = await newPage({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    // Two columns whose names differ only in case (one problem for the whole table), and a
    // long column name that widens the column of names.
    await openCreateForm(page, {
      locale,
      files: csvNamed(
        'cities.csv',
        `a,A,${'第0列_非常长的列名称用于测试表头换行与溢出情况'.repeat(2)}\n1,2,3\n`,
      ),
    });
    /** How many lines a column heading's text takes. */
    const lines = (name: string) =>
      page
        .getByRole('columnheader', { name, exact: true })
        .last()
        .evaluate((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
    await expect(
      page.getByRole('columnheader', { name: t('datasets:validation.count'), exact: true }),
    ).toBeVisible();
    expect(await lines(t('datasets:table.problems'))).toBe(1);
    expect(await lines(t('datasets:validation.count'))).toBe(1);
  });
}
