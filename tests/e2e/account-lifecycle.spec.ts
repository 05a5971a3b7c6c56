import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** An account from sign-up to deletion: profile, password, signing in and out. */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const home = prefix || '/';
  const path = (p: string) => `${prefix}${p}`;

  async function signOut(page: Page, name: string) {
    await page.getByRole('button', { name, exact: true }).click();
    // Signing out loads the home page, also when it is the page already shown.
    const loaded = page.waitForEvent('load');
    await page.getByRole('button', { name: t('common:nav.logout'), exact: true }).click();
    await loaded;
    await expect(page).toHaveURL((url) => url.pathname === home);
    await expectSignedOut(page);
  }

  /** A signed-out visitor is sent from /profile to the sign-in page. */
  async function expectSignedOut(page: Page) {
    await page.goto(path('/profile'));
    await expect(page).toHaveURL((url) => url.pathname === path('/auth/login'));
    await expect(
      page.getByRole('link', { name: t('common:nav.login'), exact: true }),
    ).toBeVisible();
  }

  test.describe(`accounts in ${locale}`, () => {
    test.use({ locale });

    test('register, sign out, sign in with the e-mail, edit the profile, reload, sign out', async ({
      page,
      uniqueName,
      submitSignIn,
    }) => {
      // Hydration mismatches and script failures show up as console errors.
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      const username = uniqueName('u');
      const email = `${username}@example.com`;

      await page.goto(path('/auth/register'));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // The terms and the privacy policy are a click away before signing up.
      const terms = page.getByTestId('register-terms');
      await expect(terms.getByRole('link', { name: t('auth:register.terms') })).toHaveAttribute(
        'href',
        path('/terms'),
      );
      await expect(terms.getByRole('link', { name: t('auth:register.privacy') })).toHaveAttribute(
        'href',
        path('/privacy'),
      );
      // A Chinese name as username: the message names the characters, not the length.
      const usernameField = page.getByLabel(t('auth:register.username'), { exact: true });
      await usernameField.fill('王芳');
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
      await expect(page.getByText(t('auth:validation.usernameFormat'))).toBeVisible();
      await page.getByLabel(t('auth:register.username'), { exact: true }).fill(username);
      await page.getByLabel(t('auth:register.email'), { exact: true }).fill(email);
      await page.getByLabel(t('auth:register.password'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(t('auth:register.confirmPassword'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();

      // Signed in, on the home page of the locale; the nickname starts as the username and
      // the account menu (on pages with islands) shows it.
      await expect(page).toHaveURL((url) => url.pathname === home);
      await page.goto(path('/auth/register'));
      await expect(page).toHaveURL((url) => url.pathname === home);
      await page.goto(path('/profile'));
      await expect(page.getByRole('button', { name: username, exact: true })).toBeVisible();
      await signOut(page, username);

      await submitSignIn(page, email);
      await expect(page).toHaveURL((url) => url.pathname === home);
      await page.goto(path('/profile'));
      await page.getByRole('button', { name: username, exact: true }).click();
      await expect(
        page.getByRole('link', { name: t('common:nav.profile'), exact: true }),
      ).toHaveAttribute('href', path('/profile'));
      await page.keyboard.press('Escape');

      const nickname =
        locale === 'zh-CN' ? `数据 ${username.slice(-4)}` : `Ada ${username.slice(-4)}`;
      const bio = locale === 'zh-CN' ? '我整理开放的表格数据。' : 'I tidy open tabular data.';
      const nicknameField = page.getByLabel(t('auth:profile.nickname'), { exact: true });
      await expect(nicknameField).toHaveValue(username);
      await nicknameField.fill(nickname);
      await page.getByLabel(t('auth:profile.bio'), { exact: true }).fill(bio);
      await page.getByRole('button', { name: t('auth:profile.save'), exact: true }).click();
      await expect(
        page.getByRole('status').filter({ hasText: t('auth:profile.saved') }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: nickname, exact: true })).toBeVisible();

      await page.reload();
      await expect(page).toHaveURL((url) => url.pathname === path('/profile'));
      await expect(page.getByRole('button', { name: nickname, exact: true })).toBeVisible();
      await expect(page.getByLabel(t('auth:profile.nickname'), { exact: true })).toHaveValue(
        nickname,
      );
      await expect(page.getByLabel(t('auth:profile.bio'), { exact: true })).toHaveValue(bio);

      // The public profile shows the new nickname and bio.
      await page.getByRole('link', { name: t('auth:profile.viewPublic'), exact: true }).click();
      await expect(page).toHaveURL((url) => /^\/(en-US\/)?users\/\d+$/.test(url.pathname));
      await expect(page.getByRole('heading', { level: 1, name: nickname })).toBeVisible();
      await expect(page.getByText(bio)).toBeVisible();
      await expect(page.getByText(`@${username}`)).toBeVisible();

      await signOut(page, nickname);
      expect(consoleErrors).toEqual([]);
    });

    test('change the password, sign in with it, then delete the account', async ({
      page,
      account,
      signIn,
    }) => {
      const newPassword = 'battery-staple-7';
      await signIn(page, account);
      await page.goto(path('/profile'));

      // The server's refusal of a wrong current password, answered here: real wrong passwords
      // count towards the per-IP sign-in throttle that every browser test shares.
      await page.route('**/api/v1/users/me/password', (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Current password is incorrect',
            code: 'INVALID_PASSWORD',
            details: null,
          }),
        }),
      );
      const current = page.getByLabel(t('auth:password.current'), { exact: true });
      await current.fill('not-the-password');
      await page.getByLabel(t('auth:password.new'), { exact: true }).fill(newPassword);
      await page.getByLabel(t('auth:password.confirm'), { exact: true }).fill(newPassword);
      const change = page.getByRole('button', { name: t('auth:password.submit'), exact: true });
      await change.click();
      await expect(current).toHaveAttribute('aria-invalid', 'true');
      await expect(current).toHaveAccessibleDescription(t('errors:INVALID_PASSWORD'));
      // Said once, on its field: not also above the form and in a toast.
      await expect(page.getByText(t('errors:INVALID_PASSWORD'))).toHaveCount(1);
      await expect(page.getByText(t('auth:password.failed'))).toHaveCount(0);

      await page.unroute('**/api/v1/users/me/password');
      await current.fill(PASSWORD);
      await change.click();
      await expect(
        page.getByRole('status').filter({ hasText: t('auth:password.changed') }),
      ).toBeVisible();
      await expect(current).toHaveValue('');

      await signOut(page, account.username);
      await signIn(page, { username: account.username, password: newPassword });
      await page.goto(path('/profile'));

      // Deleting says what goes first (this account has published nothing), then asks for the
      // password and a confirmation that can be cancelled.
      await expect(page.getByTestId('deletion-summary')).toContainText(
        t('auth:delete.summaryDatasets', { count: 0, private: 0 }),
      );
      const deletePassword = page.getByLabel(t('auth:delete.password'), { exact: true });
      const start = page.getByRole('button', { name: t('auth:delete.start'), exact: true });
      await deletePassword.fill(newPassword);
      await start.click();
      const cancel = page.getByRole('button', { name: t('common:common.cancel'), exact: true });
      await expect(cancel).toBeFocused();
      await cancel.click();
      await expect(start).toBeVisible();
      await start.click();
      await page.getByRole('button', { name: t('auth:delete.confirm'), exact: true }).click();

      // It ends on a page that says it is done.
      await expect(page).toHaveURL((url) => url.pathname === path('/account-deleted'));
      await expect(
        page.getByRole('heading', { level: 1, name: t('auth:deleted.title') }),
      ).toBeVisible();
      await expectSignedOut(page);
      const gone = await page.goto(path(`/users/${account.id}`));
      expect(gone?.status()).toBe(404);
    });
  });
}
