/**
 * The create form when what follows a streamed upload fails, and with a columns file. A file
 * over 8 MB is created first and given its column descriptions by PUT: when that PUT fails, the
 * dataset exists, so the form says it was published without them, keeps what was written, and
 * its button saves them on that dataset; pressing it publishes nothing more. A
 * `FILE.columns.json` chosen with the table fills in the boxes of the columns it names.
 */
import type { APIRequestContext } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { LARGE_FILE_BYTES } from '../../src/lib/tables/draft.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const line = '北京,21893095\n';
const LARGE = Buffer.from(
  '城市,人口\n' + line.repeat(Math.ceil(LARGE_FILE_BYTES / line.length) + 10),
);
const SMALL = Buffer.from('城市,人口\n北京,21893095\n上海,24870895\n');

/** The ids of the datasets `token`'s owner has, as the API lists them. */
async function mine(request: APIRequestContext, token: string): Promise<number[]> {
  const res = await request.get('/api/v1/datasets/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { datasets: { id: number }[] }).datasets.map((d) => d.id);
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;
  const label = (name: string, type: 'string' | 'integer') =>
    t('datasets:columns.label', { name, type: t(`datasets:type.${type}`) });

  test.describe(`publishing with column descriptions in ${locale}`, () => {
    test.use({ locale });

    test(`a failed PUT after the upload is saved again, on the one dataset, in ${locale}`, async ({
      page,
      request,
      account,
      openCreateForm,
      uniqueName,
    }) => {
      let puts = 0;
      await page.route('**/api/v1/datasets/*', async (route) => {
        if (route.request().method() === 'PUT' && ++puts === 1) return route.abort('failed');
        return route.fallback();
      });
      const name = uniqueName('retry');
      await openCreateForm(page, {
        name,
        files: { name: 'large.csv', mimeType: 'text/csv', buffer: LARGE },
      });
      await page.getByText(t('datasets:columns.optional'), { exact: true }).click();
      const city = page.getByLabel(label('城市', 'string'), { exact: true });
      await city.fill('城市名称 (city)');
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();

      const reason = t('errors:NETWORK_ERROR');
      await expect(page.getByRole('alert').filter({ hasText: name })).toHaveText(
        t('datasets:create.unfinished', { name, reason }),
      );
      const [created] = await mine(request, account.token);
      expect(await mine(request, account.token)).toEqual([created]);
      await expect(
        page.getByRole('link', { name: t('datasets:create.openPublished'), exact: true }),
      ).toHaveAttribute('href', at(`/datasets/${created}`));
      await expect(city).toHaveValue('城市名称 (city)');
      await expect(page.getByLabel(t('datasets:meta.name'), { exact: true })).toHaveValue(name);

      await page.getByRole('button', { name: t('datasets:create.finish'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === at(`/datasets/${created}`));
      const columns = page.getByRole('region', { name: t('datasets:detail.columns') });
      await expect(columns.getByRole('definition')).toHaveText([
        '城市名称 (city)',
        t('datasets:columns.noDescription'),
      ]);
      expect(puts).toBe(2);
      expect(await mine(request, account.token)).toEqual([created]);
    });

    test(`a columns file chosen with the table fills in the boxes in ${locale}`, async ({
      page,
      openCreateForm,
      uniqueName,
    }) => {
      const long = '长'.repeat(1001);
      const columnsFile = {
        name: 'cities.csv.columns.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ 城市: '城市名称', 人口: long, 省份: '所在省份' })),
      };
      await openCreateForm(page, {
        name: uniqueName('columns'),
        files: [columnsFile, { name: 'cities.csv', mimeType: 'text/csv', buffer: SMALL }],
      });

      const block = page.getByTestId('create-descriptions');
      const file = columnsFile.name;
      await expect(block.getByRole('status')).toHaveText(
        t('datasets:columns.fileApplied', {
          name: file,
          columns: locale === 'zh-CN' ? '城市、人口' : '城市, 人口',
        }),
      );
      await expect(block.getByRole('alert')).toHaveText([
        t('datasets:columns.fileUnknown', { name: file, columns: '省份' }),
        t('datasets:columns.fileTooLong', { name: file, columns: '人口', max: '1,000' }),
      ]);
      const city = page.getByLabel(label('城市', 'string'), { exact: true });
      const people = page.getByLabel(label('人口', 'integer'), { exact: true });
      await expect(city).toHaveValue('城市名称');
      await expect(people).toHaveValue(long);

      const publish = page.getByRole('button', { name: t('datasets:create.submit'), exact: true });
      await publish.click();
      await expect(people).toHaveAttribute('aria-invalid', 'true');
      await expect(
        block.getByText(t('datasets:rules.columnDescriptionTooLong', { max: '1,000' }), {
          exact: true,
        }),
      ).toBeVisible();
      await people.fill('常住人口');
      await publish.click();
      await expect(page).toHaveURL((url) => /\/datasets\/\d+$/.test(url.pathname));
      const columns = page.getByRole('region', { name: t('datasets:detail.columns') });
      await expect(columns.getByRole('definition')).toHaveText(['城市名称', '常住人口']);
    });
  });
}
