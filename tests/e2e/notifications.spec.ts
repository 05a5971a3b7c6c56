import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/**
 * Watching a dataset and the inbox (docs/notifications.md): a reader watches a dataset, its
 * owner appends a row through the API (a patch version), the reader's header shows the unread
 * count on a page without islands and on one with them, the inbox marks the notification read,
 * and it leads to what changed.
 */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`notifications in ${locale}`, () => {
    test.use({ locale });
    for (const width of [390, 1280]) {
      test(`${locale} at ${width} px: watch, a new version, the badge, the inbox, mark read`, async ({
        page,
        request,
        axe,
        createAccount,
        createDataset,
        signIn,
        uniqueName,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const owner = await createAccount({ prefix: 'o' });
        const reader = await createAccount({ prefix: 'r' });
        const name = uniqueName('Rivers');
        const dataset = await createDataset(owner, {
          name,
          is_public: true,
          attributes: ['名称', '数量'],
          entries: [['苹果', 3]],
        });
        await signIn(page, reader, locale);

        await page.goto(at(`/datasets/${dataset.id}`));
        const watch = page.getByTestId('watch-button');
        await expect(watch).toHaveAttribute('aria-pressed', 'false');
        await expect(page.getByTestId('watch-count')).toHaveText(
          t('community:watch.count', { count: 0 }),
        );
        await watch.click();
        await expect(watch).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByTestId('watch-count')).toHaveText(
          t('community:watch.count', { count: 1 }),
        );

        // A patch: one row appended to the latest version.
        const published = await request.post(
          `/api/v1/datasets/${dataset.id}/versions?mode=append`,
          {
            headers: { authorization: `Bearer ${owner.token}` },
            data: { attributes: ['名称', '数量'], entries: [['梨', 7]], changelog: 'pears' },
          },
        );
        expect(published.status()).toBe(201);

        // A page without islands (the home page), then one with them (the dataset page).
        const unread = t('community:inbox.unread', { count: 1 });
        for (const path of ['/', `/datasets/${dataset.id}`]) {
          await page.goto(at(path));
          const inbox = page.getByRole('link', { name: unread, exact: true });
          await expect(inbox).toBeVisible();
          await expect(inbox.locator('[data-count]')).toHaveText('1');
        }
        await page.getByRole('link', { name: unread, exact: true }).click();
        await expect(page).toHaveURL((url) => url.pathname.endsWith('/notifications'));

        const item = page.getByTestId('notification');
        await expect(item).toHaveCount(1);
        const line = t('notifications:line.versionPublished', {
          actor: owner.user.nickname || owner.user.username,
          dataset: name,
          version: '2',
        });
        await expect(item).toContainText(line);
        await axe(page, ['wcag2a', 'wcag2aa', 'wcag21aa']);
        await expect(item.getByRole('link', { name: line })).toHaveAttribute(
          'href',
          at(`/datasets/${dataset.id}?tab=versions&v=2`),
        );
        await item
          .getByRole('button', { name: new RegExp(t('notifications:inbox.markRead')) })
          .click();
        await expect(item).toHaveAttribute('data-read', 'true');
        await expect(
          page.getByRole('link', { name: t('community:inbox.label'), exact: true }),
        ).toBeVisible();
        await expect(page.getByTestId('header-inbox').locator('[data-count]')).toBeHidden();

        // The notification leads to what changed in that version.
        await item.getByRole('link', { name: line }).click();
        const changes = page.getByRole('region', {
          name: t('changes:heading', { version: '2' }),
        });
        await expect(changes.locator('p').first()).toHaveText(
          t('changes:line.version', { version: '2', parts: t('changes:line.addedOne') }),
        );
      });
    }
  });
}
