import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test as base } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const COLUMNS = ['编号', '城市', '得分', '日期', '备注'];
const CITIES = ['北京', '上海', '广州', '深圳'];

/** 120 rows: three pages of 50. Every 10th score is empty; 深圳 every 4th row. */
const rows = Array.from({ length: 120 }, (_, i) => [
  i + 1,
  CITIES[i % 4],
  i % 10 === 0 ? null : i * 2,
  `2024-0${(i % 9) + 1}-15`,
  i % 7 === 0 ? 'note' : 'ok',
]);

const test = base.extend<{ datasetId: number }>({
  /** The id of a public dataset of `rows` in version 1, changed in version 2. */
  datasetId: async ({ createAccount, createDataset, request }, use) => {
    const owner = await createAccount({ prefix: 'v' });
    const { id } = await createDataset(owner, {
      name: `表格 ${owner.username}`,
      attributes: COLUMNS,
      entries: rows,
    });
    // Version 2: row 1's score changed, the last row gone.
    const changed = rows.slice(0, -1).map((r, i) => (i === 1 ? [r[0], r[1], 999, r[3], r[4]] : r));
    const added = await request.post(`/api/v1/datasets/${id}/versions`, {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { attributes: COLUMNS, entries: changed },
    });
    expect(added.status()).toBe(201);
    await use(id);
  },
});

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;
  /** A window `width` px wide, in the locale. */
  const sized = (width: number) => ({ locale, viewport: { width, height: 900 } });

  test.describe(`data viewer in ${locale}`, () => {
    test('pages, sorts, filters, shows statistics and compares versions', async ({
      newPage,
      datasetId,
      axe,
    }) => {
      const page = await newPage(sized(1280));
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(String(e)));
      await page.goto(at(`/datasets/${datasetId}`));
      const viewer = page.getByTestId('data-viewer');
      const table = viewer.getByRole('table');
      const caption = (first: number, last: number, total: number, version = 2) =>
        t('viewer:caption', { version, first, last, total });
      await expect(table.locator('caption')).toHaveText(caption(1, 50, 119));
      // Headers carry type and a summary computed at publish.
      await expect(table.getByRole('columnheader', { name: /得分/ })).toContainText(
        t('viewer:summary.range', { min: '4', max: '999' }),
      );

      // The first page is server-rendered: the buttons answer once the island has hydrated.
      await expect(page.locator('astro-island[ssr]:has([data-testid="data-viewer"])')).toHaveCount(
        0,
      );
      await viewer.getByRole('button', { name: t('viewer:last'), exact: true }).click();
      await expect(table.locator('caption')).toHaveText(caption(101, 119, 119));
      await expect(table.getByRole('rowheader', { name: '119', exact: true })).toBeVisible();

      // Sort by score, descending on the second click; empty scores go last.
      const sortScore = viewer.getByRole('button', { name: /得分/ });
      await sortScore.click();
      await expect(table.locator('caption')).toHaveText(caption(1, 50, 119));
      await sortScore.click();
      await expect(table.getByRole('columnheader', { name: /得分/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await expect(table.locator('tbody tr').first().locator('td').nth(2)).toHaveText('999');
      // "#" is each row's number in the table, not its place in the sorted list: 编号 agrees.
      await expect(table.locator('tbody tr').first().getByRole('rowheader')).toHaveText('2');
      await expect(table.locator('tbody tr').nth(1).getByRole('rowheader')).toHaveText(
        (await table.locator('tbody tr').nth(1).locator('td').first().textContent()) ?? '',
      );

      // Filter the text columns.
      await viewer.getByLabel(t('viewer:filter'), { exact: true }).fill('深圳');
      await expect(table.locator('caption')).toHaveText(caption(1, 29, 29));
      await expect(table.locator('tbody tr').nth(1).getByRole('rowheader')).not.toHaveText('2');
      await viewer.getByRole('button', { name: t('viewer:clear'), exact: true }).click();
      await expect(table.locator('caption')).toHaveText(caption(1, 50, 119));

      // Another version.
      await viewer
        .getByRole('combobox', { name: t('viewer:version'), exact: true })
        .selectOption('1');
      await expect(table.locator('caption')).toHaveText(caption(1, 50, 120, 1));

      // Statistics.
      await viewer.getByRole('button', { name: t('viewer:showStats'), exact: true }).click();
      await expect(
        viewer.getByRole('img', { name: t('viewer:stats.histogram', { column: '得分' }) }),
      ).toBeVisible();
      await expect(
        viewer.getByRole('list', { name: t('viewer:stats.top', { column: '城市' }) }),
      ).toContainText('北京');

      // Compare version 1 with 2 by 编号: one removed, one changed.
      await viewer.getByRole('button', { name: t('viewer:showCompare'), exact: true }).click();
      await viewer
        .getByRole('combobox', { name: t('viewer:compare.key'), exact: true })
        .selectOption('编号');
      await viewer.getByRole('button', { name: t('viewer:compare.run'), exact: true }).click();
      const counts = viewer.getByTestId('compare-counts');
      await expect(counts).toContainText(t('viewer:compare.rowsRemoved', { count: 1 }));
      await expect(counts).toContainText(t('viewer:compare.rowsChanged', { count: 1 }));
      await expect(viewer.getByTestId('compare-changed-columns')).toHaveText(
        t('viewer:compare.changedIn') +
          t('viewer:compare.changedColumn', { name: '得分', count: 1 }),
      );
      // No row was added: the comparison opens on the first kind that has rows, the removed one.
      await expect(
        viewer.getByRole('button', { name: t('viewer:compare.removed'), exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');
      const removed = viewer.getByRole('region', {
        name: t('viewer:compare.region', { kind: t('viewer:compare.removed') }),
        exact: true,
      });
      await expect(removed.getByRole('cell', { name: '120', exact: true })).toBeVisible();
      const kind = t('viewer:compare.removed');
      const rows = t('viewer:compare.caption', { kind, first: 1, last: 1, total: 1 });
      await expect(removed.locator('caption')).toHaveText(rows);
      await viewer.getByRole('button', { name: t('viewer:compare.changed'), exact: true }).click();
      await expect(viewer.getByText(t('viewer:compare.changedCell', { old: '2' }))).toBeVisible();
      // The compared rows scroll in a box of their own name, told apart from the version's rows.
      const compared = t('viewer:compare.region', { kind: t('viewer:compare.changed') });
      await expect(viewer.getByRole('region', { name: compared, exact: true })).toBeVisible();
      await expect(
        viewer.getByRole('region', { name: t('viewer:region'), exact: true }),
      ).toHaveCount(1);

      // A key that repeats says so: its copies pair with each other, so the counts read high.
      await expect(viewer.getByTestId('compare-key-repeats')).toHaveCount(0);
      await viewer
        .getByRole('combobox', { name: t('viewer:compare.key'), exact: true })
        .selectOption('城市');
      await viewer.getByRole('button', { name: t('viewer:compare.run'), exact: true }).click();
      await expect(viewer.getByTestId('compare-key-repeats')).toHaveText(
        t('viewer:compare.keyRepeats', {
          key: '城市',
          from: 1,
          to: 2,
          fromRows: '120',
          toRows: '119',
        }),
      );

      await axe(page, ['wcag2a', 'wcag2aa']);
      expect(problems).toEqual([]);
    });

    test('the SQL console queries the Parquet file in the browser', async ({
      newPage,
      datasetId,
    }) => {
      const page = await newPage(sized(1280));
      const ranges: string[] = [];
      page.on('request', (request) => {
        const range = request.headers()['range'];
        if (request.url().includes('format=parquet') && range) ranges.push(range);
      });
      await page.goto(at(`/datasets/${datasetId}?tab=sql`));
      await page.waitForFunction(() =>
        [...document.querySelectorAll('astro-island')].every(
          (island) => !island.hasAttribute('ssr'),
        ),
      );
      await page.getByRole('button', { name: t('sql:open'), exact: true }).click();
      const run = page.getByRole('button', { name: t('sql:run'), exact: true });
      await expect(run).toBeEnabled({ timeout: 30_000 });
      await expect(page.getByText(t('sql:runHint'), { exact: true })).toBeVisible();
      const query = page.getByLabel(t('sql:query'), { exact: true });
      await query.fill("SELECT count(*) AS n, 'all' AS label FROM t");
      await run.click();
      const result = page.getByRole('region', { name: t('sql:region') });
      // Numbers line up on the right, as in the data viewer; text on the left.
      const count = result.getByRole('cell', { name: '119', exact: true });
      await expect(count).toHaveCSS('text-align', 'right');
      const label = result.getByRole('cell', { name: 'all', exact: true });
      await expect(label).not.toHaveCSS('text-align', 'right');
      await expect(page.getByTestId('sql-summary')).toContainText(
        t('sql:result', { total: 1, ms: '' }).split('1')[0]!,
      );
      expect(ranges.length).toBeGreaterThan(0);

      await query.fill('DROP VIEW t');
      await query.press('Control+Enter');
      await expect(page.getByText(t('sql:readOnly'), { exact: true })).toBeVisible();
      await query.fill('SELECT nope FROM t');
      await run.click();
      // DuckDB's error in the page's language; the statement and its caret as DuckDB wrote them.
      const failure = page
        .getByRole('alert')
        .filter({ hasText: t('sql:failedKind', { kind: t('sql:error.kind.binder') }) });
      await expect(failure).toContainText(t('sql:error.columnNotFound', { name: 'nope' }));
      await expect(failure.locator('pre')).toContainText('LINE 1: SELECT nope FROM t');
    });

    test('on a touch phone the SQL console offers no keyboard shortcut', async ({
      newPage,
      datasetId,
    }) => {
      const page = await newPage({ ...sized(390), hasTouch: true });
      await page.goto(at(`/datasets/${datasetId}?tab=sql`));
      await page.waitForFunction(() =>
        [...document.querySelectorAll('astro-island')].every(
          (island) => !island.hasAttribute('ssr'),
        ),
      );
      await page.getByRole('button', { name: t('sql:open'), exact: true }).click();
      await expect(page.getByRole('button', { name: t('sql:run'), exact: true })).toBeVisible();
      await expect(page.getByText(t('sql:runHint'), { exact: true })).toBeHidden();
    });

    test('the first page is in the HTML without JavaScript', async ({ newPage, datasetId }) => {
      const page = await newPage({ locale, javaScriptEnabled: false });
      await page.goto(at(`/datasets/${datasetId}`));
      const table = page.getByTestId('data-viewer').getByRole('table');
      await expect(table.locator('tbody tr')).toHaveCount(50);
      await expect(table.getByRole('cell', { name: '深圳', exact: true }).first()).toBeVisible();
    });

    test('on a 390 px phone the table scrolls inside its own box', async ({
      newPage,
      datasetId,
    }) => {
      const page = await newPage(sized(390));
      await page.goto(at(`/datasets/${datasetId}`));
      const region = page.getByRole('region', { name: t('viewer:region') });
      await expect(region).toBeVisible();
      const page_ = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(page_).toBeLessThanOrEqual(390);
      const box = await region.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(box.scroll).toBeGreaterThan(box.client);
    });

    test('on a 390 px phone a panel opened under the table is brought into view', async ({
      newPage,
      datasetId,
    }) => {
      const page = await newPage({ ...sized(390), viewport: { width: 390, height: 844 } });
      await page.goto(at(`/datasets/${datasetId}`));
      const viewer = page.getByTestId('data-viewer');
      await expect(page.locator('astro-island[ssr]:has([data-testid="data-viewer"])')).toHaveCount(
        0,
      );
      await viewer.getByRole('button', { name: t('viewer:showStats'), exact: true }).click();
      const stats = t('viewer:stats.heading', { version: 2 });
      await expect(viewer.getByRole('heading', { name: stats, exact: true })).toBeInViewport();

      await page.evaluate(() => window.scrollTo(0, 0));
      await viewer.getByRole('button', { name: t('viewer:showCompare'), exact: true }).click();
      const compare = t('viewer:compare.heading');
      await expect(viewer.getByRole('heading', { name: compare, exact: true })).toBeInViewport();
      // A changed row shows the key and the changed column only, without scrolling sideways.
      await viewer
        .getByRole('combobox', { name: t('viewer:compare.key'), exact: true })
        .selectOption('编号');
      await viewer.getByRole('button', { name: t('viewer:compare.run'), exact: true }).click();
      await viewer.getByRole('button', { name: t('viewer:compare.changed'), exact: true }).click();
      await expect(viewer.getByText(t('viewer:compare.changedCell', { old: '2' }))).toBeVisible();
      const region = t('viewer:compare.region', { kind: t('viewer:compare.changed') });
      const box = viewer.getByRole('region', { name: region, exact: true });
      expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    });
  });
}
