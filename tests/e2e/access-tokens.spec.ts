import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

/** Access tokens made on the profile and used from a script. */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const prefix = localePrefix(locale);
  const path = (p: string) => `${prefix}${p}`;

  test.describe(`access tokens in ${locale}`, () => {
    test.use({ locale });

    test('create an access token on the profile, use it from a script, revoke it', async ({
      page,
      context,
      account,
      signIn,
      axe,
    }) => {
      await signIn(page, account);
      await page.goto(path('/profile'));

      const tokens = page.getByRole('region', { name: t('auth:tokens.heading') });
      await tokens.scrollIntoViewIfNeeded();
      await tokens.getByRole('button', { name: t('auth:tokens.create'), exact: true }).click();
      await expect(tokens.getByText(t('auth:tokens.nameRequired'))).toBeVisible();
      await tokens.getByLabel(t('auth:tokens.name'), { exact: true }).fill('nightly sync');
      await tokens.getByLabel(t('auth:tokens.scope'), { exact: true }).selectOption('write');
      await tokens.getByRole('button', { name: t('auth:tokens.create'), exact: true }).click();

      // The secret is shown once, and works as a bearer token for a script.
      const secret = (await tokens.getByTestId('token-secret').textContent()) ?? '';
      expect(secret).toMatch(/^shf_/);
      const me = await context.request.get('/api/v1/users/me', {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(me.status()).toBe(200);
      const row = tokens.getByRole('listitem').filter({ hasText: 'nightly sync' });
      await expect(row).toContainText(t('auth:tokens.scopeWrite'));
      await expect(row).toContainText(secret.slice(0, 8));
      await axe(page);

      // After a reload the secret is gone; the token is still listed until revoked.
      await page.reload();
      await expect(tokens.getByTestId('token-secret')).toHaveCount(0);
      // Revoking asks first: Cancel (or Escape) keeps the token and puts the focus back.
      const revoke = tokens.getByRole('button', {
        name: t('auth:tokens.revokeLabel', { name: 'nightly sync' }),
      });
      await revoke.click();
      await expect(row).toContainText(t('auth:tokens.revokeWarning', { name: 'nightly sync' }));
      const confirm = tokens.getByRole('button', {
        name: t('auth:tokens.revokeConfirmLabel', { name: 'nightly sync' }),
      });
      await expect(confirm).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(revoke).toBeFocused();
      await revoke.click();
      await tokens.getByRole('button', { name: t('auth:tokens.revokeCancel') }).click();
      await expect(revoke).toBeFocused();
      expect(
        (
          await context.request.get('/api/v1/users/me', {
            headers: { authorization: `Bearer ${secret}` },
          })
        ).status(),
      ).toBe(200);
      await revoke.click();
      await confirm.click();
      await expect(
        page.getByText(t('auth:tokens.revoked', { name: 'nightly sync' })),
      ).toBeVisible();
      await expect(row).toHaveCount(0);
      const after = await context.request.get('/api/v1/users/me', {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(after.status()).toBe(401);
    });
  });
}
