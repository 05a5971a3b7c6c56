import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every page exists in both locales: `src/pages/x` (zh-CN, the default) and
 * `src/pages/en-US/x`. The English twin of a page that takes its locale from the URL is the same
 * file one folder deeper, so a change made to one and forgotten in the other fails here.
 */
const PAGES = path.resolve('src/pages');
/** One file for both locales (errors pick the locale from the path; site-wide files). */
const SHARED = ['404.astro', '500.astro', 'build.json.ts', 'robots.txt.ts', 'sitemap.xml.ts'];
/** Twins that differ on purpose (their locale is a constant of the file). */
const OWN_TEXT = ['news/[slug].astro', 'news/rss.xml.ts', 'datasets/rss.xml.ts'];

function files(dir: string, under = ''): string[] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(under, entry.name);
    if (entry.isDirectory()) return rel === 'en-US' ? [] : files(dir, rel);
    return [rel];
  });
}

/** The file with its relative imports written without their depth. */
const depthless = (file: string) => readFileSync(file, 'utf8').replace(/(['"])(\.\.\/)+/g, '$1…/');

describe('page twins', () => {
  const zh = files(PAGES).filter((p) => !SHARED.includes(p));
  const en = files(path.join(PAGES, 'en-US'));

  it('every page has its en-US twin, and no en-US page lacks its original', () => {
    expect(en.sort()).toEqual(zh.sort());
  });

  it('twins are the same file one folder deeper', () => {
    for (const page of zh.filter((p) => !OWN_TEXT.includes(p))) {
      expect(depthless(path.join(PAGES, 'en-US', page)), page).toBe(
        depthless(path.join(PAGES, page)),
      );
    }
  });
});
