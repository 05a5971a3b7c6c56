import { getT } from '../i18n/index.ts';
import { localeOfPath, localizePath, type Locale } from '../i18n/locales.ts';

export type PageContext = ReturnType<typeof pageContext>;

/**
 * What every page needs from its URL: the locale, its `t`, and a path builder for that locale.
 * The middleware puts it in `Astro.locals` once per request (and per prerendered page).
 */
export function pageContext(url: URL) {
  const locale: Locale = localeOfPath(url.pathname);
  return {
    locale,
    t: getT(locale),
    /** A site path in this page's locale: href('/datasets') → '/en-US/datasets' in English. */
    href: (path: string) => localizePath(path, locale),
  };
}
