import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { csvNamed } from '../support/dataset-pages.ts';
import { sideways } from '../support/phone.ts';
import { translator } from '../support/translator.ts';

/**
 * What a new visitor meets first, in both languages, on a phone (390 px) and a desktop (1280 px):
 * search results in the first screen, one account menu on every page, the create form's data
 * language, an avatar that does not load, and the page of a deleted dataset.
 */
const LOCALES = ['zh-CN', 'en-US'] as const satisfies readonly Locale[];
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const each = LOCALES.flatMap((locale) => SIZES.map((viewport) => ({ locale, viewport })));
const at = (locale: Locale, path: string) => `${localePrefix(locale)}${path}`;

test('a search shows its first result in the first screen; the filters fold on a phone', async ({
  newPage,
  account,
  createDataset,
  uniqueName,
}) => {
  const query = uniqueName('shelf');
  const tag = uniqueName('tag');
  for (const n of [1, 2]) await createDataset(account, { name: `${query} ${n}`, tags: [tag] });
  for (const { locale, viewport } of each) {
    const t = translator(locale);
    const page = await newPage({ locale, viewport });
    await page.goto(at(locale, `/datasets?query=${query}&tags=${tag}&sort=name`));
    const first = page.getByRole('heading', { level: 3, name: `${query} 1` });
    await expect(first).toBeInViewport();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height, `${locale} ${viewport.width}`).toBeLessThanOrEqual(viewport.height);
    const filters = page.getByTestId('dataset-filters');
    const tags = filters.getByLabel(t('datasets:filters.tags'), { exact: true });
    const fold = filters.locator('summary');
    if (viewport.width < 1024) {
      // Folded behind a button that says how many are set (tags and sort).
      await expect(fold).toBeVisible();
      await expect(fold).toContainText(t('datasets:filters.active', { count: 2 }));
      await expect(tags).toBeHidden();
      await fold.click();
      await expect(tags).toHaveValue(tag);
    } else {
      await expect(fold).toBeHidden();
      await expect(tags).toHaveValue(tag);
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  }
});

