import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** Finding datasets on /datasets: what the search box, the count line and the sort say. */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`dataset search in ${locale}`, () => {
    test.use({ locale });

    test('a sorted search still says how many datasets match the query', async ({
      page,
      account,
      createDataset,
      uniqueName,
    }) => {
      const query = uniqueName('sorted');
      for (const n of [1, 2, 3]) await createDataset(account, { name: `${query} ${n}` });
      await page.goto(at(`/datasets?query=${query}&sort=name`));
      await expect(page.getByTestId('dataset-count')).toHaveText(
        t('datasets:list.searchTotal', { query, count: 3 }),
      );
      await expect(page.getByRole('heading', { level: 3 })).toHaveText(
        [1, 2, 3].map((n) => `${query} ${n}`),
      );
    });

    test('the newest-first sort is named for what it orders by: publication', async ({
      page,
      account,
      createDataset,
      uniqueName,
      request,
    }) => {
      const query = uniqueName('newest');
      const older = await createDataset(account, { name: `${query} older` });
      await createDataset(account, { name: `${query} newer` });
      const edit = await request.put(`/api/v1/datasets/${older.id}`, {
        headers: { authorization: `Bearer ${account.token}` },
        data: { description: 'edited after the newer one was published' },
      });
      expect(edit.status()).toBe(200);
      await page.goto(at(`/datasets?query=${query}&sort=recent`));
      await expect(page.getByRole('heading', { level: 3 })).toHaveText([
        `${query} newer`,
        `${query} older`,
      ]);
      const sort = page.getByRole('combobox', { name: t('datasets:filters.sort'), exact: true });
      await expect(sort.locator('option:checked')).toHaveText(
        locale === 'zh-CN' ? '最新发布' : 'Newest',
      );
    });

    test('my datasets at a page past the last show the last page', async ({
      page,
      account,
      createDataset,
      uniqueName,
      signIn,
    }) => {
      const name = uniqueName('mine');
      await createDataset(account, { name, is_public: false });
      await signIn(page, account);
      await page.goto(at('/datasets/my?page=7'));
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(page.getByText(t('datasets:my.empty'))).toHaveCount(0);
      await expect(page).toHaveURL((url) => !url.searchParams.has('page'));
    });

    test('my datasets take a query too long for the API from the address, cut to 100 characters', async ({
      page,
      account,
      createDataset,
      signIn,
    }) => {
      const name = 'x'.repeat(100);
      await createDataset(account, { name });
      await signIn(page, account);
      await page.goto(at(`/datasets/my?query=${'x'.repeat(150)}`));
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(page.getByText(t('datasets:my.loadFailed'))).toHaveCount(0);
      await expect(page.getByLabel(t('datasets:my.search'))).toHaveValue(name);
    });

    test('a search marks what matched in each result, as written; a plain list marks nothing', async ({
      page,
      account,
      createDataset,
      uniqueName,
    }) => {
      const word = uniqueName('rain');
      const description = `Daily ${word}fall <b>in</b> 台湾 & more`;
      await createDataset(account, { name: `${word} 臺灣人口`, description, tags: [word, 'x'] });
      await page.goto(at(`/datasets?query=${encodeURIComponent(`${word.toUpperCase()} 台湾`)}`));
      const card = page.getByTestId('dataset-card');
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(`${word} 臺灣人口`);
      await expect(card.getByRole('heading', { level: 3 }).locator('mark')).toHaveText([
        word,
        '臺灣',
      ]);
      const excerpt = card.getByText(description, { exact: true });
      await expect(excerpt.locator('mark')).toHaveText([word, '台湾']);
      const tags = card.getByRole('list', { name: t('datasets:card.tags') });
      await expect(tags.locator('mark')).toHaveText([word]);
      await expect(tags.getByRole('link')).toHaveText([`#${word}`, '#x']);

      await page.goto(at(`/datasets?tags=${word}`));
      await expect(page.getByTestId('dataset-card')).toHaveCount(1);
      await expect(page.locator('mark')).toHaveCount(0);
    });

    test('a search for words deep in a long description shows them, marked, in the excerpt', async ({
      page,
      account,
      createDataset,
      uniqueName,
    }) => {
      const word = uniqueName('deep');
      const opening = '本数据集收录各县市的人口资料，包括户籍人口与常住人口。'.repeat(8);
      const description = `${opening}Gauges ${word} also log the monthly 降水量 of each district. ${'Notes on the method. '.repeat(8)}`;
      await createDataset(account, { name: uniqueName('gauges'), description, tags: [] });
      await page.goto(at(`/datasets?query=${encodeURIComponent(`${word.toUpperCase()} 降水`)}`));
      const card = page.getByTestId('dataset-card');
      const excerpt = card.locator('p', { has: page.locator('mark') });
      await expect(excerpt.locator('mark')).toHaveText([word, '降水']);
      await expect(excerpt).toHaveText(
        new RegExp(`^…[^…]*Gauges ${word} also log the monthly 降水量 of each district\\. [^…]*…$`),
      );

      await page.goto(at(`/datasets?query=${encodeURIComponent(`${word} .`)}`));
      await expect(card.locator('mark')).toHaveText([word]);
    });

    test('on a 390 px phone, a match inside the excerpt is not cut off by the card', async ({
      page,
      account,
      createDataset,
      uniqueName,
    }) => {
      await page.setViewportSize({ width: 390, height: 900 });
      const word = uniqueName('near');
      // 70 Chinese characters, then the word: inside the excerpt, past a phone's third line.
      const description = `${'各县市人口资料汇编'.repeat(7)}甲乙丙丁戊己庚 ${word} 结束。`;
      await createDataset(account, { name: uniqueName('phone'), description, tags: [] });
      await page.goto(at(`/datasets?query=${word}`));
      const excerpt = page.getByTestId('dataset-card').getByText(description, { exact: true });
      const mark = excerpt.locator('mark');
      await expect(mark).toHaveText(word);
      const shown = (await excerpt.boundingBox())!;
      const marked = (await mark.boundingBox())!;
      expect(marked.y + marked.height).toBeLessThanOrEqual(shown.y + shown.height + 1);
    });

    test('a query of 100 characters ending in an emoji is kept whole', async ({ page }) => {
      const query = `${'q'.repeat(99)}🚀`;
      await page.goto(at(`/datasets?query=${encodeURIComponent(query)}`));
      await expect(page.getByRole('searchbox', { name: t('datasets:search.label') })).toHaveValue(
        query,
      );
      await expect(page.getByTestId('dataset-count')).toHaveText(
        t('datasets:list.searchTotal', { query, count: 0 }),
      );
    });
  });
}
