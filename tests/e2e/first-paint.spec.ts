/**
 * What a signed-in visitor sees before the islands have loaded: not the signed-out header links,
 * and not the sign-in form of a guest page they are about to leave.
 */
import type { Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** Holds back every script of the build until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const path = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`before the islands load (${locale})`, () => {
    test.use({ locale });

    test('a signed-in visitor sees no “sign in” link and no sign-in form', async ({
      page,
      account,
      signIn,
    }) => {
      await signIn(page, account);
      const release = await holdScripts(page);

      await page.goto(path('/profile'), { waitUntil: 'commit' });
      const signInLink = page.getByRole('banner').getByText(t('common:nav.login'), {
        exact: true,
      });
      await expect(signInLink).toBeAttached();
      await expect(signInLink).toBeHidden();

      await page.goto(path('/auth/login'), { waitUntil: 'commit' });
      const form = page.getByText(t('auth:login.intro'), { exact: true });
      await expect(form).toBeAttached();
      await expect(form).toBeHidden();

      release();
      await expect(page).toHaveURL((url) => url.pathname === (localePrefix(locale) || '/'));
      await page.goto(path('/profile'));
      await expect(page.getByRole('button', { name: account.username, exact: true })).toBeVisible();
    });

    test('a signed-in visitor sees no “sign in to favorite / rate / fork / follow”', async ({
      page,
      account,
      createAccount,
      createDataset,
      signIn,
      uniqueName,
    }) => {
      const owner = await createAccount({ prefix: 'owner' });
      const dataset = await createDataset(owner, { name: uniqueName('first-paint-') });
      await signIn(page, account);
      const release = await holdScripts(page);

      await page.goto(path(`/datasets/${dataset.id}`), { waitUntil: 'commit' });
      for (const key of ['favorite', 'rating', 'fork'] as const) {
        const invitation = page.getByText(t(`community:${key}.signIn`));
        await expect(invitation).toBeAttached();
        await expect(invitation).toBeHidden();
      }
      await page.goto(path(`/users/${owner.id}`), { waitUntil: 'commit' });
      const follow = page.getByText(t('community:follow.signIn'));
      await expect(follow).toBeAttached();
      await expect(follow).toBeHidden();

      release();
      await expect(page.getByTestId('follow-button')).toBeVisible();
      await expect(follow).toHaveCount(0);
    });

    test('a guest sees the sign-in links and the form as before', async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto(path('/auth/login'), { waitUntil: 'commit' });
      await expect(page.getByText(t('auth:login.intro'), { exact: true })).toBeVisible();
      await expect(
        page.getByRole('banner').getByText(t('common:nav.login'), { exact: true }),
      ).toBeVisible();
      release();
    });
  });
}
