import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test, type Fixtures } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** Two users follow, favourite, rate and fork each other, and both see it on their pages. */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const at = (p: string) => `${prefix}${p}`;

  /** A page of its own, and what went wrong on it. */
  const watched = async (newPage: Fixtures['newPage']) => {
    const page = await newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    // Hydration mismatches show up as console errors; a refused call logs its status.
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 403/.test(m.text())) problems.push(m.text());
    });
    return { page, problems };
  };

  /** Signed in: the session is stored (the home page itself may be static). */
  const expectSignedInAs = (page: Page, username: string) =>
    expect
      .poll(() => page.evaluate(() => localStorage.getItem('auth-store') ?? ''))
      .toContain(`"username":"${username}"`);

  test.describe(`community in ${locale}`, () => {
    test.use({ locale });

    test('follow, favourite, rate by keyboard and fork; both users see it on their pages', async ({
      newPage,
      uniqueName,
      createAccount,
      createDataset,
      signIn,
      axe,
    }) => {
      // Two users, five pages and two axe checks: three times the usual time on a busy machine.
      test.slow();
      const a = await watched(newPage);
      const b = await watched(newPage);

      // A publishes a dataset (through the API with A's token).
      const author = await createAccount({ prefix: 'a' });
      const datasetName =
        locale === 'zh-CN' ? `城市空气 ${uniqueName('x')}` : `City air ${uniqueName('x')}`;
      const dataset = await createDataset(author, {
        name: datasetName,
        description: locale === 'zh-CN' ? '各城市的空气质量。' : 'Air quality by city.',
        is_public: true,
        attributes: ['city', 'aqi'],
        entries: [
          ['北京', 80],
          ['上海', 60],
        ],
      });

      // A guest gets sign-in links that come back, and is sent to sign in from /collections.
      await a.page.goto(at(`/datasets/${dataset.id}`));
      await expect(
        a.page.getByRole('link', { name: t('community:rating.signIn'), exact: true }),
      ).toHaveAttribute(
        'href',
        `${at('/auth/login')}?redirect=${encodeURIComponent(at(`/datasets/${dataset.id}`))}`,
      );
      await expect(
        a.page.getByRole('link', { name: t('community:favorite.signIn'), exact: true }),
      ).toBeVisible();
      await a.page.goto(at('/collections'));
      await expect(a.page).toHaveURL(
        (url) =>
          url.pathname === at('/auth/login') &&
          url.searchParams.get('redirect') === at('/collections'),
      );

      const reader = await createAccount({ prefix: 'b' });
      await signIn(b.page, reader);
      await expectSignedInAs(b.page, reader.username);

      // B follows A on A's profile.
      await b.page.goto(at(`/users/${author.id}`));
      const follow = b.page.getByRole('button', { name: t('community:follow.button') });
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      const followers = b.page.locator(
        `[data-live-count="followers"][data-live-id="${author.id}"]`,
      );
      await expect(followers).toHaveText('0');
      await follow.click();
      await expect(follow).toHaveAttribute('aria-pressed', 'true');
      await expect(b.page.getByRole('status').filter({ hasText: author.username })).toHaveText(
        t('community:follow.followed', { name: author.username }),
      );
      // The profile's count follows at once, and the button says so in plain sight.
      await expect(followers).toHaveText('1');
      await expect(follow).toContainText(t('community:follow.followingState'));
      await axe(b.page);

      // B favourites the dataset; a double click sends one request (the first is held until
      // both clicks are done, and the button says it is busy meanwhile).
      await b.page.goto(at(`/datasets/${dataset.id}`));
      const favorite = b.page.getByRole('button', { name: t('community:favorite.button') });
      await expect(favorite).toHaveAttribute('aria-pressed', 'false');
      await expect(favorite).toBeEnabled();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let posts = 0;
      await b.page.route('**/api/v1/favorites', async (route) => {
        if (route.request().method() === 'POST') {
          posts += 1;
          await held;
        }
        await route.continue();
      });
      await favorite.dblclick();
      await expect(favorite).toHaveAttribute('aria-disabled', 'true');
      release();
      await expect(favorite).toHaveAttribute('aria-pressed', 'true');
      await expect(favorite).not.toHaveAttribute('aria-disabled', 'true');
      expect(posts).toBe(1);
      // The stats panel counts the favorite without a reload.
      const live = (name: string) =>
        b.page.locator(`[data-live-count="${name}"][data-live-id="${dataset.id}"]`);
      await expect(live('favorites')).toHaveText('1');
      await b.page.unroute('**/api/v1/favorites');

      // B rates it with the keyboard only: into the radio group, then arrow keys.
      const star = (n: number) =>
        b.page.getByRole('radio', { name: t('community:rating.star', { count: n }), exact: true });
      await expect(star(1)).toBeVisible();
      await expect(b.page.getByText(t('community:rating.notRated'))).toBeVisible();
      await star(1).focus();
      await b.page.keyboard.press('ArrowRight');
      await b.page.keyboard.press('ArrowRight');
      await b.page.keyboard.press('ArrowRight');
      await expect(star(4)).toBeChecked();
      await expect(star(4)).toBeFocused();
      await expect(b.page.getByTestId('rating-status')).toHaveText(
        t('community:rating.saved', { score: 4 }),
      );
      // The stats panel agrees with the rating card at once.
      await expect(live('ratings')).toHaveText('1');
      await expect(live('score')).toHaveText(t('datasets:card.scoreValue', { score: '4.0' }));
      await axe(b.page);

      // Saved: after a reload the score, the favourite and the average are the server's.
      await b.page.reload();
      await expect(star(4)).toBeChecked();
      await expect(favorite).toHaveAttribute('aria-pressed', 'true');
      await expect(b.page.getByTestId('rating-summary')).toContainText(
        new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(4),
      );
      // B forks it: a modal dialog, Esc closes it, then fork for real.
      const forkButton = b.page.getByRole('button', {
        name: t('community:fork.button'),
        exact: true,
      });
      await forkButton.click();
      const dialog = b.page.getByRole('dialog', {
        name: t('community:fork.title', { name: datasetName }),
      });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(t('community:fork.name'))).toBeFocused();
      await b.page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(forkButton).toBeFocused();

      // Meanwhile A turns forks off on the edit page: B's fork is refused with the server's
      // message, shown in the dialog. A turns them back on and B's fork goes through.
      await signIn(a.page, author);
      await expectSignedInAs(a.page, author.username);
      await a.page.goto(at(`/datasets/edit?id=${dataset.id}`));
      const allowForks = a.page.getByRole('switch', { name: t('community:forkSettings.label') });
      await expect(allowForks).toBeChecked();
      await allowForks.click();
      await expect(a.page.getByText(t('community:forkSettings.off'))).toBeVisible();
      await expect(allowForks).not.toBeChecked();

      await forkButton.click();
      const forkName = `${datasetName} (fork)`;
      await dialog.getByLabel(t('community:fork.name')).fill(forkName);
      await dialog.getByRole('button', { name: t('community:fork.submit') }).click();
      const refusal = dialog.getByRole('alert').filter({ hasText: t('community:fork.notAllowed') });
      await expect(refusal).toContainText(t('errors:FORK_NOT_ALLOWED'));
      await expect(dialog).toBeVisible();

      await allowForks.click();
      await expect(a.page.getByText(t('community:forkSettings.on'))).toBeVisible();
      await a.page.reload();
      await expect(allowForks).toBeChecked();

      await dialog.getByRole('button', { name: t('community:fork.submit') }).click();
      await expect(b.page).toHaveURL(
        (url) => /\/datasets\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${dataset.id}`),
      );
      await expect(b.page.getByRole('heading', { level: 1 })).toHaveText(forkName);
      await expect(b.page.getByTestId('fork-origin')).toHaveText(datasetName);
      // B's own list tells the fork from its origin, with a link to the origin.
      await b.page.goto(at('/datasets/my'));
      const mine = b.page.getByRole('listitem').filter({ hasText: forkName });
      await expect(mine.getByTestId('fork-badge').getByRole('link')).toHaveText(datasetName);
      // So does the public list: the two cards no longer look the same.
      await b.page.goto(at(`/datasets?query=${encodeURIComponent(datasetName)}&sort=recent`));
      const forkCard = b.page.getByTestId('dataset-card').filter({ hasText: forkName });
      await expect(forkCard.getByTestId('fork-badge')).toContainText(t('datasets:card.fork'));
      await expect(forkCard.getByTestId('fork-badge').getByRole('link')).toHaveText(datasetName);
      const originCard = b.page
        .getByTestId('dataset-card')
        .filter({ has: b.page.getByRole('link', { name: datasetName, exact: true }) })
        .filter({ hasNot: b.page.getByTestId('fork-badge') });
      await expect(originCard).toHaveCount(1);

      // A sees the new follower on their profile, and no follow button there.
      await a.page.goto(at(`/users/${author.id}`));
      await expect(
        a.page.getByTestId('user-followers').getByRole('link', { name: reader.username }),
      ).toBeVisible();
      await expect(a.page.getByTestId('user-datasets')).toContainText(datasetName);
      await expect(a.page.getByRole('button', { name: t('community:follow.button') })).toHaveCount(
        0,
      );

      // B's collections: the favourite, with its card.
      await b.page.goto(at('/collections'));
      const card = b.page.getByTestId('dataset-card').filter({ hasText: datasetName });
      await expect(card.getByRole('link', { name: datasetName })).toBeVisible();
      await axe(b.page);

      // B's following: A, with A's recent public datasets.
      await b.page.goto(at('/following'));
      const followed = b.page.getByTestId('followed-user').filter({ hasText: author.username });
      await expect(
        followed.getByRole('link', { name: author.username, exact: true }),
      ).toBeVisible();
      await expect(followed.getByRole('link', { name: datasetName })).toBeVisible();
      await axe(b.page);

      // The leaderboard: A among the most followed, the dataset among the hottest.
      await b.page.goto(at('/leaderboard'));
      await expect(b.page.getByRole('link', { name: datasetName, exact: true })).toBeVisible();
      await axe(b.page);
      await b.page
        .getByRole('navigation', { name: t('community:leaderboard.boards') })
        .getByRole('link', { name: t('community:leaderboard.board.usersFollowers') })
        .click();
      await expect(b.page).toHaveURL((url) => url.searchParams.get('board') === 'users-followers');
      await expect(
        b.page.getByRole('link', { name: t('community:leaderboard.board.usersFollowers') }),
      ).toHaveAttribute('aria-current', 'page');
      const row = b.page.getByRole('row').filter({ hasText: `@${author.username}` });
      await expect(row.getByRole('link', { name: author.username })).toBeVisible();
      await expect(row.getByRole('cell').last()).toHaveText('1');
      // Plain links: no script file, only the header's inline account, inbox and menu scripts.
      expect(await b.page.locator('script[src], script[type="module"]').count()).toBe(0);
      expect(await b.page.locator('script:not([type="application/ld+json"])').count()).toBe(
        await b.page
          .locator(
            '[data-header-account] script, script[data-header-inbox-script], script[data-header-menu-script]',
          )
          .count(),
      );

      // Removing the favourite from the collections.
      await b.page.goto(at('/collections'));
      await card.getByRole('button', { name: t('community:collections.remove') }).click();
      await expect(card).toHaveCount(0);
      await expect(b.page.getByText(t('community:collections.empty'))).toBeVisible();

      expect(a.problems).toEqual([]);
      expect(b.problems).toEqual([]);
    });
  });
}
