import rss from '@astrojs/rss';
import { getT } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { excerpt } from '../contracts/cut-text.ts';
import { serverPagesSite } from './site-origin.ts';
import { PUBLIC_SHARED_CACHE } from './shared-cache.ts';

type Sheaf = App.Locals['sheaf'];

/** Items in the feed: the newest public datasets. */
const FEED_ITEMS = 50;

/** Where a locale's feed of new datasets lives. */
export const datasetsFeedPath = (locale: Locale): string =>
  localizePath('/datasets/rss.xml', locale);

/** XML text: the five characters XML reserves, escaped. */
const xmlText = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A strong entity tag of the feed's bytes. */
async function entityTag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  return `"${Buffer.from(digest).toString('base64url').slice(0, 27)}"`;
}

/**
 * The RSS 2.0 feed of the newest public datasets in one locale's pages (title, link, date,
 * publisher as `dc:creator`, tags, a short description), UTF-8. Feed readers revalidate it: it
 * has an ETag and a Last-Modified (the newest dataset's date) and answers 304 to either. Shared
 * caches may keep it five minutes, then revalidate: a dataset made private leaves every copy
 * within five minutes (docs/datasets.md, "How long caches keep answers").
 */
export async function datasetsFeed(
  sheaf: Sheaf,
  locale: Locale,
  site: URL | undefined,
  request?: Request,
): Promise<Response> {
  const t = getT(locale);
  const listed = await sheaf.datasets.list({ sort: 'recent', offset: 0, limit: FEED_ITEMS });
  const items = listed?.datasets ?? [];
  const origin = serverPagesSite(sheaf, site);
  const rendered = await rss({
    title: t('datasets:feed.title'),
    description: t('datasets:feed.description'),
    site: new URL(localizePath('/datasets', locale), origin).href,
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/' },
    customData: `<language>${locale}</language>`,
    trailingSlash: false,
    items: items.map((dataset) => ({
      title: dataset.name,
      description: excerpt(dataset.description, 300),
      pubDate: new Date(dataset.created_at),
      link: localizePath(`/datasets/${dataset.id}`, locale),
      // RSS's <author> is an e-mail address, which Sheaf never shows: the publisher's name.
      customData: `<dc:creator>${xmlText(dataset.owner.nickname || dataset.owner.username)}</dc:creator>`,
      categories: dataset.tags,
    })),
  });
  const body = await rendered.text();
  const etag = await entityTag(body);
  const newest = items[0] ? new Date(items[0].created_at) : new Date(0);
  const headers = {
    'content-type': 'application/rss+xml; charset=utf-8',
    'cache-control': PUBLIC_SHARED_CACHE,
    etag,
    'last-modified': newest.toUTCString(),
  };
  return isFresh(request, etag, newest)
    ? new Response(null, { status: 304, headers })
    : new Response(body, { status: 200, headers });
}

/** Whether the reader's copy is current: its ETag matches, else (none sent) it is as new. */
function isFresh(request: Request | undefined, etag: string, modified: Date): boolean {
  const tags = request?.headers.get('if-none-match');
  if (tags) return tags.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`);
  const since = Date.parse(request?.headers.get('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}
