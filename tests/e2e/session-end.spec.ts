/**
 * A session that ends without the visitor signing out (the password changed elsewhere, a sign-out
 * in another tab) clears the page's sign-in and says so in the page's language; the visitor's own
 * sign-out says nothing.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const path = (p: string) => `${localePrefix(locale)}${p}`;
  const ended = t('auth:session.ended');

  test.describe(`a session that ends (${locale})`, () => {
    test.use({ locale });

    test('a password changed elsewhere sends the profile page to sign in, saying why', async ({
      page,
      account,
      signIn,
      request,
    }) => {
      await signIn(page, account);
      await page.goto(path('/profile'));
      const nickname = page.getByLabel(t('auth:profile.nickname'), { exact: true });
      await expect(nickname).toHaveValue(account.username);

      const changed = await request.put('/api/v1/users/me/password', {
        headers: { authorization: `Bearer ${account.token}` },
        data: { current_password: PASSWORD, new_password: `${PASSWORD}-new` },
      });
      expect(changed.status()).toBe(200);
      await page.reload();

      await expect(page).toHaveURL(
        (url) =>
          url.pathname === path('/auth/login') &&
          url.searchParams.get('redirect') === path('/profile'),
      );
      await expect(page.getByRole('status')).toContainText(ended);
      await expect(page.getByRole('status')).toContainText(t('auth:session.endedHint'));
      // Said once: the next page has nothing to say.
      await page.goto(path('/auth/register'));
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await expect(page.getByText(ended)).toHaveCount(0);
    });

    test('signing out in one tab tells the other tab, not the one that signed out', async ({
      page,
      account,
      signIn,
      createDataset,
      uniqueName,
    }) => {
      const dataset = await createDataset(account, { name: uniqueName('shared-') });
      await signIn(page, account);
      const other = await page.context().newPage();
      await other.goto(path(`/datasets/${dataset.id}`));
      const menu = other.getByRole('button', { name: account.username, exact: true });
      await expect(menu).toBeVisible();

      await page.goto(path('/following'));
      await page.getByRole('button', { name: account.username, exact: true }).click();
      await page.getByRole('button', { name: t('common:nav.logout'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === (localePrefix(locale) || '/'));

      await expect(other.getByRole('status').filter({ hasText: ended })).toBeVisible();
      await expect(menu).toHaveCount(0);
      await expect(page.getByText(ended)).toHaveCount(0);
    });
  });
}