test('a signed-in person has the same account menu on every page', async ({
  newPage,
  account,
  createDataset,
  signIn,
}) => {
  const dataset = await createDataset(account, { name: `menu ${account.username}` });
  const paths = ['/', '/datasets', '/leaderboard', '/news', '/terms', `/datasets/${dataset.id}`];
  for (const { locale, viewport } of each) {
    const t = translator(locale);
    const page = await newPage({ locale, viewport });
    await signIn(page, account, locale);
    for (const path of [...paths, '/profile']) {
      await page.goto(at(locale, path));
      const header = page.locator('body > header');
      const name = header.getByRole('button', { name: account.username, exact: true });
      const mine = header.getByRole('link', { name: t('common:nav.myDatasets'), exact: true });
      const where = `${locale} ${viewport.width} ${path}`;
      await expect(name, where).toBeVisible();
      await expect(mine, where).toBeHidden();
      await name.click();
      await expect(name).toHaveAttribute('aria-expanded', 'true');
      for (const label of ['myDatasets', 'collections', 'following', 'profile']) {
        await expect(
          header.getByRole('link', { name: t(`common:nav.${label}`) }),
          where,
        ).toBeVisible();
      }
      await expect(
        header.getByRole('button', { name: t('common:nav.logout'), exact: true }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(mine, where).toBeHidden();
      await expect(name).toBeFocused();
    }
    // The menu leads to My datasets from a page without islands too.
    await page.goto(at(locale, '/news'));
    await page.locator('body > header').getByRole('button', { name: account.username }).click();
    await page.getByRole('link', { name: t('common:nav.myDatasets'), exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === at(locale, '/datasets/my'));
  }
});

test('the create form starts the data language at the page’s, and says what it is', async ({
  newPage,
  account,
  signIn,
}) => {
  for (const { locale, viewport } of each) {
    const t = translator(locale);
    const page = await newPage({ locale, viewport });
    await signIn(page, account, locale);
    await page.goto(at(locale, '/datasets/create'));
    const language = page.getByLabel(t('datasets:meta.language'), { exact: true });
    await expect(language).toHaveValue(locale);
    await expect(language).toHaveAccessibleDescription(new RegExp(t('datasets:meta.languageHint')));
    await expect(page.getByText('BCP 47')).toHaveCount(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  }
});

test('the upload form names a semicolon-separated CSV and a number column read as text', async ({
  newPage,
  account,
  signIn,
}) => {
  const numbers = Array.from({ length: 40 }, (_, i) => `${i},${i === 29 ? 'N/A' : i * 2}`);
  for (const { locale, viewport } of each) {
    const t = translator(locale);
    const page = await newPage({ locale, viewport });
    await signIn(page, account, locale);
    await page.goto(at(locale, '/datasets/create'));
    const file = page.getByLabel(t('datasets:table.file'), { exact: true });
    await file.setInputFiles(csvNamed('semi.csv', '名称;数量\n苹果;3\n香蕉;5\n'));
    await expect(page.getByTestId('separator-note')).toContainText(
      t('datasets:table.separator.semicolon', { column: '名称;数量' }),
    );
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await file.setInputFiles(csvNamed('counts.csv', `k,n\n${numbers.join('\n')}\n`));
    await expect(page.getByTestId('separator-note')).toHaveCount(0);
    await expect(page.getByTestId('text-columns')).toContainText(
      t('datasets:table.textBecause', { column: 'n', row: '30', value: 'N/A' }),
    );
    await expect(page.getByTestId('text-columns')).toContainText(
      t('datasets:table.nullMarker', { value: 'N/A' }),
    );
  }
});

test('the new-version form shows what will change and takes a new column’s description', async ({
  newPage,
  account,
  createDataset,
  signIn,
  request,
}) => {
  const t = translator('zh-CN');
  const page = await newPage({ locale: 'zh-CN' });
  const dataset = await createDataset(account, { name: `versions ${account.username}` });
  await signIn(page, account, 'zh-CN');
  await page.goto(`/datasets/version/create?id=${dataset.id}`);
  await page
    .getByLabel(t('datasets:table.file'), { exact: true })
    .setInputFiles(
      csvNamed('fruit.csv', '名称,数量,产地\n苹果,3,山东\n香蕉,5,海南\n橙子,7,江西\n'),
    );
  const changes = page.getByTestId('version-changes');
  await expect(changes.getByRole('listitem')).toHaveText([
    t('datasets:version.changes.rows', { before: '2', after: '3' }),
    t('datasets:version.changes.added', { columns: '产地' }),
  ]);
  const label = t('datasets:columns.label', { name: '产地', type: t('datasets:type.string') });
  await changes.getByLabel(label, { exact: true }).fill('水果的主要产地');
  await page.getByRole('button', { name: t('datasets:version.submit'), exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/datasets/${dataset.id}`);
  const res = await request.get(`/api/v1/datasets/${dataset.id}`);
  expect(await res.json()).toMatchObject({
    latest_version: 2,
    column_descriptions: { 产地: '水果的主要产地' },
  });
});

test('an avatar address that does not load leaves the initial in the circle', async ({
  newPage,
  account,
  request,
}) => {
  const res = await request.put('/api/v1/users/me', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { avatar: 'https://example.invalid/a.png' },
  });
  expect(res.status()).toBe(200);
  const name = account.user.nickname || account.username;
  for (const { locale, viewport } of each) {
    const t = translator(locale);
    const page = await newPage({ locale, viewport });
    await page.goto(at(locale, `/users/${account.id}`));
    const avatar = page.getByRole('img', { name: t('users:profile.avatarAlt', { name }) });
    await expect(avatar).toBeVisible();
    await expect(avatar).toContainText(name.slice(0, 1).toUpperCase());
    const picture = avatar.locator('img');
    await expect.poll(() => picture.evaluate((i: HTMLImageElement) => i.complete)).toBe(true);
    expect(await picture.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(0);
    // A failed picture draws nothing over the initial (no alt text, no broken-image icon).
    await expect(picture).toHaveAttribute('alt', '');
    const box = (await avatar.boundingBox())!;
    expect(Math.round(box.width)).toBe(96);
    expect(Math.round(box.height)).toBe(96);
  }
});

test('a deleted dataset’s page says it was deleted, in the page’s language, with 404 Not Found', async ({
  newPage,
  account,
  createDataset,
  request,
}) => {
  const dataset = await createDataset(account, { name: `gone ${account.username}` });
  const gone = await request.delete(`/api/v1/datasets/${dataset.id}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(gone.status()).toBe(204);
  for (const { locale, viewport } of each) {
    const t = translator(locale);
    const page = await newPage({ locale, viewport });
    const path = at(locale, `/datasets/${dataset.id}`);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.statusText()).toBe('Not Found');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText(t('common:error.notFound.heading'), { exact: true })).toBeVisible();
    await expect(
      page.getByText(t('common:error.notFound.message', { path }), { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('error-reason')).toHaveText(t('datasets:deleted.reason'));
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  }
  // An id never used: the plain 404, no word of a deletion.
  const page = await newPage({ locale: 'zh-CN' });
  expect((await page.goto(`/datasets/${dataset.id + 100_000}`))?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toBeVisible();
  await expect(page.getByTestId('error-reason')).toHaveCount(0);
});
