/**
 * The new-version form's "update rows by key": the file holds only the changed and new rows;
 * the version published replaces rows by the dataset's key in place and adds the rest.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`a patch version in ${locale}`, () => {
    test.use({ locale });

    test(`updates rows by key from the new-version form in ${locale}`, async ({
      page,
      request,
      account,
      signIn,
      uniqueName,
    }) => {
      const auth = { authorization: `Bearer ${account.token}` };
      const created = await request.post('/api/v1/datasets', {
        headers: auth,
        data: {
          name: uniqueName('patch'),
          attributes: ['id', '城市', '人口'],
          entries: [
            [1, '北京', 100],
            [2, '上海', 200],
          ],
          key_columns: ['id'],
        },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      await signIn(page, account);
      await page.goto(at(`/datasets/version/create?id=${id}`));
      const modes = page.getByTestId('version-mode');
      await expect(modes).toContainText(t('patches:mode.key', { columns: 'id' }));
      await modes.getByLabel(t('patches:mode.upsert')).check();
      await expect(modes).toContainText(t('patches:mode.upsertHint'));
      const csv = Buffer.from('id,城市,人口\n2,上海,210\n3,广州,300\n');
      await page
        .getByLabel(t('datasets:table.file'), { exact: true })
        .setInputFiles({ name: 'change.csv', mimeType: 'text/csv', buffer: csv });
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await page.getByRole('button', { name: t('datasets:version.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === at(`/datasets/${id}`));
      const rows = await request.get(`/api/v1/datasets/${id}/version`, { headers: auth });
      expect(await rows.json()).toMatchObject({
        version: 2,
        entries: [
          [1, '北京', 100],
          [2, '上海', 210],
          [3, '广州', 300],
        ],
      });
    });
  });
}
