/**
 * A profile lists its public datasets 20 at a time (PROFILE_DATASETS_PER_PAGE), newest first,
 * with plain page links; a page past the last goes to the last; private datasets never show.
 */
import { PROFILE_DATASETS_PER_PAGE } from '../../src/contracts/limits.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

test('a profile pages through its public datasets', async ({
  page,
  account,
  createDataset,
  uniqueName,
  axe,
}) => {
  test.slow();
  const t = translator('en-US');
  const total = PROFILE_DATASETS_PER_PAGE + 3;
  const names: string[] = [];
  for (let i = 0; i < total; i++) {
    const name = `${uniqueName('shelf')}-${String(i).padStart(2, '0')}`;
    await createDataset(account, { name });
    names.push(name);
  }
  const hidden = uniqueName('hidden');
  await createDataset(account, { name: hidden, is_public: false });
  const newestFirst = names.toReversed();

  await page.goto(`/en-US/users/${account.id}`);
  const cards = page.getByTestId('user-datasets').getByRole('heading', { level: 3 });
  await expect(cards).toHaveText(newestFirst.slice(0, PROFILE_DATASETS_PER_PAGE));
  const pages = page.getByRole('navigation', { name: t('common:common.pagination') });
  await expect(pages).toContainText(t('datasets:pagination.status', { page: 1, pages: 2 }));
  await axe(page);

  await pages.getByRole('link', { name: t('common:common.next') }).click();
  await expect(page).toHaveURL(`/en-US/users/${account.id}?page=2#user-datasets`);
  await expect(cards).toHaveText(newestFirst.slice(PROFILE_DATASETS_PER_PAGE));
  await expect(page.getByText(hidden)).toHaveCount(0);

  await page.goto(`/en-US/users/${account.id}?page=9`);
  await expect(page).toHaveURL(`/en-US/users/${account.id}?page=2`);
  await expect(cards).toHaveCount(3);
});
