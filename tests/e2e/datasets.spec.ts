import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

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
const normalisedCsv = '\uFEFF' + RECORDS.map((r) => `${r}\r\n`).join('');

/** The CSV as a chosen file, held in memory (nothing left in the temporary folder). */
const csvFile = () => ({
  name: 'cities.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(originalCsv, 'utf8'),
});

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const home = prefix || '/';
  const at = (p: string) => `${prefix}${p}`;
  const pathnameOf = (page: Page) => new URL(page.url()).pathname;
  const datasetPath = /^\/(en-US\/)?datasets\/(\d+)$/;

  /** Registers `username` through the sign-up form, which signs the page in. */
  async function register(page: Page, username: string): Promise<string> {
    await page.goto(at('/auth/register'));
    await page.getByLabel(t('auth:register.username'), { exact: true }).fill(username);
    await page
      .getByLabel(t('auth:register.email'), { exact: true })
      .fill(`${username}@example.com`);
    await page.getByLabel(t('auth:register.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('auth:register.confirmPassword'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === home);
    // Signed in: the session is in the auth store (the home page itself has no account menu).
    const stored = await page.evaluate(() => localStorage.getItem('auth-store'));
    expect(stored).toContain(username);
    return username;
  }

  /** What a dataset page shows: its section headings and the labels of its facts and numbers. */
  const outline = async (page: Page) => ({
    headings: await page.locator('article h2:visible').allInnerTexts(),
    facts: await page.locator('article dt:visible').allInnerTexts(),
  });

  test.describe(`datasets in ${locale}`, () => {
    test.use({ locale });

    test('publish from a CSV file, find, open, download, add a version, edit, delete', async ({
      page,
      newPage,
      uniqueName,
    }) => {
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(String(e)));
      await register(page, uniqueName('d'));

      // Publish: details, then the file, its column types and the server's check.
      const tag = uniqueName('d');
      const name = locale === 'zh-CN' ? `城市人口 ${tag}` : `City populations ${tag}`;
      await page.goto(at('/datasets/create'));
      await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill(name);
      await page
        .getByLabel(t('datasets:meta.description'), { exact: true })
        .fill(locale === 'zh-CN' ? '三座城市的常住人口。' : 'Residents of three cities.');
      await expect(page.getByLabel(t('datasets:meta.language'), { exact: true })).toHaveValue(
        'zh-CN',
      );
      await page.getByLabel(t('datasets:meta.tags'), { exact: true }).fill('人口, census');
      await page.getByLabel(t('datasets:license.label'), { exact: true }).selectOption('CC-BY-4.0');
      await page
        .getByLabel(t('datasets:citation.label'), { exact: true })
        .fill('@misc{cities, title = {城市人口}}');
      // Sent without a file: asked for one; the message goes once a file is chosen.
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();
      const required = page.getByText(t('datasets:table.required'));
      await expect(required).toBeVisible();
      await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles(csvFile());
      await expect(required).toHaveCount(0);
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await expect(
        page.getByLabel(t('datasets:table.typeFor', { column: '人口' }), { exact: true }),
      ).toHaveValue('integer');
      await expect(
        page.getByLabel(t('datasets:table.typeFor', { column: '备注' }), { exact: true }),
      ).toHaveValue('string');
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();

      await expect(page).toHaveURL((url) => datasetPath.test(url.pathname));
      const id = Number(datasetPath.exec(pathnameOf(page))?.[2]);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      // The licence links to its SPDX page; the citation is shown as written.
      await expect(page.getByTestId('dataset-license').getByRole('link')).toHaveAttribute(
        'href',
        'https://spdx.org/licenses/CC-BY-4.0.html',
      );
      await expect(page.getByTestId('dataset-citation')).toHaveText(
        '@misc{cities, title = {城市人口}}',
      );
      const preview = page.getByRole('table');
      await expect(preview.getByRole('columnheader', { name: /人口/ })).toBeVisible();
      await expect(preview.getByRole('cell', { name: '首都,直辖市', exact: true })).toBeVisible();
      await expect(preview.getByRole('cell', { name: '他说:"你好"', exact: true })).toBeVisible();

      // Search finds it; the result leads to its page.
      await page.goto(at('/datasets'));
      await page.getByRole('searchbox', { name: t('datasets:search.label') }).fill(tag);
      await page.getByRole('button', { name: t('datasets:search.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('query') === tag);
      await expect(page.getByTestId('dataset-count')).toHaveText(
        t('datasets:list.searchTotal', { query: tag, count: 1 }),
      );
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === at(`/datasets/${id}`));

      // The CSV download is the file that was uploaded, normalised.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('link', {
            name: t('datasets:versions.downloadAs', { version: 1, format: 'CSV' }),
            exact: true,
          })
          .click(),
      ]);
      const downloaded = readFileSync(await download.path());
      expect(downloaded.equals(Buffer.from(normalisedCsv, 'utf8'))).toBe(true);

      // Version 2, starting from version 1's content edited as text.
      await page.getByRole('link', { name: t('datasets:owner.newVersion'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === at('/datasets/version/create'));
      await page.getByLabel(t('datasets:version.fromLatest'), { exact: true }).check();
      const text = page.getByLabel(t('datasets:version.text'), { exact: true });
      await expect(text).toHaveValue(/首都,直辖市/);
      await text.fill(`${await text.inputValue()}\n深圳,17560061,新增`);
      await page.getByRole('button', { name: t('datasets:version.readText'), exact: true }).click();
      await expect(page.getByTestId('table-summary')).toContainText('4');
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      const changelog = locale === 'zh-CN' ? '新增深圳。' : 'Adds Shenzhen.';
      await page.getByLabel(t('datasets:meta.changelog'), { exact: true }).fill(changelog);
      await page.getByRole('button', { name: t('datasets:version.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === at(`/datasets/${id}`));
      await expect(
        page.getByRole('heading', { name: t('datasets:versions.version', { version: 2 }) }),
      ).toBeVisible();
      await expect(page.getByText(changelog)).toBeVisible();
      await expect(page.getByRole('cell', { name: '深圳', exact: true })).toBeVisible();
      const publicOutline = await outline(page);
      expect(publicOutline.facts).toContain(t('datasets:detail.downloads'));

      // Edit: a new name, and private.
      await page.getByRole('link', { name: t('datasets:owner.edit'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === at('/datasets/edit'));
      const renamed = `${name} v2`;
      const nameField = page.getByLabel(t('datasets:meta.name'), { exact: true });
      await expect(nameField).toHaveValue(name);
      await nameField.fill(renamed);
      await page.getByLabel(t('datasets:meta.private'), { exact: true }).check();
      await page.getByRole('button', { name: t('datasets:edit.save'), exact: true }).click();
      await expect(
        page.getByRole('status').filter({ hasText: t('datasets:edit.saved') }),
      ).toBeVisible();

      // Private: a guest gets the 404 page, the owner sees it.
      const guest = await newPage();
      const hidden = await guest.goto(at(`/datasets/${id}`));
      expect(hidden?.status()).toBe(404);
      await expect(guest.getByTestId('error-message')).toHaveText(
        `Page not found: ${at(`/datasets/${id}`)}`,
      );
      await guest.context().close();
      const own = await page.goto(at(`/datasets/${id}`));
      expect(own?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
      await expect(page.getByText(t('datasets:private.notice'))).toBeVisible();
      // The same facts as the public page: licence, tags, citation.
      await expect(page.getByTestId('dataset-license').getByRole('link')).toHaveText('CC-BY-4.0');
      await expect(
        page.getByRole('list', { name: t('datasets:detail.tags') }).getByText('census'),
      ).toBeVisible();
      await expect(page.getByText('@misc{cities, title = {城市人口}}')).toBeVisible();
      // The owner reads it in the data viewer (rows and statistics come with the token).
      const ownViewer = page.getByTestId('data-viewer');
      await expect(ownViewer.getByRole('cell', { name: '首都,直辖市', exact: true })).toBeVisible();
      // The page's own view: the same sections and facts (numbers included) as the public page.
      expect(await outline(page)).toEqual(publicOutline);
      await ownViewer.getByRole('button', { name: t('viewer:showStats'), exact: true }).click();
      await expect(
        ownViewer.getByRole('list', { name: t('viewer:stats.top', { column: '城市' }) }),
      ).toContainText('北京');

      // Delete, confirmed by typing the name; then the owner's (now empty) list.
      await page.goto(at(`/datasets/edit?id=${id}`));
      const submitDelete = page.getByRole('button', { name: t('datasets:delete.submit') });
      const confirm = page.getByLabel(t('datasets:delete.confirmLabel', { name: renamed }), {
        exact: true,
      });
      await confirm.fill('not the name');
      await submitDelete.click();
      await expect(confirm).toHaveAccessibleDescription(t('datasets:delete.mismatch'));
      await confirm.fill(renamed);
      await submitDelete.click();
      await expect(page).toHaveURL((url) => url.pathname === at('/datasets/my'));
      await expect(page.getByText(t('datasets:my.empty'))).toBeVisible();
      const gone = await page.request.get(`/api/v1/datasets/${id}`);
      expect(gone.status()).toBe(404);

      expect(problems).toEqual([]);
    });

    /** The create page (for a signed-in page) with `csv` chosen as the file named `name`. */
    async function createFormWith(page: Page, name: string, csv: string) {
      await page.goto(at('/datasets/create'));
      await page
        .getByLabel(t('datasets:table.file'), { exact: true })
        .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    }

    test('a large file is previewed from its first rows, counted exactly, and its types changed', async ({
      page,
      account,
      signIn,
      uniqueName,
    }) => {
      // Over the 8 MB sampling threshold: 70,001 data rows, one with a newline in quotes.
      const rows = 70_001;
      const line = `北京,${'x'.repeat(120)},2020\n`;
      const csv = `城市,备注,年份\n"上海","第一行\n有换行",2020\n${line.repeat(rows - 1)}`;
      await signIn(page, account);
      await createFormWith(page, 'big.csv', csv);
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
      const id = Number(datasetPath.exec(pathnameOf(page))?.[2]);
      const dataset = await (await page.request.get(`/api/v1/datasets/${id}`)).json();
      expect(dataset.versions[0].attribute_types).toEqual({
        城市: 'string',
        备注: 'string',
        年份: 'string',
      });
    });

    test('a JSON file with an integer past 2^53 is published with every digit', async ({
      page,
      account,
      signIn,
      uniqueName,
    }) => {
      // What a JSON download of such a table holds, chosen again as a file.
      const json =
        '[\n{"weibo_id":9007199254740993,"城市":"北京"},\n{"weibo_id":1,"城市":"上海"}\n]\n';
      await signIn(page, account);
      await page.goto(at('/datasets/create'));
      await page
        .getByLabel(t('datasets:meta.name'), { exact: true })
        .fill(`ids ${uniqueName('d')}`);
      await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles({
        name: 'ids.json',
        mimeType: 'application/json',
        buffer: Buffer.from(json),
      });
      await expect(
        page.getByLabel(t('datasets:table.typeFor', { column: 'weibo_id' }), { exact: true }),
      ).toHaveValue('integer');
      await expect(page.getByRole('cell', { name: '9007199254740993', exact: true })).toBeVisible();
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => datasetPath.test(url.pathname));
      const id = Number(datasetPath.exec(pathnameOf(page))?.[2]);
      const download = await page.request.get(
        `/api/v1/datasets/${id}/versions/1/download?format=jsonl`,
      );
      expect(await download.text()).toBe(
        '{"weibo_id":9007199254740993,"城市":"北京"}\n{"weibo_id":1,"城市":"上海"}\n',
      );
    });

    test('table problems are grouped by column, with the count and the first rows', async ({
      page,
      account,
      signIn,
    }) => {
      const cities = ['北京', '上海', '广州', '深圳', '成都', '杭州', '武汉'];
      const csv = `城市,人口\n${cities.map((c, i) => `${c},${i + 1}`).join('\n')}\n`;
      await signIn(page, account);
      await createFormWith(page, 'cities.csv', csv);
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
      const report = page.getByRole('region', { name: t('datasets:validation.caption') });
      const lines = report.getByRole('row');
      await expect(lines).toHaveCount(2);
      const cells = lines.nth(1).getByRole('cell');
      await expect(cells.nth(0)).toHaveText('城市');
      await expect(cells.nth(2)).toHaveText('7');
      const sep = t('datasets:validation.rowSeparator');
      await expect(cells.nth(3)).toHaveText(
        `${[1, 2, 3, 4, 5].join(sep)}${t('datasets:validation.moreRows')}`,
      );
    });

    test('a dataset card is previewed, published and shown rendered, its markup as text', async ({
      page,
      account,
      signIn,
      uniqueName,
      axe,
    }) => {
      const name = `card ${uniqueName('d')}`;
      await signIn(page, account);
      await createFormWith(page, 'cities.csv', '城市,人口\n北京,2189\n');
      await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill(name);
      const card = [
        '# 数据来源',
        '',
        '| 列 | 含义 |',
        '| --- | --- |',
        '| 人口 | 常住人口（万） |',
        '',
        '<script>window.cardRan = true</script>',
        '',
        // A line wider than the page: its block scrolls sideways, from the keyboard too (axe).
        '```',
        `SELECT ${'城市, 人口, '.repeat(40)}年份 FROM t`,
        '```',
      ].join('\n');
      await page.getByLabel(t('datasets:readme.label'), { exact: true }).fill(card);
      await page.getByRole('button', { name: t('datasets:readme.preview'), exact: true }).click();
      const preview = page.getByTestId('readme-preview');
      await expect(preview.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(preview.getByRole('cell', { name: '常住人口（万）' })).toBeVisible();
      await expect(preview).toContainText('<script>window.cardRan = true</script>');
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();

      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const shown = page.getByRole('region', { name: t('datasets:detail.readme') });
      await expect(shown.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(shown.getByRole('cell', { name: '人口', exact: true })).toBeVisible();
      await expect(shown).toContainText('<script>window.cardRan = true</script>');
      await expect(shown.locator('script')).toHaveCount(0);
      expect(await page.evaluate(() => 'cardRan' in window)).toBe(false);
      await axe(page, ['wcag2a', 'wcag2aa']);

      // Made private, its owner's view (read through the API) shows the card rendered the same.
      const id = new URL(page.url()).pathname.split('/').at(-1);
      const hidden = await page.request.put(`/api/v1/datasets/${id}`, {
        headers: { authorization: `Bearer ${account.token}` },
        data: { is_public: false },
      });
      expect(hidden.status()).toBe(200);
      await page.reload();
      await expect(page.getByText(t('datasets:private.notice'))).toBeVisible();
      const own = page.getByRole('region', { name: t('datasets:detail.readme') });
      await expect(own.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(own.getByRole('cell', { name: '常住人口（万）' })).toBeVisible();
      await expect(own).toContainText('<script>window.cardRan = true</script>');
      await expect(own.locator('script')).toHaveCount(0);
      expect(await page.evaluate(() => 'cardRan' in window)).toBe(false);
    });

    test('the language switcher on the edit page stays on the same dataset', async ({
      page,
      account,
      createDataset,
      signIn,
      uniqueName,
    }) => {
      const dataset = await createDataset(account, { name: `switch ${uniqueName('d')}` });
      await signIn(page, account);
      await page.goto(at(`/datasets/edit?id=${dataset.id}`));
      await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
      const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
      await page.locator(`a[data-locale-switch][hreflang="${other}"]:visible`).click();
      const prefix = other === 'en-US' ? '/en-US' : '';
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === `${prefix}/datasets/edit` &&
          url.searchParams.get('id') === `${dataset.id}`,
      );
    });

    test('publish from a TSV file and from a JSON Lines file', async ({ page, uniqueName }) => {
      await register(page, uniqueName('d'));
      const files = [
        {
          name: 'cities.tsv',
          mimeType: 'text/tab-separated-values',
          buffer: Buffer.from('城市\t人口\n北京\t21893095\n"上海\t浦东"\t24870895\n'),
          cell: '上海\t浦东',
        },
        {
          name: 'cities.jsonl',
          mimeType: 'application/x-ndjson',
          buffer: Buffer.from('["城市","人口"]\n["广州",18676605]\n["深圳",17560061]\n'),
          cell: '深圳',
        },
      ];
      for (const file of files) {
        const name = `${file.name} ${uniqueName('d')}`;
        await page.goto(at('/datasets/create'));
        await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill(name);
        await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles(file);
        await expect(page.getByTestId('validation-status')).toHaveText(
          t('datasets:validation.valid'),
        );
        await expect(
          page.getByLabel(t('datasets:table.typeFor', { column: '人口' }), { exact: true }),
        ).toHaveValue('integer');
        await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();
        await expect(page).toHaveURL((url) => datasetPath.test(url.pathname));
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await expect(
          page.getByRole('table').getByRole('cell', { name: file.cell, exact: true }),
        ).toBeVisible();
      }
    });

    test('an id that is not one is the fatal 404; a private dataset is 404 for a guest', async ({
      page,
      account: owner,
      createDataset,
      uniqueName,
    }) => {
      const invalid = await page.goto(at('/datasets/abc'));
      expect(invalid?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(
        `Page Not Found: ${at('/datasets/abc')}`,
      );

      const secret = await createDataset(owner, { name: uniqueName('d'), is_public: false });
      const hidden = await page.goto(at(`/datasets/${secret.id}`));
      expect(hidden?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(
        `Page not found: ${at(`/datasets/${secret.id}`)}`,
      );
      await expect(page.getByRole('heading', { name: secret.name })).toHaveCount(0);
    });

    test('list, detail, create, edit, new version and my datasets pages pass axe (WCAG 2 A and AA)', async ({
      page,
      account: owner,
      createDataset,
      signIn,
      uniqueName,
      axe,
    }) => {
      const dataset = await createDataset(owner, {
        name: locale === 'zh-CN' ? `水果 ${uniqueName('d')}` : `Fruit ${uniqueName('d')}`,
        description: 'A small table.',
        tags: ['fruit'],
      });

      await page.goto(at('/datasets?tags=fruit'));
      await expect(page.getByRole('link', { name: dataset.name, exact: true })).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);

      await page.goto(at(`/datasets/${dataset.id}`));
      await expect(page.getByRole('heading', { level: 1, name: dataset.name })).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);

      await signIn(page, owner);
      await page.goto(at('/datasets/create'));
      await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles(csvFile());
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await axe(page, ['wcag2a', 'wcag2aa']);

      await page.goto(at(`/datasets/edit?id=${dataset.id}`));
      await expect(page.getByLabel(t('datasets:meta.name'), { exact: true })).toHaveValue(
        dataset.name,
      );
      await axe(page, ['wcag2a', 'wcag2aa']);

      await page.goto(at(`/datasets/version/create?id=${dataset.id}`));
      await page.getByLabel(t('datasets:version.fromLatest'), { exact: true }).check();
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await axe(page, ['wcag2a', 'wcag2aa']);

      await page.goto(at('/datasets/my'));
      await expect(page.getByRole('link', { name: dataset.name, exact: true })).toBeVisible();
      await axe(page, ['wcag2a', 'wcag2aa']);
    });
  });
}

test("the card's byte count is written in the page's language, not the browser's", async ({
  newPage,
  account,
  signIn,
}) => {
  const t = translator('en-US');
  // A browser set to German writes 1234 as 1.234; the English page writes 1,234.
  const page = await newPage({ locale: 'de-DE' });
  await signIn(page, account, 'en-US');
  await page.goto('/en-US/datasets/create');
  await page.getByLabel(t('datasets:readme.label'), { exact: true }).fill('a'.repeat(1234));
  await expect(
    page.getByText(t('datasets:readme.hint', { count: '1,234', max: '65,536' }), { exact: true }),
  ).toBeVisible();
});

test('a CSV saved as GBK is refused as not UTF-8, keeping what was typed', async ({
  newPage,
  account,
  signIn,
}) => {
  const t = translator('zh-CN');
  const page = await newPage({ locale: 'zh-CN' });
  await signIn(page, account, 'zh-CN');
  await page.goto('/datasets/create');
  await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill('水果');
  // 名称,数量 / 苹果,3 as Excel saves it in a Chinese Windows: GBK, not UTF-8.
  const gbk = [0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xca, 0xfd, 0xc1, 0xbf, 0x0a, 0xc6, 0xbb, 0xb9, 0xfb];
  await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles({
    name: 'fruit.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([...gbk, 0x2c, 0x33, 0x0a]),
  });
  await expect(page.getByText(t('datasets:table.error.encoding'), { exact: true })).toBeVisible();
  await expect(page.getByLabel(t('datasets:meta.name'), { exact: true })).toHaveValue('水果');
});

test('a JSON Lines file with a broken line names the line, in the page language', async ({
  newPage,
  account,
  signIn,
}) => {
  const t = translator('zh-CN');
  const page = await newPage({ locale: 'zh-CN' });
  await signIn(page, account, 'zh-CN');
  await page.goto('/datasets/create');
  await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles({
    name: 'rows.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('{"a":1}\n{"a":2}\nnot json\n'),
  });
  await expect(
    page.getByText(t('datasets:table.error.jsonLineSyntax', { row: 3 }), { exact: true }),
  ).toBeVisible();
});
