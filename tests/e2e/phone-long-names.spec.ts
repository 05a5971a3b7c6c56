import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { headerRow, sideways } from '../support/phone.ts';
import { translator } from '../support/translator.ts';

type Unbroken = {
  userId: number;
  datasetId: number;
  tag: string;
  viewer: { username: string; password: string };
};

const test = base.extend<{ unbroken: Unbroken }>({
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

    // Signed in: the header of a page without islands keeps the account menu on one row.
    await signIn(page, viewer, locale);
    await page.goto(at('/datasets'));
    const header = page.locator('body > header');
    const name = header.getByRole('button', { name: viewer.username, exact: true });
    await expect(name).toBeVisible();
    // One line of text in a 44 px button (two lines made it 58 px).
    expect((await name.boundingBox())!.height).toBeLessThanOrEqual(48);
    expect((await headerRow(page)).height).toBeLessThanOrEqual(72);
    await name.click();
    await expect(
      header.getByRole('button', { name: t('common:nav.logout'), exact: true }),
    ).toBeVisible();

    // The viewer's collections and the people they follow, drawn by islands.
    await page.goto(at('/collections'));
    await expect(card).toBeVisible();
    expect(await sideways(page), '/collections scrolls sideways').toBeLessThanOrEqual(0);
    await page.goto(at('/following'));
    await expect(page.getByRole('link', { name: new RegExp(tag) })).toBeVisible();
    expect(await sideways(page), '/following scrolls sideways').toBeLessThanOrEqual(0);
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
