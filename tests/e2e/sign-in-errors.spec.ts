import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { DEFAULT_LOGIN_ERROR } from '../../src/lib/api/errors.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** What the sign-in and sign-up forms say when refused, in the page language. */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const path = (p: string) => `${prefix}${p}`;

  test.describe(`sign-in and sign-up errors in ${locale}`, () => {
    test.use({ locale });

    test('a wrong password and a silent failure both say the default text in the page language', async ({
      page,
      account,
      submitSignIn,
    }) => {
      await submitSignIn(page, account.username, 'not-the-password');
      // The server's English message is not shown: its code has a text in the page language.
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        t('errors:INVALID_CREDENTIALS'),
      );
      expect(t('errors:INVALID_CREDENTIALS')).toBe(DEFAULT_LOGIN_ERROR[locale]);
      await expect(page).toHaveURL((url) => url.pathname === path('/auth/login'));

      // A failure without a message from the server: the default message in the page language.
      await page.route('**/api/v1/auth/login', (route) =>
        route.fulfill({ status: 502, body: '', contentType: 'text/plain' }),
      );
      await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        DEFAULT_LOGIN_ERROR[locale],
      );
    });

    test('a refused sign-in sent from the keyboard leaves focus on its button', async ({
      page,
      account,
    }) => {
      await page.goto(path('/auth/login'));
      await page.getByLabel(t('auth:login.identifier'), { exact: true }).fill(account.username);
      await page.getByLabel(t('auth:login.password'), { exact: true }).fill('not-the-password');
      // The answer waits until the busy button has been seen and pressed again.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let sent = 0;
      await page.route('**/api/v1/auth/login', async (route) => {
        sent += 1;
        await held;
        await route.continue();
      });
      const button = page.getByRole('button', { name: t('auth:login.submit'), exact: true });
      await expect(button).toBeEnabled();
      await button.focus();
      await page.keyboard.press('Enter');

      const busy = page.getByRole('button', { name: t('auth:login.submitting'), exact: true });
      await expect(busy).toHaveAttribute('aria-disabled', 'true');
      await expect(busy).toBeFocused();
      await page.keyboard.press('Enter');
      release();

      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        t('errors:INVALID_CREDENTIALS'),
      );
      await expect(button).toBeFocused();
      await expect(button).not.toHaveAttribute('aria-disabled', 'true');
      expect(sent).toBe(1);
    });

    test('signing up with a taken username says which field', async ({
      page,
      account: taken,
      uniqueName,
    }) => {
      await page.goto(path('/auth/register'));
      const usernameField = page.getByLabel(t('auth:register.username'), { exact: true });
      await usernameField.fill(taken.username);
      await page
        .getByLabel(t('auth:register.email'), { exact: true })
        .fill(`${uniqueName('u')}@example.com`);
      await page.getByLabel(t('auth:register.password'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(t('auth:register.confirmPassword'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();

      await expect(usernameField).toHaveAttribute('aria-invalid', 'true');
      await expect(usernameField).toHaveAccessibleDescription(
        new RegExp(t('errors:USERNAME_TAKEN').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await expect(page.getByLabel(t('auth:register.email'), { exact: true })).not.toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expect(page).toHaveURL((url) => url.pathname === path('/auth/register'));
    });

    test('signing up with a taken username and a taken e-mail says each in the page language', async ({
      page,
      account: taken,
    }) => {
      await page.goto(path('/auth/register'));
      const usernameField = page.getByLabel(t('auth:register.username'), { exact: true });
      const emailField = page.getByLabel(t('auth:register.email'), { exact: true });
      await usernameField.fill(taken.username);
      await emailField.fill(taken.email);
      await page.getByLabel(t('auth:register.password'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(t('auth:register.confirmPassword'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();

      await expect(usernameField).toHaveAccessibleDescription(
        new RegExp(t('errors:USERNAME_TAKEN').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await expect(emailField).toHaveAttribute('aria-invalid', 'true');
      await expect(emailField).toHaveAccessibleDescription(
        new RegExp(t('errors:EMAIL_TAKEN').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      // The message above the form names both marked fields, not only the first.
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
        t('common:common.sentences', {
          first: t('errors:USERNAME_TAKEN'),
          second: t('errors:EMAIL_TAKEN'),
        }),
      );
    });

    test('sign-up hints mirror the server rules before anything is sent', async ({ page }) => {
      let sent = 0;
      await page.route('**/api/v1/auth/register', (route) => {
        sent += 1;
        return route.continue();
      });
      await page.goto(path('/auth/register'));
      await page.getByLabel(t('auth:register.username'), { exact: true }).fill('ab');
      await page.getByLabel(t('auth:register.email'), { exact: true }).fill('not-an-email');
      await page.getByLabel(t('auth:register.password'), { exact: true }).fill('short');
      await page.getByLabel(t('auth:register.confirmPassword'), { exact: true }).fill('shorter');
      await page.getByRole('button', { name: t('auth:register.submit'), exact: true }).click();

      const usernameField = page.getByLabel(t('auth:register.username'), { exact: true });
      await expect(usernameField).toHaveAccessibleDescription(
        new RegExp(t('auth:validation.usernameLength', { min: 3, max: 32 })),
      );
      await expect(usernameField).toBeFocused();
      await expect(
        page.getByLabel(t('auth:register.email'), { exact: true }),
      ).toHaveAccessibleDescription(t('auth:validation.email'));
      await expect(
        page.getByLabel(t('auth:register.confirmPassword'), { exact: true }),
      ).toHaveAccessibleDescription(t('auth:validation.passwordMismatch'));
      expect(sent).toBe(0);
    });
  });
}
