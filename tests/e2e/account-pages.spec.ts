import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** Who may open the account pages, the error pages, and their accessibility. */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const home = prefix || '/';
  const path = (p: string) => `${prefix}${p}`;

  test.describe(`account pages in ${locale}`, () => {
    test.use({ locale });

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
