/** What the browser tests at phone width (tests/e2e/phone-*.spec.ts) measure. */
import type { Page } from '@playwright/test';

/** How far the page scrolls sideways (0 when everything fits the viewport). */
export const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The header's row: the site name, the account links and (on phones) the menu button. */
export async function headerRow(page: Page) {
  const row = page.locator('body > header > div').first();
  return (await row.boundingBox())!;
}
