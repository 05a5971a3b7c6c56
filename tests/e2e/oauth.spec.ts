/**
 * OAuth2 sign-in against a real OpenID Connect provider (oidc-provider on loopback, started by
 * tests/support/e2e-server.ts with its development login and consent pages), and the site-wide
 * behaviours of pages with islands: the chunk-load reload guard and the new-build toast.
 */
import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { claimsFor, E2E_PROVIDERS } from '../support/oidc.ts';
import { translator } from '../support/translator.ts';

const [testId, otherId] = E2E_PROVIDERS;
/**
 * On the provider's development login page: any name and password sign in. Logins are
 * `uniqueName`s (in lower case, as every stem here is), which no earlier run has used.
 */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

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
      await signInAtProvider(page, login);

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
      await signInAtProvider(page, uniqueName('down'));
      await expect(page.getByRole('main').getByRole('alert')).toContainText(
        t('oauth:error.OAUTH_PROVIDER_UNAVAILABLE'),
      );
    });
  });
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
    await signInAtProvider(page, uniqueName('tamper'));

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
    await signInAtProvider(page, uniqueName('mixup'));

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

test.describe('/debug-auth', () => {
  test('shows the session with a truncated token and a live countdown; refresh and clear', async ({
    newPage,
    uniqueName,
  }) => {
    const t = translator('en-US');
    const page = await newPage({ locale: 'en-US' });
    await page.goto('/en-US/auth/login');
    await page.getByRole('button', { name: `Sign in with ${testId.name}`, exact: true }).click();
    await signInAtProvider(page, uniqueName('debug'));
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

test.describe('pages with islands', () => {
  test('a missing code chunk reloads the page exactly once', async ({ newPage }) => {
    const page = await newPage({ locale: 'zh-CN' });
    const html = await (await page.request.get('/auth/login')).text();
    const chunk = /component-url="(\/_astro\/[^"]+)"/.exec(html)?.[1];
    expect(chunk).toBeTruthy();
    await page.route(
      (url) => url.pathname === chunk,
      (route) => route.fulfill({ status: 404, body: 'gone' }),
    );
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    const gaveUp = page.waitForEvent('console', (m) => m.text().includes('not reloading'));
    await page.goto('/auth/login');
    await gaveUp;
    expect(navigations).toBe(2);
  });

  test('a new build is announced with a toast that reloads the page', async ({ newPage }) => {
    const page = await newPage({ locale: 'zh-CN' });
    await page.clock.install();
    let checks = 0;
    await page.route('**/build.json', (route) => {
      checks += 1;
      return route.fulfill({ json: { build_id: 'a-newer-build' } });
    });
    await page.goto('/auth/login');
    // Every island has hydrated (Astro drops `ssr` then), so the hourly check is scheduled.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);

    await page.clock.runFor(59 * 60 * 1000);
    expect(checks).toBe(0);
    await expect(page.getByText('有新版本可用')).toHaveCount(0);

    await page.clock.runFor(60 * 1000);
    await expect(page.getByText('有新版本可用')).toBeVisible();
    expect(checks).toBe(1);
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: '重新加载' }).click();
    await reloaded;
    await expect(page.getByText('有新版本可用')).toHaveCount(0);
  });
});
