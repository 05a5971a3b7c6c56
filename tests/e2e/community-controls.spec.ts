import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { LEADERBOARD_MIN_RATINGS, RATING_STEP_PAUSE_MS } from '../../src/lib/community-rules.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** The rating stars, favourite and follow buttons when calls fail, the top-rated board's sentences and the follower list. */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const at = (p: string) => `${prefix}${p}`;

  /** Signed in: the session is stored (the home page itself may be static). */
  const expectSignedInAs = (page: Page, username: string) =>
    expect
      .poll(() => page.evaluate(() => localStorage.getItem('auth-store') ?? ''))
      .toContain(`"username":"${username}"`);

  test.describe(`community controls in ${locale}`, () => {
    test.use({ locale });

    test('arrow keys across the stars save once, the score they rest on; leaving saves at once', async ({
      page,
      createAccount,
      createDataset,
      signIn,
    }) => {
      const author = await createAccount({ prefix: 'a' });
      const reader = await createAccount({ prefix: 'b' });
      const dataset = await createDataset(author, { name: 'Tides', is_public: true });
      await signIn(page, reader);
      await expectSignedInAs(page, reader.username);
      const saves: number[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith(`/api/v1/datasets/${dataset.id}/rate`)) {
          saves.push((request.postDataJSON() as { score: number }).score);
        }
      });
      // The page's clock runs only when the test moves it: a save waiting for the keys to rest
      // is sent when the test says they rested, or not at all.
      await page.clock.install();
      await page.goto(at(`/datasets/${dataset.id}`));
      const star = (n: number) =>
        page.getByRole('radio', { name: t('community:rating.star', { count: n }), exact: true });
      await expect(page.getByText(t('community:rating.notRated'))).toBeVisible();
      await page.clock.pauseAt(Date.now() + 1000);
      const status = page.getByTestId('rating-status');
      const ratings = page.locator(`[data-live-count="ratings"][data-live-id="${dataset.id}"]`);

      // 1 → 5 with the arrow keys: one save, of 5, once the keys rest.
      await star(1).focus();
      for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
      await expect(star(5)).toBeChecked();
      await expect(star(5)).toBeFocused();
      await page.clock.runFor(RATING_STEP_PAUSE_MS);
      await expect(status).toHaveText(t('community:rating.saved', { score: 5 }));
      expect(saves).toEqual([5]);
      await expect(ratings).toHaveText('1');
      await expect(page.getByTestId('rating-summary')).toContainText(
        new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(5),
      );

      // A step back, then Tab out of the stars before the keys rest: saved on leaving.
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Tab');
      await expect(status).toHaveText(t('community:rating.saved', { score: 4 }));
      expect(saves).toEqual([5, 4]);

      // Back to the saved score and out again: nothing to save. A click saves at once.
      await star(4).focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Tab');
      // (Forced: Playwright's wait for a still element counts animation frames, and the clock
      // is stopped.)
      await star(2).click({ force: true });
      await expect(status).toHaveText(t('community:rating.saved', { score: 2 }));
      expect(saves).toEqual([5, 4, 2]);
      await expect(ratings).toHaveText('1');
    });

    test("favouriting when the check failed shows the server's count, not one more", async ({
      page,
      request,
      createAccount,
      createDataset,
      signIn,
    }) => {
      const author = await createAccount({ prefix: 'a' });
      const reader = await createAccount({ prefix: 'b' });
      const dataset = await createDataset(author, { name: 'Rain', is_public: true });
      // The reader favourited it already (in another tab, say).
      const added = await request.post('/api/v1/favorites', {
        headers: { authorization: `Bearer ${reader.token}` },
        data: { dataset_id: dataset.id },
      });
      expect(added.status()).toBe(201);

      await signIn(page, reader);
      await expectSignedInAs(page, reader.username);
      // The favourite check fails, so the button reads "not favourited" (as the spec asks).
      await page.route('**/api/v1/favorites/check/**', (route) => route.abort());
      await page.goto(at(`/datasets/${dataset.id}`));
      const favorite = page.getByRole('button', { name: t('community:favorite.button') });
      await expect(favorite).toHaveAttribute('aria-pressed', 'false');
      const count = page.locator(`[data-live-count="favorites"][data-live-id="${dataset.id}"]`);
      await expect(count).toHaveText('1');
      await favorite.click();
      await expect(favorite).toHaveAttribute('aria-pressed', 'true');
      await expect(count).toHaveText('1');
    });

    test("following when the status lookup failed shows the server's count, not one more", async ({
      page,
      request,
      createAccount,
      signIn,
    }) => {
      const author = await createAccount({ prefix: 'a' });
      const reader = await createAccount({ prefix: 'b' });
      // The reader follows the author already (in another tab, say).
      const followed = await request.post(`/api/v1/users/${author.id}/follow`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect(followed.status()).toBe(200);

      await signIn(page, reader);
      await expectSignedInAs(page, reader.username);
      await page.route('**/api/v1/users/*/follow-status', (route) => route.abort());
      await page.goto(at(`/users/${author.id}`));
      const follow = page.getByRole('button', { name: t('community:follow.button') });
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      const count = page.locator(`[data-live-count="followers"][data-live-id="${author.id}"]`);
      await expect(count).toHaveText('1');
      await follow.click();
      await expect(follow).toHaveAttribute('aria-pressed', 'true');
      await expect(count).toHaveText('1');
    });

    test('the top-rated board states its minimum and its ties as sentences of the language', async ({
      page,
    }) => {
      await page.goto(at('/leaderboard?board=datasets-score'));
      const note = t('community:leaderboard.scoreNote', { min: LEADERBOARD_MIN_RATINGS });
      const ties = t('community:leaderboard.ties');
      // Chinese runs its sentences on after the full stop; English puts a space between them.
      const text = locale === 'zh-CN' ? `${note}${ties}` : `${note} ${ties}`;
      const board = page.getByRole('region', {
        name: t('community:leaderboard.caption.datasetsScore'),
      });
      await expect(board.locator('p').first()).toHaveText(text, { useInnerText: true });
    });

    test("the profile's follower list follows the button, without a reload", async ({
      page,
      createAccount,
      signIn,
    }) => {
      const author = await createAccount({ prefix: 'a' });
      const reader = await createAccount({ prefix: 'b' });
      await signIn(page, reader);
      await expectSignedInAs(page, reader.username);
      await page.goto(at(`/users/${author.id}`));
      const list = page.getByRole('region', { name: t('community:profile.followers') });
      await expect(list).toContainText(t('community:profile.noFollowers'));
      const follow = page.getByRole('button', { name: t('community:follow.button') });
      await expect(follow).toHaveAttribute('aria-pressed', 'false');

      await follow.click();
      await expect(follow).toHaveAttribute('aria-pressed', 'true');
      await expect(list.getByRole('link', { name: reader.username })).toBeVisible();
      await expect(list.getByRole('heading')).toContainText('(1)');

      await follow.click();
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      await expect(list.getByRole('link', { name: reader.username })).toHaveCount(0);
      await expect(list).toContainText(t('community:profile.noFollowers'));
      await expect(list.getByRole('heading')).toContainText('(0)');
    });
  });
}
