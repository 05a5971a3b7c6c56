import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

type Published = { userId: number; datasetId: number };
type Unbroken = Published & { tag: string; viewer: { username: string; password: string } };

const test = base.extend<{ published: Published; unbroken: Unbroken }>({
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
  /**
   * A dataset whose name is one long word and whose description is one long link, with a tag
   * of its own; and a viewer who favourited it and follows its owner.
   */
  unbroken: async ({ createAccount, createDataset, uniqueName, request }, use) => {
    const owner = await createAccount({ prefix: 'w' });
    const tag = uniqueName('w');
    const dataset = await createDataset(owner, {
      name: `Averyveryverylongunbrokendatasetnamewithoutanyspaces${tag}`,
      description: `https://example.com/${'verylongpathsegment'.repeat(12)}?q=${'abc'.repeat(30)}`,
      tags: [tag],
    });
    const viewer = await createAccount({ prefix: 'v' });
    const headers = { authorization: `Bearer ${viewer.token}` };
    const favorite = await request.post('/api/v1/favorites', {
      headers,
      data: { dataset_id: dataset.id },
    });
    expect(favorite.status()).toBe(201);
    expect((await request.post(`/api/v1/users/${owner.id}/follow`, { headers })).status()).toBe(
      200,
    );
    await use({ userId: owner.id, datasetId: dataset.id, tag, viewer });
  },
});

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

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test(`${locale} at 390 px: a one-word name and a long link stay inside their cards`, async ({
    newPage,
    signIn,
    unbroken: { userId, tag, viewer },
  }) => {
    const page = await newPage({ locale, viewport: { width: 390, height: 844 } });
    const card = page.getByTestId('dataset-card').filter({ hasText: tag });
    for (const path of [`/datasets?tags=${tag}`, `/users/${userId}`]) {
      await page.goto(at(path));
      await expect(card.first(), path).toBeVisible();
      expect(await sideways(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // The hottest datasets (a new favourite puts it there): the name breaks inside its column,
    // so the board's table needs no scrolling of its own.
    await page.goto(at('/leaderboard'));
    await expect(page.getByRole('link', { name: new RegExp(tag) })).toBeVisible();
    const board = page.locator('section[aria-labelledby="board-heading"]');
    expect(await board.evaluate((s) => s.scrollWidth - s.clientWidth)).toBeLessThanOrEqual(0);
    // The owner column keeps room for its heading ("发布者" went one character a line).
    const owner = board.getByRole('columnheader', {
      name: t('community:leaderboard.column.owner'),
    });
    expect((await owner.boundingBox())!.height).toBeLessThanOrEqual(40);
    expect(await sideways(page), '/leaderboard scrolls sideways').toBeLessThanOrEqual(0);

    // Signed in: the header of a page without islands keeps name and sign-out on one row.
    await signIn(page, viewer, locale);
    await page.goto(at('/datasets'));
    const signOut = page
      .locator('body > header')
      .getByRole('button', { name: t('common:nav.logout'), exact: true });
    await expect(signOut).toBeVisible();
    // One line of text in a 44 px button (two lines made it 58 px).
    expect((await signOut.boundingBox())!.height).toBeLessThanOrEqual(48);
    expect((await headerRow(page)).height).toBeLessThanOrEqual(72);

    // The viewer's collections and the people they follow, drawn by islands.
    await page.goto(at('/collections'));
    await expect(card).toBeVisible();
    expect(await sideways(page), '/collections scrolls sideways').toBeLessThanOrEqual(0);
    await page.goto(at('/following'));
    await expect(page.getByRole('link', { name: new RegExp(tag) })).toBeVisible();
    expect(await sideways(page), '/following scrolls sideways').toBeLessThanOrEqual(0);
  });
}

/** A column name and a cell as long as a real survey's: one has no place to break. */
const LONG_COLUMNS = ['第0列_非常长的列名称用于测试表头换行与溢出情况', 'source_url_of_the_record'];
const longRow = (i: number) => [
  `这是第${i}行的一段很长很长的中文单元格内容，用来检查表格在手机上的显示。`,
  `https://example.com/${'verylongpathsegment'.repeat(6)}/${i}`,
];

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test(`${locale} at 390 px: column statistics and the comparison of versions fit the phone`, async ({
    newPage,
    createAccount,
    createDataset,
    request,
  }) => {
    const owner = await createAccount({ prefix: 's' });
    const { id } = await createDataset(owner, {
      name: `宽表 ${owner.username}`,
      attributes: LONG_COLUMNS,
      entries: [1, 2, 3].map(longRow),
    });
    const added = await request.post(`/api/v1/datasets/${id}/versions`, {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { attributes: LONG_COLUMNS, entries: [2, 3, 4].map(longRow) },
    });
    expect(added.status()).toBe(201);

    const page = await newPage({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    await page.goto(`${localePrefix(locale)}/datasets/${id}`);
    await expect(page.locator('astro-island[ssr]:has([data-testid="data-viewer"])')).toHaveCount(0);
    const viewer = page.getByTestId('data-viewer');
    /** Whether every card of `region` ends inside the window. */
    const inside = (selector: string) =>
      viewer
        .locator(selector)
        .evaluateAll((cards) => cards.every((c) => c.getBoundingClientRect().right <= 390));

    await viewer.getByRole('button', { name: t('viewer:showStats'), exact: true }).click();
    const stats = viewer.getByRole('region', { name: t('viewer:stats.heading', { version: 2 }) });
    await expect(stats.getByText(LONG_COLUMNS[1]!, { exact: false })).toBeVisible();
    expect(await inside('section[aria-labelledby="viewer-stats"] li')).toBe(true);
    expect(await sideways(page), 'the statistics scroll sideways').toBeLessThanOrEqual(0);

    await viewer.getByRole('button', { name: t('viewer:showCompare'), exact: true }).click();
    const compare = viewer.getByRole('region', { name: t('viewer:compare.heading') });
    const key = compare.getByLabel(t('viewer:compare.key'));
    await key.selectOption(LONG_COLUMNS[0]!);
    expect(await inside('section[aria-labelledby="viewer-compare"] label')).toBe(true);
    expect(await sideways(page), 'the comparison scrolls sideways').toBeLessThanOrEqual(0);
  });
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  test(`${locale} at 390 px: a profile whose name is one long word fits the phone`, async ({
    newPage,
    createAccount,
    request,
    signIn,
  }) => {
    // A username near the 32-character limit, with nowhere to break.
    const person = await createAccount({ prefix: 'verylongusername' });
    const nickname = `Averyveryverylongnicknamewithoutanyspaces${person.id}`.slice(0, 50);
    const renamed = await request.put('/api/v1/users/me', {
      headers: { authorization: `Bearer ${person.token}` },
      data: { nickname },
    });
    expect(renamed.status()).toBe(200);

    const page = await newPage({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    await page.goto(`${localePrefix(locale)}/users/${person.id}`);
    const name = page.getByRole('heading', { level: 1, name: nickname });
    await expect(name).toBeVisible();
    expect((await name.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await sideways(page), 'the profile scrolls sideways').toBeLessThanOrEqual(0);

    // A follower's /following: the name keeps the card's width (the button goes under it) and
    // the @username stays inside the card.
    const follower = await createAccount({ prefix: 'f' });
    const followed = await request.post(`/api/v1/users/${person.id}/follow`, {
      headers: { authorization: `Bearer ${follower.token}` },
    });
    expect(followed.status()).toBe(200);
    await signIn(page, follower, locale);
    await page.goto(`${localePrefix(locale)}/following`);
    const card = page.getByTestId('followed-user');
    const heading = card.getByRole('heading', { level: 3, name: nickname });
    await expect(heading).toBeVisible();
    const cardBox = (await card.boundingBox())!;
    expect((await heading.boundingBox())!.width).toBeGreaterThanOrEqual(cardBox.width / 2);
    const handle = (await card.getByText(`@${person.username}`, { exact: true }).boundingBox())!;
    expect(handle.x + handle.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  });
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);

  test(`${locale} at 390 px: the data file picker speaks the page's language`, async ({
    newPage,
    account,
    signIn,
  }) => {
    const page = await newPage({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    await signIn(page, account, locale);
    await page.goto(`${localePrefix(locale)}/datasets/create`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByText(t('datasets:table.noFile'), { exact: true })).toBeVisible();
    // The browser's own button ("Choose File" in the browser's language) is not what is shown.
    const input = page.getByLabel(t('datasets:table.file'), { exact: true });
    expect((await input.boundingBox())!.width).toBeLessThanOrEqual(1);

    const chooser = page.waitForEvent('filechooser');
    await page.getByText(t('datasets:table.choose'), { exact: true }).click();
    await (
      await chooser
    ).setFiles({
      name: '城市人口.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('城市,人口\n北京,2189\n', 'utf8'),
    });
    await expect(page.getByText('城市人口.csv', { exact: true })).toBeVisible();
    await expect(page.getByTestId('table-summary')).toContainText('城市人口.csv');
    expect(await sideways(page), 'the form scrolls sideways').toBeLessThanOrEqual(0);
  });

  test(`${locale} at 390 px: the headings of number columns in the table check stay on one line`, async ({
    newPage,
    account,
    signIn,
  }) => {
    const page = await newPage({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    await signIn(page, account, locale);
    await page.goto(`${localePrefix(locale)}/datasets/create`);
    // Two columns whose names differ only in case (one problem for the whole table), and a
    // long column name that widens the column of names.
    await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles({
      name: 'cities.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `a,A,${'第0列_非常长的列名称用于测试表头换行与溢出情况'.repeat(2)}\n1,2,3\n`,
      ),
    });
    /** How many lines a column heading's text takes. */
    const lines = (name: string) =>
      page
        .getByRole('columnheader', { name, exact: true })
        .last()
        .evaluate((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
    await expect(
      page.getByRole('columnheader', { name: t('datasets:validation.count'), exact: true }),
    ).toBeVisible();
    expect(await lines(t('datasets:table.problems'))).toBe(1);
    expect(await lines(t('datasets:validation.count'))).toBe(1);
  });
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  test(`${locale} at 390 px: a long dataset name keeps the width of its card on /datasets/my`, async ({
    newPage,
    account,
    createDataset,
    signIn,
  }) => {
    const name = `全国各省市自治区常住人口与城镇化率统计年鉴数据（2000—2024年逐年更新版本）${account.id}`;
    await createDataset(account, { name });
    const page = await newPage({ locale, viewport: { width: 390, height: 844 }, hasTouch: true });
    await signIn(page, account, locale);
    await page.goto(`${localePrefix(locale)}/datasets/my`);
    const heading = page.getByRole('heading', { level: 2, name });
    await expect(heading).toBeVisible();
    const card = page.locator('li.card').filter({ has: heading });
    // The edit and new-version buttons go under the name rather than squeezing it.
    expect((await heading.boundingBox())!.width).toBeGreaterThanOrEqual(
      (await card.boundingBox())!.width / 2,
    );
    expect(await sideways(page), '/datasets/my scrolls sideways').toBeLessThanOrEqual(0);
  });
}

test('at 390 px an unbroken nickname and dataset name wrap on the dataset and new-version pages', async ({
  newPage,
  account,
  createAccount,
  createDataset,
  signIn,
  request,
}) => {
  const renamed = await request.put('/api/v1/users/me', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { nickname: 'N'.repeat(50) },
  });
  expect(renamed.status()).toBe(200);
  const dataset = await createDataset(account, { name: `D${'d'.repeat(90)}${account.id}` });
  // A fork names its origin among the facts.
  const reader = await createAccount({ prefix: 'f' });
  const forked = await request.post(`/api/v1/datasets/${dataset.id}/fork`, {
    headers: { authorization: `Bearer ${reader.token}` },
    data: { name: `F${reader.id}`, description: '', is_public: true },
  });
  expect(forked.status()).toBe(201);
  const fork = (await forked.json()) as { id: number };

  const page = await newPage({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  for (const id of [dataset.id, fork.id]) {
    await page.goto(`/datasets/${id}`);
    expect(await sideways(page), `/datasets/${id} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await signIn(page, account, 'zh-CN');
  await page.goto(`/datasets/version/create?id=${dataset.id}`);
  await expect(page.getByRole('link', { name: dataset.name, exact: true })).toBeVisible();
  expect(await sideways(page), 'the new-version page scrolls sideways').toBeLessThanOrEqual(0);
});
