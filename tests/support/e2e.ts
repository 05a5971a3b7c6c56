/** What browser tests share: unique names and the accessibility check. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
