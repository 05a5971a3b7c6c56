/** The session debug page, after an OAuth2 sign-in: what it shows, refreshing and clearing. */
import { expect, test } from '../support/fixtures.ts';
import { E2E_PROVIDERS, signInOnProviderPage } from '../support/oidc.ts';
import { translator } from '../support/translator.ts';

const [testId] = E2E_PROVIDERS;

test.describe('/debug-auth', () => {
  test('shows the session with a truncated token and a live countdown; refresh and clear', async ({
    newPage,
    uniqueName,
  }) => {
    const t = translator('en-US');
    const page = await newPage({ locale: 'en-US' });
    await page.goto('/en-US/auth/login');
    await page.getByRole('button', { name: `Sign in with ${testId.name}`, exact: true }).click();
    await signInOnProviderPage(page, uniqueName('debug'));
    await expect(page).toHaveURL((url) => url.pathname === '/en-US');
    await expect(page.locator('a[href*="debug-auth"]')).toHaveCount(0);

    // Hydration matches the server's HTML: no React error #418 (reported as an error or logged).
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await page.goto('/en-US/debug-auth');
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('auth-store') ?? '{}') as { token: string }).token,
    );
    const row = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=..');
    await expect(row(t('debug:field.isAuthenticated'))).toContainText(t('debug:value.yes'));
    await expect(row(t('debug:field.token'))).toContainText(token.slice(0, 12));
    await expect(page.locator('main')).not.toContainText(token);
    const left = row(t('debug:field.expiresIn')).locator('dd');
    const first = await left.innerText();
    expect(first).toMatch(/^\d+ s$/);
    await expect(left).not.toHaveText(first);

    await page.getByRole('button', { name: t('debug:action.refresh') }).click();
    await expect(
      page.getByRole('status').filter({ hasText: t('debug:result.refreshed') }),
    ).toBeVisible();
    await page.getByRole('button', { name: t('debug:action.clear') }).click();
    await expect(row(t('debug:field.isAuthenticated'))).toContainText(t('debug:value.no'));
    // Clearing is the visitor's own act: no notice that the session ended by itself.
    await expect(
      page.getByRole('status').filter({ hasText: t('debug:result.cleared') }),
    ).toBeVisible();
    await expect(page.getByText(t('auth:session.ended'))).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
