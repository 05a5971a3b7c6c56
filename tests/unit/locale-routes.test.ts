import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLocaleParam, localeParam, localeStaticPaths } from '../../src/i18n/locales.ts';

/**
 * Every page is written once, under `src/pages/[...locale]/`, and exists in both locales: `/x`
 * (zh-CN, the default) and `/en-US/x`. Only site-wide files stay outside.
 */
const PAGES = path.resolve('src/pages');
/** One file for both locales (errors pick the locale from the path; site-wide files). */
const SHARED = ['404.astro', '500.astro', 'build.json.ts', 'robots.txt.ts', 'sitemap.xml.ts'];

describe('pages in both locales', () => {
  it('every page but the site-wide files lives under [...locale]', () => {
    const top = readdirSync(PAGES).filter((name) => name !== '[...locale]');
    expect(top.sort()).toEqual([...SHARED].sort());
  });

  it('the locale part of a path is empty for Chinese and en-US for English', () => {
    expect(localeParam('zh-CN')).toBeUndefined();
    expect(localeParam('en-US')).toBe('en-US');
    expect(localeStaticPaths()).toEqual([
      { params: { locale: undefined } },
      { params: { locale: 'en-US' } },
    ]);
  });

  it('any other first segment is not a locale (the page is a 404)', () => {
    expect(isLocaleParam(undefined)).toBe(true);
    expect(isLocaleParam('en-US')).toBe(true);
    for (const other of ['zh-CN', 'fr', 'en-us', 'en-US/en-US', 'foo/bar', '']) {
      expect(isLocaleParam(other), other).toBe(false);
    }
  });
});
