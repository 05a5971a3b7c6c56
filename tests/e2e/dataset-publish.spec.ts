/**
 * Publishing a dataset through the pages, from the sign-up form on: a CSV file found, opened,
 * downloaded, given a version, edited, made private and deleted; TSV and JSON Lines files.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { csvFile, datasetIdOf, datasetPath, normalisedCsv } from '../support/dataset-pages.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const home = prefix || '/';
  const at = (p: string) => `${prefix}${p}`;

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

  test.describe(`publishing a dataset in ${locale}`, () => {
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
      // The data's language starts as the page's.
      await expect(page.getByLabel(t('datasets:meta.language'), { exact: true })).toHaveValue(
        locale,
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
      const id = datasetIdOf(page);
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
  });
}
