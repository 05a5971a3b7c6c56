import rss from '@astrojs/rss';
import { getT } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { excerpt } from '../contracts/cut-text.ts';
import { serverPagesSite } from './site-origin.ts';

type Sheaf = App.Locals['sheaf'];

/** Items in the feed: the newest public datasets. */
const FEED_ITEMS = 50;

/** Where a locale's feed of new datasets lives. */
export const datasetsFeedPath = (locale: Locale): string =>
  localizePath('/datasets/rss.xml', locale);

/**
 * The RSS 2.0 feed of the newest public datasets in one locale's pages (title, link, date,
 * publisher, tags, a short description), kept by the reader (not a shared cache) for five minutes.
 */
export async function datasetsFeed(
  sheaf: Sheaf,
  locale: Locale,
  site: URL | undefined,
): Promise<Response> {
  const t = getT(locale);
  const listed = await sheaf.datasets.list({ sort: 'recent', offset: 0, limit: FEED_ITEMS });
  const origin = serverPagesSite(sheaf, site);
  const response = await rss({
    title: t('datasets:feed.title'),
    description: t('datasets:feed.description'),
    site: new URL(localizePath('/datasets', locale), origin).href,
    customData: `<language>${locale}</language>`,
    trailingSlash: false,
    items: (listed?.datasets ?? []).map((dataset) => ({
      title: dataset.name,
      description: excerpt(dataset.description, 300),
      pubDate: new Date(dataset.created_at),
      link: localizePath(`/datasets/${dataset.id}`, locale),
      author: dataset.owner.nickname,
      categories: dataset.tags,
    })),
  });
  // Kept by the reader for five minutes, never by a shared cache: a dataset made private must
  // leave every copy but the reader's own at once (docs/reliability.md).
  response.headers.set('cache-control', 'private, max-age=300');
  return response;
}
