import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { headerRow, sideways } from '../support/phone.ts';
import { translator } from '../support/translator.ts';

type Published = { userId: number; datasetId: number };

const test = base.extend<{ published: Published }>({
  /** A user with a public dataset whose name is long, with a licence and many tags. */
  published: async ({ createAccount, createDataset }, use) => {
    const owner = await createAccount({ prefix: 'p' });
    const dataset = await createDataset(owner, {
      name: `全国各省市自治区常住人口与城镇化率统计年鉴数据 ${owner.username}`,
      description: '各省常住人口。',
      license: 'CC-BY-4.0',
      tags: ['人口', 'census', '城镇化', 'statistics'],
      attributes: ['省份', '常住人口', '城镇化率', '年份', '备注说明'],
      entries: [
        ['北京', 21893095, 0.875, 2020, '直辖市'],
        ['广东', 126012510, 0.7415, 2020, '人口最多的省份'],
      ],
    });
    await use({ userId: owner.id, datasetId: dataset.id });
  },
});

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;
  /** A window `width` px wide, in the locale. */
  const sized = (width: number) => ({ locale, viewport: { width, height: 844 } });

  for (const width of [390, 1280]) {
    test(`${locale} at ${width} px: every page type fits, with a one-row header`, async ({
      newPage,
      published: { userId, datasetId },
    }) => {
      const page = await newPage(sized(width));
      const paths = [
        '/',
        '/datasets',
        // A search for one long word: the count quotes it, and wraps rather than the page.
        `/datasets?query=${'a'.repeat(150)}`,
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
    });
  }

  test(`${locale} on a phone: the menu button opens the links and the language switch`, async ({
    newPage,
  }) => {
    const page = await newPage(sized(390));
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

    // Escape closes the menu and gives the focus back to its button; so does a tap outside it,
    // on pages without islands (the leaderboard) and with them (the sign-in page).
    for (const path of ['/leaderboard', '/auth/login']) {
      await page.goto(at(path));
      await button.click();
      await links.first().focus();
      await page.keyboard.press('Escape');
      await expect(links.first()).toBeHidden();
      await expect(button).toBeFocused();
      await button.click();
      await expect(links.first()).toBeVisible();
      await page.locator('body').dispatchEvent('click');
      await expect(links.first()).toBeHidden();
    }

    // At desktop width the same links are in the header itself, no menu button.
    await page.setViewportSize({ width: 1280, height: 844 });
    await expect(button).toBeHidden();
    await expect(nav.getByRole('link', { name: t('common:nav.datasets') })).toBeVisible();
  });
}
