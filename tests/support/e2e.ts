/** What browser tests share: unique names, signing in and the accessibility check. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { translator } from './translator.ts';

let serial = 0;
/** A name no other test (or earlier run on the same server) has used, starting with `prefix`. */
export function uniqueName(prefix: string): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Fails with the rule and the elements of every axe violation on the page: all of axe's rules,
 * or only those with the given tags (e.g. `['wcag2a', 'wcag2aa']`).
 */
export async function expectNoAxeViolations(page: Page, tags?: string[]): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  const found = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(found, `axe violations on ${page.url()}`).toEqual([]);
}

/** Fills in and sends the sign-in form in `locale`; what follows is the caller's to check. */
export async function submitSignIn(
  page: Page,
  locale: Locale,
  identifier: string,
  password: string,
): Promise<void> {
  const t = translator(locale);
  await page.goto(`${localePrefix(locale)}/auth/login`);
  await page.getByLabel(t('auth:login.identifier'), { exact: true }).fill(identifier);
  await page.getByLabel(t('auth:login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
}

/** Signs in through the form and waits for the home page it leads to. */
export async function signIn(page: Page, locale: Locale, username: string, password: string) {
  await submitSignIn(page, locale, username, password);
  const home = localePrefix(locale) || '/';
  await expect(page).toHaveURL((url) => url.pathname === home);
}
