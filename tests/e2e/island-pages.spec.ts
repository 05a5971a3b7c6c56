/** Site-wide behaviours of pages with islands: the chunk-load reload guard and the new-build toast. */
import { expect, test } from '../support/fixtures.ts';

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
