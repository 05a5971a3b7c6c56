import type { Page } from '@playwright/test';
import { BOARDS } from '../../src/lib/leaderboard-page.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * What the leaderboard page shows (docs/community.md, "Leaderboards"): a value reads as the API
 * ranks it, so two rows that read the same figure share a rank.
 */

/** The board's rows as they read: rank, name and value (after the owner on dataset boards). */
async function rowsOf(page: Page, kind: 'datasets' | 'users') {
  const rows = await page.locator('tbody tr').all();
  return Promise.all(
    rows.map(async (row) => ({
      rank: await row.locator('td').first().innerText(),
      name: await row.locator('th').innerText(),
      value: await row
        .locator('td')
        .nth(kind === 'datasets' ? 2 : 1)
        .innerText(),
    })),
  );
}

test('scores that read the same share a rank, and no board shows one figure under two ranks', async ({
  createAccount,
  createDataset,
  newPage,
  request,
  uniqueName,
}) => {
  test.slow();
  const owner = await createAccount({ prefix: 'board' });
  const raters = await Promise.all(Array.from({ length: 7 }, () => createAccount({ prefix: 'r' })));
  // 14/3 = 4.667 and 33/7 = 4.714: both read 4.7.
  const thirds = await createDataset(owner, { name: uniqueName('thirds') });
  const sevenths = await createDataset(owner, { name: uniqueName('sevenths') });
  const rate = async (id: number, token: string, score: number) => {
    const res = await request.post(`/api/v1/datasets/${id}/rate`, {
      headers: { authorization: `Bearer ${token}` },
      data: { score },
    });
    expect(res.status()).toBe(200);
  };
  for (const [i, score] of [5, 5, 4].entries()) await rate(thirds.id, raters[i]!.token, score);
  for (const [i, score] of [5, 5, 5, 5, 5, 4, 4].entries()) {
    await rate(sevenths.id, raters[i]!.token, score);
  }

  const page = await newPage();
  await page.goto('/leaderboard?board=datasets-score');
  const scores = await rowsOf(page, 'datasets');
  const ours = scores.filter((r) => r.name === thirds.name || r.name === sevenths.name);
  expect(ours.map((r) => r.value)).toEqual(['4.7', '4.7']);
  expect(ours[0]!.rank).toBe(ours[1]!.rank);

  for (const board of BOARDS) {
    await page.goto(`/leaderboard?board=${board.id}`);
    const rows = await rowsOf(page, board.kind);
    const rankOf = new Map<string, string>();
    for (const row of rows) {
      expect(rankOf.get(row.value) ?? row.rank, `${board.id}: ${row.value}`).toBe(row.rank);
      rankOf.set(row.value, row.rank);
    }
    if (board.id === 'datasets-heat') {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.value)).not.toContain('0');
    }
  }
});
