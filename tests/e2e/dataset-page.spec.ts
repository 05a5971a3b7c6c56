/**
 * A dataset's page: its card rendered (markup shown as text, scripts never run), for the public
 * and for its owner once private; the owner's page of a private dataset with the public page's
 * tabs, change lines and discussions; an id that is not one, and a private dataset for a guest.
 */
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { csvNamed } from '../support/dataset-pages.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`the dataset page in ${locale}`, () => {
    test.use({ locale });

    test('a dataset card is previewed, published and shown rendered, its markup as text', async ({
      page,
      account,
      openCreateForm,
      uniqueName,
      axe,
    }) => {
      const name = `card ${uniqueName('d')}`;
      await openCreateForm(page, { files: csvNamed('cities.csv', '城市,人口\n北京,2189\n') });
      await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill(name);
      const card = [
        '# 数据来源',
        '',
        '| 列 | 含义 |',
        '| --- | --- |',
        '| 人口 | 常住人口（万） |',
        '',
        '<script>window.cardRan = true</script>',
        '',
        // A line wider than the page: its block scrolls sideways, from the keyboard too (axe).
        '```',
        `SELECT ${'城市, 人口, '.repeat(40)}年份 FROM t`,
        '```',
      ].join('\n');
      await page.getByLabel(t('datasets:readme.label'), { exact: true }).fill(card);
      await page.getByRole('button', { name: t('datasets:readme.preview'), exact: true }).click();
      const preview = page.getByTestId('readme-preview');
      await expect(preview.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(preview.getByRole('cell', { name: '常住人口（万）' })).toBeVisible();
      await expect(preview).toContainText('<script>window.cardRan = true</script>');
      await expect(page.getByTestId('validation-status')).toHaveText(
        t('datasets:validation.valid'),
      );
      await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();

      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const shown = page.getByRole('region', { name: t('datasets:detail.readme') });
      await expect(shown.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(shown.getByRole('cell', { name: '人口', exact: true })).toBeVisible();
      await expect(shown).toContainText('<script>window.cardRan = true</script>');
      await expect(shown.locator('script')).toHaveCount(0);
      expect(await page.evaluate(() => 'cardRan' in window)).toBe(false);
      await axe(page, ['wcag2a', 'wcag2aa']);

      // Made private, its owner's view (read through the API) shows the card rendered the same.
      const id = new URL(page.url()).pathname.split('/').at(-1);
      const hidden = await page.request.put(`/api/v1/datasets/${id}`, {
        headers: { authorization: `Bearer ${account.token}` },
        data: { is_public: false },
      });
      expect(hidden.status()).toBe(200);
      await page.reload();
      await expect(page.getByText(t('datasets:private.notice'))).toBeVisible();
      const own = page.getByRole('region', { name: t('datasets:detail.readme') });
      await expect(own.getByRole('heading', { level: 3, name: '数据来源' })).toBeVisible();
      await expect(own.getByRole('cell', { name: '常住人口（万）' })).toBeVisible();
      await expect(own).toContainText('<script>window.cardRan = true</script>');
      await expect(own.locator('script')).toHaveCount(0);
      expect(await page.evaluate(() => 'cardRan' in window)).toBe(false);
    });

    test("the owner's page of a private dataset has the public page's tabs, each its own address", async ({
      page,
      account,
      createDataset,
      signIn,
    }, testInfo) => {
      const name = `private tabs ${account.username}`;
      const { id } = await createDataset(account, {
        name,
        is_public: false,
        attributes: ['city', 'rain_mm'],
        entries: [['Lhasa', 450]],
      });
      const owner = { authorization: `Bearer ${account.token}` };
      const patch = await page.request.post(`/api/v1/datasets/${id}/versions?mode=append`, {
        headers: owner,
        data: { attributes: ['city', 'rain_mm'], entries: [['Nyingchi', 650]] },
      });
      expect(patch.status()).toBe(201);
      const thread = await page.request.post(`/api/v1/datasets/${id}/discussions`, {
        headers: owner,
        data: { title: 'Where is Shigatse?', body: 'One city is missing.' },
      });
      expect(thread.status()).toBe(201);
      await signIn(page, account);
      const shot = async (tab: string) => {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          const path = testInfo.outputPath(`private-${tab}-${locale}-${width}.png`);
          await page.screenshot({ path, fullPage: true });
          // Nothing on the page scrolls it sideways, on a phone either.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      };

      const own = await page.goto(at(`/datasets/${id}`));
      expect(own?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const tabs = page.getByRole('navigation', { name: t('datasets:tab.label') });
      const tab = (key: string) => tabs.getByRole('link', { name: t(key), exact: false });
      await expect(tab('datasets:tab.data')).toHaveAttribute('aria-current', 'page');
      await expect(
        page.getByTestId('data-viewer').getByRole('cell', { name: 'Nyingchi', exact: true }),
      ).toBeVisible();
      await shot('data');

      // Versions: each later version's change line, linking to what changed in it.
      await tab('datasets:tab.versions').click();
      await expect(page).toHaveURL((url) => url.search === '?tab=versions');
      await expect(tab('datasets:tab.versions')).toHaveAttribute('aria-current', 'page');
      const line = t('changes:line.version', { version: 2, parts: t('changes:line.addedOne') });
      const lineLink = page.getByRole('link', { name: line, exact: true });
      await expect(lineLink).toHaveAttribute('href', at(`/datasets/${id}?tab=versions&v=2`));
      await expect(page.getByText(t('changes:wholeRows'))).toBeVisible();
      await shot('versions');

      // Discussions: the thread, listed as the public page lists it.
      await tab('datasets:tab.discussions').click();
      await expect(page).toHaveURL((url) => url.search === '?tab=discussions');
      const threads = page.getByTestId('discussion-list');
      await expect(threads.getByText('Where is Shigatse?', { exact: true })).toBeVisible();
      await expect(tab('datasets:tab.discussions')).toContainText('1');
      await shot('discussions');

      // Compare, SQL and Card are their own addresses too, and reload as they were.
      await tab('datasets:tab.compare').click();
      await expect(page).toHaveURL((url) => url.search === '?tab=compare');
      await expect(page.getByRole('heading', { name: t('viewer:compare.heading') })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: t('viewer:compare.heading') })).toBeVisible();
      await tab('datasets:tab.sql').click();
      await expect(page).toHaveURL((url) => url.search === '?tab=sql');
      await expect(page.getByRole('button', { name: t('sql:open'), exact: true })).toBeVisible();
      await tab('datasets:tab.card').click();
      await expect(page).toHaveURL((url) => url.search === '?tab=card');
      await expect(
        page.getByRole('heading', { name: t('datasets:detail.description') }),
      ).toBeVisible();
      await expect(page.getByTestId('data-viewer')).toHaveCount(0);
    });

    test('an id that is not one is the fatal 404; a private dataset is 404 for a guest', async ({
      page,
      account: owner,
      createDataset,
      uniqueName,
    }) => {
      const invalid = await page.goto(at('/datasets/abc'));
      expect(invalid?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(
        `Page Not Found: ${at('/datasets/abc')}`,
      );

      const secret = await createDataset(owner, { name: uniqueName('d'), is_public: false });
      const hidden = await page.goto(at(`/datasets/${secret.id}`));
      expect(hidden?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(
        `Page not found: ${at(`/datasets/${secret.id}`)}`,
      );
      await expect(page.getByRole('heading', { name: secret.name })).toHaveCount(0);
    });
  });
}
