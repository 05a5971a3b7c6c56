/**
 * OAuth2 sign-in against a real OpenID Connect provider (oidc-provider on loopback, started by
 * tests/support/e2e-server.ts with its development login and consent pages), in each language.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { claimsFor, E2E_PROVIDERS, signInOnProviderPage } from '../support/oidc.ts';
import { translator } from '../support/translator.ts';

const [testId] = E2E_PROVIDERS;

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const path = (p: string) => `${prefix}${p}`;
  const home = prefix || '/';
  const signInWith = (name: string) => t('oauth:buttons.signInWith', { name });

  test.describe(`OAuth2 sign-in (${locale})`, () => {
    test('signs in through the provider’s login and consent pages and lands signed in', async ({
      newPage,
      uniqueName,
    }) => {
      const page = await newPage({ locale });
      const login = uniqueName(`mei-${locale.slice(0, 2)}`);
      await page.goto(path('/auth/login'));
      await page.getByRole('button', { name: signInWith(testId.name), exact: true }).click();

      await expect(page).toHaveURL((url) => url.pathname.startsWith('/interaction/'));
      const exchange = page.waitForRequest(
        (r) =>
          r.method() === 'POST' && r.url().endsWith(`/api/v1/auth/oauth2/${testId.id}/callback`),
      );
      await signInOnProviderPage(page, login);

      const sent = (await exchange).postDataJSON() as Record<string, string>;
      expect(sent['redirect_uri']).toBe(
        new URL(`${path('/auth/callback')}?provider=${testId.id}`, page.url()).href,
      );
      await expect(page).toHaveURL((url) => url.pathname === home);
      // The account menu of a page with islands shows who is signed in.
      await page.goto(path('/debug-auth'));
      const nickname = String(claimsFor(login)['name']);
      await expect(page.getByRole('button', { name: nickname, exact: true })).toBeVisible();
      const saved = await page.evaluate(() => ({
        auth: JSON.parse(localStorage.getItem('auth-store') ?? 'null') as {
          isAuthenticated?: boolean;
        } | null,
        oauth: Object.keys(sessionStorage).filter((k) => k.startsWith('oauth2_')),
      }));
      expect(saved.auth?.isAuthenticated).toBe(true);
      expect(saved.oauth).toEqual([]);

      // The code is spent: the API refuses it a second time.
      const replay = await page.request.post(`/api/v1/auth/oauth2/${testId.id}/callback`, {
        data: sent,
      });
      expect(replay.status()).toBe(400);
      expect(((await replay.json()) as { code: string }).code).toBe('OAUTH_CODE_INVALID');
    });

    test('denied consent shows a clear message and stays signed out', async ({ newPage }) => {
      const page = await newPage({ locale });
      await page.goto(path('/auth/login'));
      await page.getByRole('button', { name: signInWith(testId.name), exact: true }).click();
      await page.getByRole('link', { name: '[ Cancel ]' }).click();

      await expect(page).toHaveURL((url) => url.pathname === path('/auth/callback'));
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert).toContainText(t('oauth:callback.failed'));
      await expect(alert).toContainText(t('oauth:error.ACCESS_DENIED'));
      await expect(page.getByRole('link', { name: t('oauth:callback.backToLogin') })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('auth-store') ?? '')).not.toContain(
        '"token":"',
      );
    });

    test('says so in the page language when the provider is down', async ({
      newPage,
      uniqueName,
    }) => {
      const page = await newPage({ locale });
      await page.route('**/api/v1/auth/oauth2/*/callback', (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Test ID could not be reached or gave an unexpected answer; try again later',
            code: 'OAUTH_PROVIDER_UNAVAILABLE',
            details: null,
          }),
        }),
      );
      await page.goto(path('/auth/login'));
      await page.getByRole('button', { name: signInWith(testId.name), exact: true }).click();
      await signInOnProviderPage(page, uniqueName('down'));
      await expect(page.getByRole('main').getByRole('alert')).toContainText(
        t('oauth:error.OAUTH_PROVIDER_UNAVAILABLE'),
      );
    });
  });
}
