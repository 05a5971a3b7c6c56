/**
 * The create page's upload form: a large file previewed from its first rows, a JSON integer past
 * 2^53, problems grouped by column, the card's byte count, and files it refuses (GBK, a broken
 * JSON Lines line).
 */
import type { Locale } from '../../src/i18n/locales.ts';
import { csvNamed, datasetIdOf, datasetPath, problemRows } from '../support/dataset-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test.describe(`the upload form in ${locale}`, () => {
    test.use({ locale });

    test('a large file is previewed from its first rows, counted exactly, and its types changed', async ({
      page,
      openCreateForm,
      uniqueName,
    }) => {
      // Over the 8 MB sampling threshold: 70,001 data rows, one with a newline in quotes.
      const rows = 70_001;
      const line = `北京,${'x'.repeat(120)},2020\n`;
      const csv = `城市,备注,年份\n"上海","第一行\n有换行",2020\n${line.repeat(rows - 1)}`;
      await openCreateForm(page, { files: csvNamed('big.csv', csv) });
      await expect(page.getByTestId('table-summary')).toHaveText(
        t('datasets:table.summary', {
          name: 'big.csv',
          rows: new Intl.NumberFormat(locale).format(rows),
          columns: 3,
        }),
      );
      // A changed type is declared with the streamed file; the others are inferred from it all.
      const year = page.getByLabel(t('datasets:table.typeFor', { column: '年份' }), {
        exact: true,
      });
      await expect(year).toHaveValue('integer');
      await year.selectOption('string');
      await page
        .getByLabel(t('datasets:meta.name'), { exact: true })
        .fill(`big ${uniqueName('d')}`);
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => datasetPath.test(url.pathname), { timeout: 45_000 });
      const id = datasetIdOf(page);
      const dataset = await (await page.request.get(`/api/v1/datasets/${id}`)).json();
      expect(dataset.versions[0].attribute_types).toEqual({
        城市: 'string',
        备注: 'string',
        年份: 'string',
      });
    });

    test('a JSON file with an integer past 2^53 is published with every digit', async ({
      page,
      openCreateForm,
      uniqueName,
    }) => {
      // What a JSON download of such a table holds, chosen again as a file.
      const json =
        '[\n{"weibo_id":9007199254740993,"城市":"北京"},\n{"weibo_id":1,"城市":"上海"}\n]\n';
      await openCreateForm(page, {
        name: `ids ${uniqueName('d')}`,
        files: { name: 'ids.json', mimeType: 'application/json', buffer: Buffer.from(json) },
      });
      await expect(
        page.getByLabel(t('datasets:table.typeFor', { column: 'weibo_id' }), { exact: true }),
      ).toHaveValue('integer');
      await expect(page.getByRole('cell', { name: '9007199254740993', exact: true })).toBeVisible();
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => datasetPath.test(url.pathname));
      const id = datasetIdOf(page);
      const download = await page.request.get(
        `/api/v1/datasets/${id}/versions/1/download?format=jsonl`,
      );
      expect(await download.text()).toBe(
        '{"weibo_id":9007199254740993,"城市":"北京"}\n{"weibo_id":1,"城市":"上海"}\n',
      );
    });

    test('table problems are grouped by column, with the count and the first rows', async ({
      page,
      openCreateForm,
    }) => {
      const cities = ['北京', '上海', '广州', '深圳', '成都', '杭州', '武汉'];
      const csv = `城市,人口\n${cities.map((c, i) => `${c},${i + 1}`).join('\n')}\n`;
      await openCreateForm(page, { files: csvNamed('cities.csv', csv) });
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      // Declared an integer, the city names fail: one line for the column, not seven.
      await page
        .getByLabel(t('datasets:table.typeFor', { column: '城市' }), { exact: true })
        .selectOption('integer');
      await page.getByRole('button', { name: t('datasets:validation.check'), exact: true }).click();
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.invalid', { count: 7 }),
      );
      const lines = problemRows(page, locale);
      await expect(lines).toHaveCount(2);
      const cells = lines.nth(1).getByRole('cell');
      await expect(cells.nth(0)).toHaveText('城市');
      await expect(cells.nth(2)).toHaveText('7');
      const sep = t('datasets:validation.rowSeparator');
      await expect(cells.nth(3)).toHaveText(
        `${[1, 2, 3, 4, 5].join(sep)}${t('datasets:validation.moreRows')}`,
      );
    });
  });
}

test("the card's byte count is written in the page's language, not the browser's", async ({
  newPage,
  openCreateForm,
}) => {
  const t = translator('en-US');
  // A browser set to German writes 1234 as 1.234; the English page writes 1,234.
  const page = await newPage({ locale: 'de-DE' });
  await openCreateForm(page, { locale: 'en-US' });
  await page.getByLabel(t('datasets:readme.label'), { exact: true }).fill('a'.repeat(1234));
  await expect(
    page.getByText(t('datasets:readme.hint', { count: '1,234', max: '65,536' }), { exact: true }),
  ).toBeVisible();
});

test('a CSV saved as GBK is refused as not UTF-8, keeping what was typed', async ({
  newPage,
  openCreateForm,
}) => {
  const t = translator('zh-CN');
  const page = await newPage({ locale: 'zh-CN' });
  // 名称,数量 / 苹果,3 as Excel saves it in a Chinese Windows: GBK, not UTF-8.
  const gbk = [0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xca, 0xfd, 0xc1, 0xbf, 0x0a, 0xc6, 0xbb, 0xb9, 0xfb];
  await openCreateForm(page, {
    locale: 'zh-CN',
    name: '水果',
    files: {
      name: 'fruit.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([...gbk, 0x2c, 0x33, 0x0a]),
    },
  });
  await expect(page.getByText(t('datasets:table.error.encoding'), { exact: true })).toBeVisible();
  await expect(page.getByLabel(t('datasets:meta.name'), { exact: true })).toHaveValue('水果');
});

test('a JSON Lines file with a broken line names the line, in the page language', async ({
  newPage,
  openCreateForm,
}) => {
  const t = translator('zh-CN');
  const page = await newPage({ locale: 'zh-CN' });
  await openCreateForm(page, {
    locale: 'zh-CN',
    files: {
      name: 'rows.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from('{"a":1}\n{"a":2}\nnot json\n'),
    },
  });
  await expect(
    page.getByText(t('datasets:table.error.jsonLineSyntax', { row: 3 }), { exact: true }),
  ).toBeVisible();
});

test('a file chosen while the name is empty offers its name; a typed name is kept', async ({
  newPage,
  openCreateForm,
}) => {
  const t = translator('en-US');
  const page = await newPage({ locale: 'en-US' });
  await openCreateForm(page, { locale: 'en-US' });
  const name = page.getByLabel(t('datasets:meta.name'), { exact: true });
  const file = page.getByLabel(t('datasets:table.file'), { exact: true });
  const csv = (fileName: string) => ({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from('k,v\na,1\n'),
  });
  await file.setInputFiles(csv('city_population_2024.csv'));
  await expect(page.getByTestId('validation-status')).toHaveText(t('datasets:validation.valid'));
  await expect(name).toHaveValue('city population 2024');
  await name.fill('My own name');
  await file.setInputFiles(csv('other.csv'));
  await expect(page.getByText('other.csv', { exact: true })).toBeVisible();
  await expect(name).toHaveValue('My own name');
});
