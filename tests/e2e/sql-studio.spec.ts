import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

test.use({ locale: 'en-US' });
const t = translator('en-US');

test('the SQL editor completes a column, joins two datasets, draws a chart and saves a query another visitor opens by link; the snippets download the version they name', async ({
  account,
  createDataset,
  signIn,
  page,
  newPage,
  axe,
}) => {
  test.setTimeout(120_000);
  const { id: rain } = await createDataset(account, {
    name: `Rain ${account.username}`,
    attributes: ['city', 'rain_mm'],
    entries: [
      ['Beijing', 600],
      ['Shanghai', 1200],
      ['Chengdu', 900],
    ],
  });
  const { id: people } = await createDataset(account, {
    name: `People ${account.username}`,
    attributes: ['city', 'population'],
    entries: [
      ['Beijing', 21_893_095],
      ['Shanghai', 24_870_895],
    ],
  });
  await signIn(page, account);
  await page.goto(`/en-US/datasets/${rain}?tab=card`);

  // "Use this dataset" (the card tab): each address names version 1 and downloads it.
  const curl = await page.locator('figure[data-snippet="curl"] code').textContent();
  const url = /https?:\/\/\S+?\/data\.csv/.exec(curl ?? '')?.[0] ?? '';
  expect(url).toContain(`/api/v1/datasets/${rain}/versions/1/data.csv`);
  const file = await page.request.get(url);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain('Chengdu');
  // Each snippet has a Copy button that puts its code on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = page.getByRole('button', { name: t('sql:use.copyOne', { tool: 'curl' }) });
  await copy.click();
  await expect(copy).toHaveText(t('sql:use.copied'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);

  await page.goto(`/en-US/datasets/${rain}?tab=sql`);

  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
  );
  await page.getByRole('button', { name: t('sql:open'), exact: true }).click();
  const run = page.getByRole('button', { name: t('sql:run'), exact: true });
  await expect(run).toBeEnabled({ timeout: 30_000 });
  const schema = page.getByRole('complementary', { name: t('sql:schema', { table: 't' }) });
  await expect(schema.getByText('rain_mm', { exact: true })).toBeVisible();

  // Completion of the table's column names.
  const editor = page.getByLabel(t('sql:query'), { exact: true });
  await editor.fill('');
  await editor.pressSequentially('SELECT rai');
  // Picked as a pointer picks it (a key pressed within 75 ms of the list opening is ignored).
  await page.getByRole('option', { name: /rain_mm/ }).dispatchEvent('mousedown');
  await expect(editor).toHaveText('SELECT rain_mm');

  // A join with another dataset, named by its id.
  await editor.fill(
    `SELECT city, rain_mm, p.population FROM t JOIN dataset(${people}) p USING (city) ORDER BY p.population DESC`,
  );
  await run.click();
  const result = page.getByRole('region', { name: t('sql:region') });
  await expect(result.getByRole('cell', { name: '24870895', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await expect(result.getByRole('cell', { name: 'Chengdu' })).toHaveCount(0);
  // The statement that ran is in the address: a reload opens it again.
  const address = new URL(page.url()).searchParams;
  expect([address.get('tab'), address.get('version')]).toEqual(['sql', '1']);
  expect(address.get('sql')).toContain(`JOIN dataset(${people}) p`);

  // A chart of the result.
  await page.getByRole('button', { name: t('sql:chart.show') }).click();
  await page.getByLabel(t('sql:chart.y')).selectOption({ label: 'population' });
  await expect(
    page.getByRole('img', { name: t('sql:chart.label', { x: 'city', y: 'population' }) }),
  ).toBeVisible();

  await axe(page, ['wcag2a', 'wcag2aa']);

  // Saved, pinned to the version it read, and opened by another visitor from its link.
  await page.getByLabel(t('sql:saved.title')).fill('Rain and people');
  await page.getByRole('button', { name: t('sql:saved.save') }).click();
  const link = page.getByRole('link', { name: 'Rain and people' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\?tab=sql&query=\d+$/);
  const guest = await newPage();
  await guest.goto(href!);
  const guestEditor = guest.getByLabel(t('sql:query'), { exact: true });
  await expect(guestEditor).toContainText(`dataset(${people}, 1)`, { timeout: 30_000 });
  await expect(guest.getByRole('link', { name: 'Rain and people' })).toBeVisible();
  await expect(guest.getByRole('button', { name: t('sql:saved.delete') })).toHaveCount(0);
});

test('the owner’s SQL console reads a private dataset, on a 390 px phone in Chinese', async ({
  account,
  createDataset,
  signIn,
  newPage,
}) => {
  const zh = translator('zh-CN');
  const { id } = await createDataset(account, {
    name: `Secret ${account.username}`,
    is_public: false,
    attributes: ['city', 'rain_mm'],
    entries: [['Lhasa', 450]],
  });
  const page = await newPage({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  await signIn(page, account, 'zh-CN');
  // Its own page has the SQL tab, as a public dataset's has.
  await page.goto(`/datasets/${id}?tab=sql`);
  await page.getByRole('button', { name: zh('sql:open'), exact: true }).click();
  const run = page.getByRole('button', { name: zh('sql:run'), exact: true });
  await expect(run).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel(zh('sql:query'), { exact: true }).fill('SELECT city FROM t');
  await run.click();
  const result = page.getByRole('region', { name: zh('sql:region') });
  await expect(result.getByRole('cell', { name: 'Lhasa', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  // The editor, the schema and the result fit the phone: the page never scrolls sideways.
  const schema = page.getByRole('complementary', { name: zh('sql:schema', { table: 't' }) });
  await expect(schema.getByText('rain_mm', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
