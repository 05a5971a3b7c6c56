/** The edit page of a dataset: the language switcher keeps the dataset it edits. */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`the dataset edit page in ${locale}`, () => {
    test.use({ locale });

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
  });
}
