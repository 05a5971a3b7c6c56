import { getCollection, type CollectionEntry } from 'astro:content';
import { LOCALES, localeParam, localizePath, type Locale } from '../i18n/locales.ts';

export type NewsPost = CollectionEntry<'news'>;

/** The slug of a post: its file name (`zh-CN/introducing-sheaf` → `introducing-sheaf`). */
export const newsSlug = (post: NewsPost): string => post.id.slice(post.id.indexOf('/') + 1);

/** The site path of a post in its own locale. */
export const newsPath = (post: NewsPost): string =>
  localizePath(`/news/${newsSlug(post)}`, post.data.locale);

/** A locale's posts, newest first (ties by slug, so the order is stable). */
export async function newsPosts(locale: Locale): Promise<NewsPost[]> {
  const posts = await getCollection('news', (p) => p.data.locale === locale);
  return posts.sort(
    (a, b) =>
      b.data.date.getTime() - a.data.date.getTime() || newsSlug(a).localeCompare(newsSlug(b)),
  );
}

/**
 * `getStaticPaths` of the post pages: each locale's posts under its prefix; a slug that exists
 * only in another locale gets a page in this one too, showing that post (in its own language)
 * with this locale's frame and a line saying so, so the language switcher keeps the reader on
 * the post (views/NewsPostPage.astro).
 */
export async function newsStaticPaths() {
  const byLocale = await Promise.all(LOCALES.map(async (l) => [l, await newsPosts(l)] as const));
  const slugsOf = (posts: readonly NewsPost[]) => new Set(posts.map(newsSlug));
  return byLocale.flatMap(([locale, own]) => {
    const slugs = slugsOf(own);
    const others = byLocale
      .filter(([l]) => l !== locale)
      .flatMap(([, posts]) => posts.filter((p) => !slugs.has(newsSlug(p))));
    return [...own, ...others].map((post) => ({
      params: { locale: localeParam(locale), slug: newsSlug(post) },
      props: { post },
    }));
  });
}

/** The locales a post exists in (by slug), mapped to the post's path in each. */
export async function newsTranslations(slug: string): Promise<Partial<Record<Locale, string>>> {
  const all = await getCollection('news', (p) => newsSlug(p) === slug);
  return Object.fromEntries(
    LOCALES.filter((l) => all.some((p) => p.data.locale === l)).map((l) => [
      l,
      localizePath(`/news/${slug}`, l),
    ]),
  );
}

/** The feed of a locale's posts, as a site path. */
export const newsFeedPath = (locale: Locale): string => localizePath('/news/rss.xml', locale);
