/**
 * The data viewer's row view: a row's number opens a dialog listing that row's fields one under
 * another (name, type, description, whole value), with the previous and next rows of the page.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const COLUMNS = ['编号', '城市', '得分', '日期', '备注'];
const CITIES = ['北京', '上海', '广州', '深圳'];
/** Row 3's note: longer than the 1,000 characters a cell of the page shows. */
const LONG = `${'长'.repeat(1_200)}尾`;

/** 60 rows; row 3 has no score and a long note. */
const rows = Array.from({ length: 60 }, (_, i) => [
  i + 1,
  CITIES[i % 4],
  i === 2 ? null : i * 2,
  `2024-0${(i % 9) + 1}-15`,
  i === 2 ? LONG : `note ${i + 1}`,
]);

const test = base.extend<{ datasetId: number }>({
  /** The id of a public dataset of `rows`, its city column described. */
  datasetId: async ({ createAccount, createDataset }, use) => {
    const owner = await createAccount({ prefix: 'r' });
    const { id } = await createDataset(owner, {
      name: `行视图 ${owner.username}`,
      attributes: COLUMNS,
      entries: rows,
      column_descriptions: { 城市: '所在城市 (city)' },
    });
    await use(id);
  },
});

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;
  const types = ['integer', 'string', 'integer', 'date', 'string'].map((k) =>
    t(`datasets:type.${k}`),
  );

  test.describe(`row view in ${locale}`, () => {
    test('on a 390 px phone a row reads field by field, steps to the next row and closes with Escape', async ({
      newPage,
      datasetId,
      axe,
    }) => {
      const page = await newPage({ locale, viewport: { width: 390, height: 844 } });
      await page.goto(at(`/datasets/${datasetId}`));
      const table = page.getByTestId('data-viewer').getByRole('table');
      // The viewer hydrates when it scrolls into view.
      await table.scrollIntoViewIfNeeded();
      await expect(page.locator('astro-island[ssr]:has([data-testid="data-viewer"])')).toHaveCount(
        0,
      );
      const rowButton = (n: string) =>
        table.getByRole('rowheader', { name: n, exact: true }).getByRole('button');
      await rowButton('3').click();

      const title = (n: string) => t('viewer:row.title', { number: n });
      const dialog = page.getByRole('dialog', { name: title('3'), exact: true });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: t('viewer:row.close') })).toBeFocused();
      const terms = dialog.getByRole('term');
      await expect(terms).toHaveCount(COLUMNS.length);
      for (const [c, name] of COLUMNS.entries()) {
        await expect(terms.nth(c)).toContainText(name);
        await expect(terms.nth(c)).toContainText(types[c]!);
      }
      await expect(terms.nth(1)).toContainText('所在城市 (city)');
      // The page cut the note at 1,000 characters; the row view has fetched it whole.
      await expect(dialog.getByRole('definition')).toHaveText([
        '3',
        '广州',
        t('viewer:null'),
        '2024-03-15',
        LONG,
      ]);
      await axe(page);

      await dialog.getByRole('button', { name: t('viewer:row.next'), exact: true }).click();
      const next = page.getByRole('dialog', { name: title('4'), exact: true });
      await expect(next.getByRole('definition')).toHaveText([
        '4',
        '深圳',
        '6',
        '2024-04-15',
        'note 4',
      ]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Focus goes back to the number of the row shown last.
      await expect(rowButton('4')).toBeFocused();
    });

    test('at 1280 px the keyboard opens a row, and the close button brings focus back', async ({
      newPage,
      datasetId,
    }) => {
      const page = await newPage({ locale, viewport: { width: 1280, height: 900 } });
      await page.goto(at(`/datasets/${datasetId}`));
      const table = page.getByTestId('data-viewer').getByRole('table');
      await table.scrollIntoViewIfNeeded();
      const first = table.getByRole('rowheader', { name: '1', exact: true }).getByRole('button');
      await first.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t('viewer:row.title', { number: '1' }) });
      await expect(dialog.getByRole('definition').first()).toHaveText('1');
      // The page's first row has no previous one: the button says so and does nothing.
      const previous = dialog.getByRole('button', { name: t('viewer:row.previous') });
      await expect(previous).toHaveAttribute('aria-disabled', 'true');
      await previous.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await expect(previous).toBeFocused();
      await dialog.getByRole('button', { name: t('viewer:row.close'), exact: true }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(first).toBeFocused();
    });
  });
}

test('without JavaScript the row numbers are plain text', async ({ newPage, datasetId }) => {
  const page = await newPage({ locale: 'zh-CN', javaScriptEnabled: false });
  await page.goto(`/datasets/${datasetId}`);
  const table = page.getByTestId('data-viewer').getByRole('table');
  await expect(table.getByRole('rowheader', { name: '3', exact: true })).toBeVisible();
  await expect(table.locator('tbody').getByRole('button')).toHaveCount(0);
});

test('a cell of 300,000 characters is cut to 1,000 in the page, which stays small', async ({
  createAccount,
  createDataset,
  request,
  newPage,
}) => {
  const owner = await createAccount({ prefix: 'w' });
  const { id } = await createDataset(owner, {
    name: `长文本 ${owner.username}`,
    attributes: ['备注', '编号'],
    entries: [
      ['长'.repeat(300_000), 1],
      ['短', 2],
    ],
  });
  const html = await (await request.get(`/datasets/${id}`)).text();
  expect(html.length).toBeLessThan(150_000);
  const page = await newPage({ locale: 'zh-CN' });
  await page.goto(`/datasets/${id}`);
  const cell = page.getByTestId('data-viewer').getByRole('cell').filter({ hasText: '长长长' });
  await expect(cell).toHaveText(`${'长'.repeat(999)}…`);
});
