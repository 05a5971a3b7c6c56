import rss from '@astrojs/rss';
import { getT } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { newsPath, newsPosts } from './news.ts';

/** The RSS 2.0 feed of one locale's news posts (title, link, date, description). */
export async function newsFeed(locale: Locale, site: URL | undefined): Promise<Response> {
  const t = getT(locale);
  const posts = await newsPosts(locale);
  return rss({
    title: t('reading:news.feedTitle'),
    description: t('reading:news.description'),
    site: new URL(localizePath('/news', locale), site ?? 'http://localhost:8080').href,
    customData: `<language>${locale}</language>`,
    trailingSlash: false,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.date,
      link: newsPath(post),
    })),
  });
}
