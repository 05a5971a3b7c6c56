import { DEFAULT_LOCALE, LOCALES, localizePath, type Locale } from '../i18n/locales.ts';

/** One page of the site and where it exists in each locale. */
export type SitemapPage = { paths: Partial<Record<Locale, string>>; lastmod?: string | Date };

/** A sitemap file holds at most 50,000 URLs. */
export const SITEMAP_MAX_URLS = 50_000;

/** The public screens that are not about one dataset, user or post, rendered per request. */
export const SITEMAP_SERVER_PATHS = ['/', '/datasets', '/leaderboard'] as const;
/** The public screens that are not about one dataset, user or post, prerendered. */
export const SITEMAP_PRERENDERED_PATHS = ['/news', '/terms', '/privacy'] as const;

/** A page that exists at the same path in every locale. */
export const inEveryLocale = (path: string, lastmod?: string | Date): SitemapPage => ({
  paths: Object.fromEntries(LOCALES.map((l) => [l, localizePath(path, l)])),
  ...(lastmod ? { lastmod } : {}),
});

/**
 * The page with its paths made absolute on `origin`: a server-rendered page when a static host
 * serves the prerendered ones (the sitemap's other addresses are the static host's).
 */
export const onOrigin = (page: SitemapPage, origin: string | undefined): SitemapPage =>
  origin
    ? {
        ...page,
        paths: Object.fromEntries(
          Object.entries(page.paths).map(([l, path]) => [l, new URL(path, origin).href]),
        ),
      }
    : page;

/** How many URLs the pages take (one per locale a page exists in). */
export const urlCount = (pages: SitemapPage[]): number =>
  pages.reduce((n, p) => n + Object.keys(p.paths).length, 0);

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

/**
 * A sitemap (sitemaps.org 0.9) with one `<url>` per page and locale, each listing the page's
 * other languages as `xhtml:link` alternates plus x-default (the Chinese page).
 */
export function sitemapXml(site: URL, pages: SitemapPage[]): string {
  const abs = (path: string) => escapeXml(new URL(path, site).href);
  const urls = pages.flatMap((page) => {
    const versions = LOCALES.flatMap((l) => {
      const path = page.paths[l];
      return path ? [{ locale: l, path }] : [];
    });
    const xDefault = page.paths[DEFAULT_LOCALE] ?? versions[0]?.path;
    const alternates = [
      ...versions.map(
        (v) => `<xhtml:link rel="alternate" hreflang="${v.locale}" href="${abs(v.path)}"/>`,
      ),
      ...(xDefault
        ? [`<xhtml:link rel="alternate" hreflang="x-default" href="${abs(xDefault)}"/>`]
        : []),
    ].join('');
    const lastmod = page.lastmod
      ? `<lastmod>${new Date(page.lastmod).toISOString()}</lastmod>`
      : '';
    return versions.map((v) => `<url><loc>${abs(v.path)}</loc>${lastmod}${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
