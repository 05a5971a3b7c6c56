import { expect, test } from '../support/fixtures.ts';

test('a first visit with a Chinese browser stays on the unprefixed site and sets the locale cookie', async ({
  newPage,
}) => {
  const page = await newPage({ locale: 'zh-CN' });
  const context = page.context();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('zh-CN');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  // 365 days, give or take the test's own run time
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
});

test('a first visit with an English browser lands on /en-US and sets the cookie', async ({
  newPage,
}) => {
  const page = await newPage({ locale: 'en-US' });
  const context = page.context();
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/en-US');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('en-US');
});

test('the locale cookie follows the language read, and the bare home page goes to it', async ({
  newPage,
}) => {
  const page = await newPage({ locale: 'zh-CN' });
  const context = page.context();
  await page.goto('/');
  await page.goto('/en-US');
  expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('en-US');
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/en-US');
});

test('server-rendered pages are compressed and prerendered ones are too', async ({ request }) => {
  for (const path of ['/', '/no-such-page']) {
    const res = await request.get(path, {
      headers: { 'accept-encoding': 'br', cookie: 'locale=zh-CN' },
    });
    expect(res.headers()['content-encoding']).toBe('br');
    expect(await res.text()).toContain('<html lang="zh-CN"');
  }
});

test('pages without islands show guests 登录 and 注册, and signed-in people the account menu', async ({
  newPage,
  createAccount,
}) => {
  const page = await newPage({ locale: 'zh-CN' });
  const context = page.context();
  const header = page.getByRole('banner');
  const pages = ['/', '/datasets', '/leaderboard', '/news', '/terms'];
  for (const path of pages) {
    await page.goto(path);
    await expect(header.getByRole('link', { name: '登录', exact: true }), path).toBeVisible();
    await expect(header.getByRole('link', { name: '注册', exact: true }), path).toBeVisible();
    await expect(header.getByRole('button', { name: '退出登录' }), path).toBeHidden();
  }
  await page.goto('/datasets');
  expect(await page.locator('script[src], script[type="module"]').count()).toBe(0);

  // A real account, registered through this browser's API calls (which keep its refresh
  // cookie) and signed in the way the sign-in page stores it.
  const account = await createAccount({ prefix: 'hdr', request: context.request });
  await page.evaluate((a) => {
    localStorage.setItem(
      'auth-store',
      JSON.stringify({
        user: a.user,
        token: a.token,
        tokenExpiresAt: Date.now() + 60_000,
        isAuthenticated: true,
      }),
    );
  }, account);
  const menu = header.getByRole('button', { name: account.user.nickname, exact: true });
  for (const path of pages) {
    await page.goto(path);
    await menu.click();
    await expect(header.getByRole('link', { name: '个人资料', exact: true }), path).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(header.getByRole('link', { name: '登录', exact: true }), path).toBeHidden();
  }

  // Signing out from a page without islands ends the session and shows the guest links.
  await header.getByRole('button', { name: '退出登录' }).click();
  await expect(header.getByRole('link', { name: '登录', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth-store'))).toBeNull();
  const refreshed = await context.request.post('/api/v1/auth/refresh');
  expect(refreshed.status()).toBe(401);
});

test('the language switcher on the English home page reaches the Chinese home page', async ({
  newPage,
}) => {
  const page = await newPage({ locale: 'en-US' });
  const context = page.context();
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/en-US');
  await page.getByRole('link', { name: '中文', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}`).toBe('/');
  expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('zh-CN');
  // …and back: the remembered language is now Chinese, so the bare address stays Chinese.
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/');
  await page.getByRole('link', { name: 'English', exact: true }).click();
  expect(new URL(page.url()).pathname).toBe('/en-US');
});

test('switching the sign-in page to English brings the visitor back to the English page', async ({
  newPage,
  account,
}) => {
  const page = await newPage({ locale: 'zh-CN' });
  await page.goto('/following');
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/en-US/auth/login' && url.searchParams.has('redirect'),
  );
  await page.getByLabel('Username or e-mail', { exact: true }).fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/en-US/following');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('en-US');
});

test('the home page may be cached only keyed on the locale cookie', async ({ request }) => {
  const res = await request.get('/', { headers: { cookie: 'locale=zh-CN' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=0, s-maxage=30');
  expect(res.headers()['vary']).toMatch(/cookie/i);
});

test('a page address with a control character is a 400 page in the page’s language', async ({
  request,
}) => {
  const zh = await request.get('/datasets?query=%00', { headers: { cookie: 'locale=zh-CN' } });
  expect(zh.status()).toBe(400);
  expect(await zh.text()).toContain('请求无效');
  const en = await request.get('/en-US/datasets?query=a%1Bb', {
    headers: { cookie: 'locale=en-US' },
  });
  expect(en.status()).toBe(400);
  expect(await en.text()).toContain('Bad request');
  // In the path too: never a 404 page that prints the character back.
  for (const path of ['/datasets/1%00', '/news/a%07b', '/en-US/nope%00']) {
    const res = await request.get(path, { headers: { cookie: 'locale=zh-CN' } });
    expect(res.status(), path).toBe(400);
    const text = await res.text();
    expect([text.includes('\u0000'), text.includes('\u0007')], path).toEqual([false, false]);
  }
});

test('every page type carries a Content-Security-Policy and nothing on it is blocked', async ({
  newPage,
}) => {
  const page = await newPage({ locale: 'zh-CN' });
  const blocked: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspBlocked: string[] }).cspBlocked ??= [];
      (window as unknown as { cspBlocked: string[] }).cspBlocked.push(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) blocked.push(message.text());
  });
  // Prerendered, server-rendered without islands, with the light header script, with islands.
  for (const path of [
    '/terms',
    '/',
    '/datasets',
    '/auth/login',
    '/auth/register',
    '/leaderboard',
  ]) {
    // Server-rendered pages send it as a header, prerendered ones in a <meta>.
    const response = await page.goto(path);
    const meta = page.locator('meta[http-equiv="content-security-policy"]');
    const policy =
      response?.headers()['content-security-policy'] ??
      ((await meta.count()) > 0 ? await meta.getAttribute('content') : null);
    expect(policy, path).toMatch(/script-src 'self'[^;]*'sha256-[^;]*;/);
    expect(policy, path).toContain("object-src 'none'");
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(
      () => (window as unknown as { cspBlocked?: string[] }).cspBlocked ?? [],
    );
    blocked.push(...seen.map((v) => `${path}: ${v}`));
  }
  // Islands hydrated under the policy: the sign-in form answers typing with its checks.
  await page.goto('/auth/login');
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
  expect(blocked).toEqual([]);
});

for (const [locale, prefix, title] of [
  ['zh-CN', '', 'API 参考 · Sheaf'],
  ['en-US', '/en-US', 'API reference · Sheaf'],
] as const) {
  test(`${locale}: the footer's API link opens the API reference, rendered from the OpenAPI document`, async ({
    newPage,
    baseURL,
  }) => {
    const page = await newPage({ locale });
    await page.context().addCookies([{ name: 'locale', value: locale, url: baseURL ?? '' }]);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${prefix}/terms`);
    await page.getByRole('contentinfo').getByRole('link', { name: /API/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === `${prefix}/api`);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // Redoc renders the operations of the document, tokens among them.
    await expect(page.getByRole('heading', { name: 'Create a personal access token' })).toBeVisible(
      { timeout: 30_000 },
    );
    expect(violations).toEqual([]);
  });
}
