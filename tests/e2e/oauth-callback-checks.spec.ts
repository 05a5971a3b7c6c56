/**
 * What the OAuth2 callback page checks before it signs anyone in (state, provider, issuer), how
 * it says a failure, and the axe check of the callback and debug pages.
 */
import type { Page } from '@playwright/test';
import { localePrefix } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { E2E_PROVIDERS, signInOnProviderPage } from '../support/oidc.ts';
import { translator } from '../support/translator.ts';

const [testId, otherId] = E2E_PROVIDERS;

/**
 * Changes the authorization request on its way to the provider (as someone in between could),
 * and returns the URL the site had built.
 */
async function rewriteAuthorizationRequest(
  page: Page,
  change: (url: URL) => void,
): Promise<() => URL> {
  let original: URL | undefined;
  await page.route(
    (url) => url.searchParams.has('code_challenge') && url.searchParams.has('client_id'),
    async (route) => {
      original = new URL(route.request().url());
      const changed = new URL(original);
      change(changed);
      await route.continue({ url: changed.href });
    },
  );
  return () => {
    if (!original) throw new Error('no authorization request was sent');
    return original;
  };
}

test.describe('OAuth2 callback checks', () => {
  const t = translator('zh-CN');

  test("a tampered state shows 'OAuth2 state 验证失败' and does not sign in", async ({
    newPage,
    uniqueName,
  }) => {
    const page = await newPage({ locale: 'zh-CN' });
    await page.goto('/auth/login');
    await rewriteAuthorizationRequest(page, (url) =>
      url.searchParams.set('state', `${url.searchParams.get('state')}-tampered`),
    );
    const exchanges: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/callback') && r.method() === 'POST') exchanges.push(r.url());
    });
    await page.getByRole('button', { name: `使用 ${testId.name} 登录`, exact: true }).click();
    await signInOnProviderPage(page, uniqueName('tamper'));

    await expect(page).toHaveURL((url) => url.pathname === '/auth/callback');
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('OAuth2 state 验证失败');
    await expect(alert).toContainText(t('oauth:callback.failed'));
    expect(exchanges).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('auth-store') ?? '')).not.toContain(
      '"token":"',
    );
  });

  test("a response meant for another provider shows 'OAuth2 提供商不匹配'", async ({
    newPage,
    uniqueName,
  }) => {
    const page = await newPage({ locale: 'zh-CN' });
    await page.goto('/auth/login');
    // The request goes out as the other provider's client, so the answer comes back to the
    // other provider's callback.
    const sent = await rewriteAuthorizationRequest(page, (url) => {
      url.searchParams.set('client_id', otherId.clientId);
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      redirect.searchParams.set('provider', otherId.id);
      url.searchParams.set('redirect_uri', redirect.href);
    });
    await page.getByRole('button', { name: `使用 ${testId.name} 登录`, exact: true }).click();
    await signInOnProviderPage(page, uniqueName('mixup'));

    await expect(page).toHaveURL((url) => url.searchParams.get('provider') === otherId.id);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('OAuth2 提供商不匹配');

    // The saved values are gone: even the right provider and state are refused now.
    const state = sent().searchParams.get('state') ?? '';
    await page.goto(`/auth/callback?provider=${testId.id}&code=any&state=${state}`);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('OAuth2 state 验证失败');
  });

  test('a callback without its provider is refused and its code leaves the address bar', async ({
    newPage,
  }) => {
    const page = await newPage({ locale: 'zh-CN' });
    await page.goto('/auth/login');
    await page.evaluate(() => {
      sessionStorage.setItem('oauth2_state', 'saved-state');
      sessionStorage.setItem('oauth2_provider', 'test-id');
      sessionStorage.setItem('oauth2_code_verifier', 'v'.repeat(43));
    });
    await page.goto('/auth/callback?code=secret-code&state=saved-state');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('OAuth2 提供商不匹配');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/callback' && url.search === '');
  });

  test('the English page explains a failed check in English', async ({ newPage }) => {
    const page = await newPage({ locale: 'en-US' });
    await page.goto(`/en-US/auth/callback?provider=${testId.id}&code=abc&state=forged-state-value`);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'OAuth2 state verification failed',
    );
  });

  test('the callback and debug pages are not for search engines', async ({ newPage }) => {
    const page = await newPage({ locale: 'zh-CN' });
    for (const p of [
      '/auth/callback',
      '/en-US/auth/callback',
      '/debug-auth',
      '/en-US/debug-auth',
    ]) {
      const response = await page.goto(p);
      expect(response?.status(), p).toBe(200);
      expect(new URL(page.url()).pathname, p).toBe(p);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
  });
});

test('accessibility: the callback page (with an error) and the debug page pass axe', async ({
  newPage,
  axe,
}) => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const page = await newPage({ locale });
    const prefix = localePrefix(locale);
    const pages = [
      {
        path: `${prefix}/auth/callback?provider=${testId.id}&error=access_denied`,
        ready: page.getByRole('main').getByRole('alert'),
      },
      { path: `${prefix}/debug-auth`, ready: page.getByRole('button', { disabled: false }).last() },
    ];
    for (const { path, ready } of pages) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await axe(page);
    }
    await page.context().close();
  }
});
