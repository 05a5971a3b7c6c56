/**
 * A session that ends without the visitor signing out on the page (the password changed
 * elsewhere, a sign-out in another tab) says so in the page's language and brings the visitor
 * back where they were once they sign in again; the visitor's own sign-out says nothing.
 */
import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const path = (p: string) => `${localePrefix(locale)}${p}`;
  const ended = t('auth:session.ended');

  /** Signs in with the form already on `page` (its submit button is enabled once it has loaded). */
  async function signInHere(page: Page, username: string, password: string) {
    const submit = page.getByRole('button', { name: t('auth:login.submit'), exact: true });
    await expect(submit).toBeEnabled();
    await page.getByLabel(t('auth:login.identifier'), { exact: true }).fill(username);
    await page.getByLabel(t('auth:login.password'), { exact: true }).fill(password);
    await submit.click();
  }

  test.describe(`a session that ends (${locale})`, () => {
    test.use({ locale });

    test('a password changed elsewhere: the sign-in page says why, then leads back', async ({
      page,
      account,
      signIn,
      request,
    }) => {
      await signIn(page, account);
      await page.goto(path('/datasets/my?query=fruit'));
      await expect(page.getByRole('button', { name: account.username, exact: true })).toBeVisible();

      const changed = await request.put('/api/v1/users/me/password', {
        headers: { authorization: `Bearer ${account.token}` },
        data: { current_password: PASSWORD, new_password: `${PASSWORD}-new` },
      });
      expect(changed.status()).toBe(200);
      await page.reload();

      await expect(page).toHaveURL(
        (url) =>
          url.pathname === path('/auth/login') &&
          url.searchParams.get('redirect') === path('/datasets/my?query=fruit'),
      );
      const notice = page.getByRole('main').getByRole('status');
      await expect(notice).toContainText(ended);
      await expect(notice).toContainText(t('auth:session.endedHint'));

      await signInHere(page, account.username, `${PASSWORD}-new`);
      await expect(page).toHaveURL(
        (url) => url.pathname === path('/datasets/my') && url.searchParams.get('query') === 'fruit',
      );
    });

    test('a sign-out in one tab is told in the other, which can sign in and come back', async ({
      page,
      account,
      signIn,
      createDataset,
      uniqueName,
    }) => {
      const dataset = await createDataset(account, { name: uniqueName('shared-') });
      await signIn(page, account);
      const other = await page.context().newPage();
      await other.goto(path(`/datasets/${dataset.id}#table`));
      await expect(
        other.getByRole('button', { name: account.username, exact: true }),
      ).toBeVisible();

      await page.goto(path('/following'));
      await page.getByRole('button', { name: account.username, exact: true }).click();
      await page.getByRole('button', { name: t('common:nav.logout'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === (localePrefix(locale) || '/'));

      const toast = other.getByRole('status').filter({ hasText: ended });
      await expect(toast).toContainText(t('auth:session.endedHint'));
      await expect(other.getByRole('button', { name: account.username })).toHaveCount(0);
      // The tab that signed out carried nothing to its next sign-in page.
      await page.goto(path('/auth/login'));
      await expect(
        page.getByRole('button', { name: t('auth:login.submit'), exact: true }),
      ).toBeEnabled();
      await expect(page.getByText(ended)).toHaveCount(0);

      await toast.getByRole('button', { name: t('auth:session.signInAgain'), exact: true }).click();
      await expect(other).toHaveURL((url) => url.pathname === path('/auth/login'));
      await signInHere(other, account.username, PASSWORD);
      await expect(other).toHaveURL(
        (url) => url.pathname === path(`/datasets/${dataset.id}`) && url.hash === '#table',
      );
    });

    test('a page without islands follows a sign-out and a sign-in in another tab', async ({
      page,
      account,
      signIn,
    }) => {
      await signIn(page, account);
      const reader = await page.context().newPage();
      await reader.goto(path('/news'));
      const header = reader.getByRole('banner');
      // The account menu's button, as on pages with islands.
      const name = header.getByRole('button', { name: account.username, exact: true });
      const signInLink = header.getByRole('link', { name: t('common:nav.login'), exact: true });
      await expect(name).toBeVisible();
      await expect(signInLink).toBeHidden();

      await page.goto(path('/following'));
      await page.getByRole('button', { name: account.username, exact: true }).click();
      await page.getByRole('button', { name: t('common:nav.logout'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === (localePrefix(locale) || '/'));
      await expect(signInLink).toBeVisible();
      await expect(name).toBeHidden();

      await signIn(page, account);
      await expect(name).toBeVisible();
      await expect(signInLink).toBeHidden();
    });
  });
}
