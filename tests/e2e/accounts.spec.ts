import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { DEFAULT_LOGIN_ERROR } from '../../src/lib/api/errors.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

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
      await expect(
        page.getByRole('alert').filter({ hasText: t('auth:password.failed') }),
      ).toBeVisible();
      await expect(current).toHaveAttribute('aria-invalid', 'true');
      await expect(current).toHaveAccessibleDescription(t('errors:INVALID_PASSWORD'));

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

    test('a wrong password and a silent failure both say the default text in the page language', async ({
      page,
      account,
      submitSignIn,
    }) => {
      await submitSignIn(page, account.username, 'not-the-password');
      // The server's English message is not shown: its code has a text in the page language.
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        t('errors:INVALID_CREDENTIALS'),
      );
      expect(t('errors:INVALID_CREDENTIALS')).toBe(DEFAULT_LOGIN_ERROR[locale]);
      await expect(page).toHaveURL((url) => url.pathname === path('/auth/login'));

      // A failure without a message from the server: the default message in the page language.
      await page.route('**/api/v1/auth/login', (route) =>
        route.fulfill({ status: 502, body: '', contentType: 'text/plain' }),
      );
      await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        DEFAULT_LOGIN_ERROR[locale],
      );
    });

    test('a refused sign-in sent from the keyboard leaves focus on its button', async ({
      page,
      account,
    }) => {
      await page.goto(path('/auth/login'));
      await page.getByLabel(t('auth:login.identifier'), { exact: true }).fill(account.username);
      await page.getByLabel(t('auth:login.password'), { exact: true }).fill('not-the-password');
      // The answer waits until the busy button has been seen and pressed again.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let sent = 0;
      await page.route('**/api/v1/auth/login', async (route) => {
        sent += 1;
        await held;
        await route.continue();
      });
      const button = page.getByRole('button', { name: t('auth:login.submit'), exact: true });
      await expect(button).toBeEnabled();
      await button.focus();
      await page.keyboard.press('Enter');

      const busy = page.getByRole('button', { name: t('auth:login.submitting'), exact: true });
      await expect(busy).toHaveAttribute('aria-disabled', 'true');
      await expect(busy).toBeFocused();
      await page.keyboard.press('Enter');
      release();

      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        t('errors:INVALID_CREDENTIALS'),
      );
      await expect(button).toBeFocused();
      await expect(button).not.toHaveAttribute('aria-disabled', 'true');
      expect(sent).toBe(1);
    });

    test('signing up with a taken username says which field', async ({
      page,
      account: taken,
      uniqueName,
    }) => {
      await page.goto(path('/auth/register'));
      const usernameField = page.getByLabel(t('auth:register.username'), { exact: true });
      await usernameField.fill(taken.username);
      await page
        .getByLabel(t('auth:register.email'), { exact: true })
        .fill(`${uniqueName('u')}@example.com`);
      await page.getByLabel(t('auth:register.password'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(t('auth:register.confirmPassword'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();

      await expect(usernameField).toHaveAttribute('aria-invalid', 'true');
      await expect(usernameField).toHaveAccessibleDescription(
        new RegExp(t('errors:USERNAME_TAKEN').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await expect(page.getByLabel(t('auth:register.email'), { exact: true })).not.toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expect(page).toHaveURL((url) => url.pathname === path('/auth/register'));
    });

    test('signing up with a taken username and a taken e-mail says each in the page language', async ({
      page,
      account: taken,
    }) => {
      await page.goto(path('/auth/register'));
      const usernameField = page.getByLabel(t('auth:register.username'), { exact: true });
      const emailField = page.getByLabel(t('auth:register.email'), { exact: true });
      await usernameField.fill(taken.username);
      await emailField.fill(taken.email);
      await page.getByLabel(t('auth:register.password'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(t('auth:register.confirmPassword'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();

      await expect(usernameField).toHaveAccessibleDescription(
        new RegExp(t('errors:USERNAME_TAKEN').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await expect(emailField).toHaveAttribute('aria-invalid', 'true');
      await expect(emailField).toHaveAccessibleDescription(
        new RegExp(t('errors:EMAIL_TAKEN').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      // The message above the form names both marked fields, not only the first.
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        t('common:common.sentences', {
          first: t('errors:USERNAME_TAKEN'),
          second: t('errors:EMAIL_TAKEN'),
        }),
      );
    });

    test('create an access token on the profile, use it from a script, revoke it', async ({
      page,
      context,
      account,
      signIn,
      axe,
    }) => {
      await signIn(page, account);
      await page.goto(path('/profile'));

      const tokens = page.getByRole('region', { name: t('auth:tokens.heading') });
      await tokens.scrollIntoViewIfNeeded();
      await tokens.getByRole('button', { name: t('auth:tokens.create'), exact: true }).click();
      await expect(tokens.getByText(t('auth:tokens.nameRequired'))).toBeVisible();
      await tokens.getByLabel(t('auth:tokens.name'), { exact: true }).fill('nightly sync');
      await tokens.getByLabel(t('auth:tokens.scope'), { exact: true }).selectOption('write');
      await tokens.getByRole('button', { name: t('auth:tokens.create'), exact: true }).click();

      // The secret is shown once, and works as a bearer token for a script.
      const secret = (await tokens.getByTestId('token-secret').textContent()) ?? '';
      expect(secret).toMatch(/^shf_/);
      const me = await context.request.get('/api/v1/users/me', {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(me.status()).toBe(200);
      const row = tokens.getByRole('listitem').filter({ hasText: 'nightly sync' });
      await expect(row).toContainText(t('auth:tokens.scopeWrite'));
      await expect(row).toContainText(secret.slice(0, 8));
      await axe(page);

      // After a reload the secret is gone; the token is still listed until revoked.
      await page.reload();
      await expect(tokens.getByTestId('token-secret')).toHaveCount(0);
      // Revoking asks first: Cancel (or Escape) keeps the token and puts the focus back.
      const revoke = tokens.getByRole('button', {
        name: t('auth:tokens.revokeLabel', { name: 'nightly sync' }),
      });
      await revoke.click();
      await expect(row).toContainText(t('auth:tokens.revokeWarning', { name: 'nightly sync' }));
      const confirm = tokens.getByRole('button', {
        name: t('auth:tokens.revokeConfirmLabel', { name: 'nightly sync' }),
      });
      await expect(confirm).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(revoke).toBeFocused();
      await revoke.click();
      await tokens.getByRole('button', { name: t('auth:tokens.revokeCancel') }).click();
      await expect(revoke).toBeFocused();
      expect(
        (
          await context.request.get('/api/v1/users/me', {
            headers: { authorization: `Bearer ${secret}` },
          })
        ).status(),
      ).toBe(200);
      await revoke.click();
      await confirm.click();
      await expect(
        page.getByText(t('auth:tokens.revoked', { name: 'nightly sync' })),
      ).toBeVisible();
      await expect(row).toHaveCount(0);
      const after = await context.request.get('/api/v1/users/me', {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(after.status()).toBe(401);
    });

    test('sign-up hints mirror the server rules before anything is sent', async ({ page }) => {
      let sent = 0;
      await page.route('**/api/v1/auth/register', (route) => {
        sent += 1;
        return route.continue();
      });
      await page.goto(path('/auth/register'));
      await page.getByLabel(t('auth:register.username'), { exact: true }).fill('ab');
      await page.getByLabel(t('auth:register.email'), { exact: true }).fill('not-an-email');
      await page.getByLabel(t('auth:register.password'), { exact: true }).fill('short');
      await page.getByLabel(t('auth:register.confirmPassword'), { exact: true }).fill('shorter');
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();

      const usernameField = page.getByLabel(t('auth:register.username'), { exact: true });
      await expect(usernameField).toHaveAccessibleDescription(
        new RegExp(t('auth:validation.usernameLength', { min: 3, max: 32 })),
      );
      await expect(usernameField).toBeFocused();
      await expect(
        page.getByLabel(t('auth:register.email'), { exact: true }),
      ).toHaveAccessibleDescription(t('auth:validation.email'));
      await expect(
        page.getByLabel(t('auth:register.confirmPassword'), { exact: true }),
      ).toHaveAccessibleDescription(t('auth:validation.passwordMismatch'));
      expect(sent).toBe(0);
    });

    test('a guest on /profile goes to sign-in and comes back after signing in', async ({
      page,
      account,
    }) => {
      await page.goto(path('/profile'));
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === path('/auth/login') &&
          url.searchParams.get('redirect') === path('/profile'),
      );
      await page.getByLabel(t('auth:login.identifier'), { exact: true }).fill(account.username);
      await page.getByLabel(t('auth:login.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === path('/profile'));
      await expect(page.getByLabel(t('auth:profile.nickname'), { exact: true })).toHaveValue(
        account.username,
      );
    });

    test('a signed-in visitor on /auth/login or /auth/register goes to the home page', async ({
      page,
      account,
      signIn,
    }) => {
      await signIn(page, account);

      await page.goto(path('/auth/login'));
      await expect(page).toHaveURL((url) => url.pathname === home);
      await page.goto(path('/auth/register'));
      await expect(page).toHaveURL((url) => url.pathname === home);
    });

    test('error pages: invalid user id, unknown user, unknown path', async ({ page }) => {
      await page.goto(home);

      let response = await page.goto(path('/users/abc'));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page.getByText(`Page Not Found: ${path('/users/abc')}`)).toBeVisible();

      response = await page.goto(path('/users/2147483000'));
      expect(response?.status()).toBe(404);
      await expect(page.getByText(`Page not found: ${path('/users/2147483000')}`)).toBeVisible();

      response = await page.goto(path('/nope'));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page.getByText(`Page not found: ${path('/nope')}`)).toBeVisible();
      await page.getByRole('link', { name: t('common:error.backHome'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === home);
    });

    test('accessibility: sign-in, sign-up, profile, public profile and 404 pass axe', async ({
      page,
      account,
      signIn,
      axe,
    }) => {
      await page.goto(path('/auth/login'));
      await expect(
        page.getByRole('button', { name: t('auth:login.submit'), exact: true }),
      ).toBeEnabled();
      await axe(page);

      await page.goto(path('/auth/register'));
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();
      await expect(page.getByLabel(t('auth:register.username'), { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await axe(page);

      await signIn(page, account);
      await page.goto(path('/profile'));
      await expect(page.getByLabel(t('auth:profile.nickname'), { exact: true })).toBeVisible();
      await axe(page);

      await page.goto(path(`/users/${account.id}`));
      await expect(page.getByRole('heading', { level: 1, name: account.username })).toBeVisible();
      await axe(page);

      await page.goto(path('/nope'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await axe(page);
    });
  });
}

test('crawlers get the error status without the error page', async ({ request }) => {
  for (const [path, status] of [
    ['/nope', 404],
    ['/en-US/nope', 404],
    ['/users/abc', 404],
    // A page's path behind anything but a locale's prefix.
    ['/fr/datasets', 404],
    ['/zh-CN/terms', 404],
    ['/en-US/en-US/users/1', 404],
  ] as const) {
    const bot = await request.get(path, {
      headers: {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        cookie: 'locale=zh-CN',
      },
    });
    expect(bot.status()).toBe(status);
    expect(await bot.text()).toBe('');

    const person = await request.get(path, { headers: { cookie: 'locale=zh-CN' } });
    expect(person.status()).toBe(status);
    expect(await person.text()).toContain('Page Not Found');
  }
});
