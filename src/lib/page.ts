import { getT } from '../i18n/index.ts';
import { localeOfPath, localizePath, type Locale } from '../i18n/locales.ts';

/** What every page needs from its URL: the locale, its `t`, and a path builder for that locale. */
export function pageContext(url: URL) {
  const locale: Locale = localeOfPath(url.pathname);
  return {
    locale,
    t: getT(locale),
    /** A site path in this page's locale: href('/datasets') → '/en-US/datasets' in English. */
    href: (path: string) => localizePath(path, locale),
  };
}
