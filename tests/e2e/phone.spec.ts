import { expect, test, type Browser, type Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { translator } from '../support/translator.ts';

const PASSWORD = 'correct-horse-9';
const unique = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A user with a public dataset whose name is long, with a licence and many tags. */
async function publish(page: Page): Promise<{ userId: number; datasetId: number }> {
  const username = unique();
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const { access_token: token, user } = (await registered.json()) as {
    access_token: string;
    user: { id: number };
  };
  const created = await page.request.post('/api/v1/datasets', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `全国各省市自治区常住人口与城镇化率统计年鉴数据 ${username}`,
      description: '各省常住人口。',
      license: 'CC-BY-4.0',
      tags: ['人口', 'census', '城镇化', 'statistics'],
      attributes: ['省份', '常住人口', '城镇化率', '年份', '备注说明'],
      entries: [
        ['北京', 21893095, 0.875, 2020, '直辖市'],
        ['广东', 126012510, 0.7415, 2020, '人口最多的省份'],
      ],
    },
  });
  expect(created.status()).toBe(201);
  return { userId: user.id, datasetId: ((await created.json()) as { id: number }).id };
}

/** How far the page scrolls sideways (0 when everything fits the viewport). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The header's row: the site name, the account links and (on phones) the menu button. */
async function headerRow(page: Page) {
  const row = page.locator('body > header > div').first();
  return (await row.boundingBox())!;
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;
  const open = async (browser: Browser, width: number) => {
    const context = await browser.newContext({ locale, viewport: { width, height: 844 } });
    return { context, page: await context.newPage() };
  };

  for (const width of [390, 1280]) {
    test(`${locale} at ${width} px: every page type fits, with a one-row header`, async ({
      browser,
    }) => {
      const { context, page } = await open(browser, width);
      const { userId, datasetId } = await publish(page);
      const paths = [
        '/',
        '/datasets',
        `/datasets/${datasetId}`,
        `/users/${userId}`,
        '/leaderboard',
        '/news',
        '/terms',
        '/auth/login',
        '/auth/register',
      ];
      for (const path of paths) {
        await page.goto(at(path));
        expect(await sideways(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        // One row: a 44 px touch target with its padding, far from two rows (2 × 44 px).
        expect((await headerRow(page)).height, `${path} header`).toBeLessThanOrEqual(72);
        // A guest is offered sign-in in the header of every page.
        await expect(
          page
            .locator('body > header')
            .getByRole('link', { name: t('common:nav.login'), exact: true }),
        ).toBeVisible();
      }

      // The dataset's title keeps at least half the width beside its buttons.
      await page.goto(at(`/datasets/${datasetId}`));
      const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      expect(title.width).toBeGreaterThanOrEqual(width / 2 - 64);
      // Its table scrolls inside its own box, never the page.
      await expect(page.getByRole('table').first()).toBeVisible();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await context.close();
    });
  }

  test(`${locale} on a phone: the menu button opens the links and the language switch`, async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 390);
    await page.goto(at('/leaderboard'));
    const nav = page.getByRole('navigation', { name: t('common:nav.menu') });
    // Folded: the links are not shown until the menu opens.
    await expect(nav.getByRole('link', { name: t('common:nav.datasets') })).toBeHidden();
    const button = page.locator('[data-header-menu] summary');
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await button.click();
    const links = page.locator('[data-header-menu]').getByRole('link');
    await expect(links.filter({ hasText: t('common:nav.datasets') })).toBeVisible();
    for (const link of await links.all()) {
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await links.filter({ hasText: t('common:nav.datasets') }).click();
    await expect(page).toHaveURL((url) => url.pathname === at('/datasets'));

    // At desktop width the same links are in the header itself, no menu button.
    await page.setViewportSize({ width: 1280, height: 844 });
    await expect(button).toBeHidden();
    await expect(nav.getByRole('link', { name: t('common:nav.datasets') })).toBeVisible();
    await context.close();
  });
}
