/**
 * The new-version form with a `FILE.columns.json` chosen with the table: the page says which
 * columns' descriptions the version sets, and once it is published the dataset shows them; a
 * column the file does not name keeps its description, as with `sheaf push --dataset`. When
 * that PUT fails, Publish again sends it again and adds no second version (the same
 * Idempotency-Key answers the version already added).
 */
import type { APIRequestContext } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** A dataset of `token`'s owner, made through the API with a description of 人口. */
async function datasetOf(request: APIRequestContext, token: string, name: string) {
  const res = await request.post('/api/v1/datasets', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      attributes: ['城市', '人口'],
      entries: [['北京', 21893095]],
      column_descriptions: { 人口: '常住人口 (2020)' },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`the new-version form in ${locale}`, () => {
    test.use({ locale });

    test(`a new version sets the descriptions of its columns file in ${locale}`, async ({
      page,
      request,
      account,
      signIn,
      uniqueName,
    }) => {
      const id = await datasetOf(request, account.token, uniqueName('version-columns'));
      await signIn(page, account);
      await page.goto(at(`/datasets/version/create?id=${id}`));
      const columnsFile = {
        name: 'cities.csv.columns.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ 城市: '城市名称', 省份: '所在省份' })),
      };
      const csv = Buffer.from('城市,人口\n北京,21893095\n上海,24870895\n');
      await page
        .getByLabel(t('datasets:table.file'), { exact: true })
        .setInputFiles([columnsFile, { name: 'cities.csv', mimeType: 'text/csv', buffer: csv }]);
      const note = page.getByTestId('columns-file');
      await expect(note.getByRole('status')).toHaveText(
        t('datasets:columns.fileSent', { name: columnsFile.name, columns: '城市' }),
      );
      await expect(note.getByRole('alert')).toHaveText(
        t('datasets:columns.fileUnknown', { name: columnsFile.name, columns: '省份' }),
      );
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );

      await page.getByRole('button', { name: t('datasets:version.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === at(`/datasets/${id}`));
      const columns = page.getByRole('region', { name: t('datasets:detail.columns') });
      await expect(columns.getByRole('definition')).toHaveText(['城市名称', '常住人口 (2020)']);
      const res = await request.get(`/api/v1/datasets/${id}`, {
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(await res.json()).toMatchObject({
        latest_version: 2,
        column_descriptions: { 城市: '城市名称', 人口: '常住人口 (2020)' },
      });
    });

    test(`a failed PUT after the version: Publish again adds no second version, in ${locale}`, async ({
      page,
      request,
      account,
      signIn,
      uniqueName,
    }) => {
      const id = await datasetOf(request, account.token, uniqueName('version-retry'));
      await signIn(page, account);
      let puts = 0;
      await page.route(`**/api/v1/datasets/${id}`, async (route) => {
        if (route.request().method() === 'PUT' && ++puts === 1) return route.abort('failed');
        return route.fallback();
      });
      await page.goto(at(`/datasets/version/create?id=${id}`));
      const csv = Buffer.from('城市,人口\n北京,21893095\n上海,24870895\n');
      await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles([
        {
          name: 'c.csv.columns.json',
          mimeType: 'application/json',
          buffer: Buffer.from('{"城市":"城市名称"}'),
        },
        { name: 'c.csv', mimeType: 'text/csv', buffer: csv },
      ]);
      const publish = page.getByRole('button', { name: t('datasets:version.submit'), exact: true });
      await publish.click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: t('errors:NETWORK_ERROR') })
          .first(),
      ).toBeVisible();
      await publish.click();
      await expect(page).toHaveURL((url) => url.pathname === at(`/datasets/${id}`));
      const res = await request.get(`/api/v1/datasets/${id}`, {
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(await res.json()).toMatchObject({
        latest_version: 2,
        column_descriptions: { 城市: '城市名称', 人口: '常住人口 (2020)' },
      });
      expect(puts).toBe(2);
    });
  });
}
