import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { LOCALES, localizePath } from '../i18n/locales.ts';
import { newsSlug } from '../lib/news.ts';
import { PUBLIC_SHARED_CACHE } from '../lib/shared-cache.ts';
import {
  SITEMAP_MAX_URLS,
  SITEMAP_PRERENDERED_PATHS,
  SITEMAP_SERVER_PATHS,
  inEveryLocale,
  onOrigin,
  sitemapXml,
  urlCount,
  type SitemapPage,
} from '../lib/sitemap.ts';

export const prerender = false;

/** Static pages and news posts from the build, public datasets and profiles from the database. */
export const GET: APIRoute = async ({ locals, site }) => {
  const posts = await getCollection('news');
  const bySlug = Map.groupBy(posts, newsSlug);
  const news: SitemapPage[] = [...bySlug].map(([slug, versions]) => ({
    paths: Object.fromEntries(
      versions.map((p) => [p.data.locale, localizePath(`/news/${slug}`, p.data.locale)]),
    ),
    lastmod: new Date(Math.max(...versions.map((p) => p.data.date.getTime()))),
  }));
  // With a static host (ORIGIN_URL set), the server-rendered pages are on this server's address.
  const server = (page: SitemapPage) => onOrigin(page, locals.sheaf.originUrl);
  const fixed = [
    ...SITEMAP_SERVER_PATHS.map((p) => server(inEveryLocale(p))),
    ...SITEMAP_PRERENDERED_PATHS.map((p) => inEveryLocale(p)),
    ...news,
  ];
  const room = Math.floor((SITEMAP_MAX_URLS - urlCount(fixed)) / LOCALES.length);
  const rows = await locals.sheaf.sitemapEntries(room);
  const pages = [
    ...fixed,
    ...rows.datasets.map((d) => server(inEveryLocale(`/datasets/${d.id}`, d.updated_at))),
    ...rows.users.map((u) => server(inEveryLocale(`/users/${u.id}`))),
  ];
  const origin = site ?? new URL(locals.sheaf.siteUrl);
  return new Response(sitemapXml(origin, pages), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': PUBLIC_SHARED_CACHE,
    },
  });
};
