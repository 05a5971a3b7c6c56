/** The interface languages. zh-CN is the default and has no path prefix; en-US lives under /en-US. */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/**
 * `?lang=<locale>` on a page link records an explicit choice (the language switcher's link to
 * the bare home page `/`, which would otherwise follow the remembered language).
 */
export const LOCALE_CHOICE_PARAM = 'lang';

export const isLocale = (value: unknown): value is Locale => LOCALES.some((l) => l === value);

/** '' for the default locale, '/en-US' for English. */
export const localePrefix = (locale: Locale): string =>
  locale === DEFAULT_LOCALE ? '' : `/${locale}`;

/** The locale a site path belongs to. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path without its locale prefix ('/en-US/datasets' → '/datasets'). */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  const prefix = localePrefix(locale);
  const rest = prefix ? pathname.slice(prefix.length) : pathname;
  return rest || '/';
}

/** The same page in another locale. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  const prefix = localePrefix(locale);
  return prefix ? (bare === '/' ? prefix : `${prefix}${bare}`) : bare;
}

/**
 * Pages are written once, under `src/pages/[...locale]/`: the rest parameter is empty for the
 * default locale and `en-US` for English (docs/locale.md).
 */
export const localeParam = (locale: Locale): string | undefined =>
  localePrefix(locale).slice(1) || undefined;

/** Whether a `[...locale]` value is a locale's path prefix (and not any other path). */
export const isLocaleParam = (value: string | undefined): boolean =>
  LOCALES.some((locale) => localeParam(locale) === value);

/** `getStaticPaths` of a prerendered page: one page per locale. */
export const localeStaticPaths = () =>
  LOCALES.map((locale) => ({ params: { locale: localeParam(locale) } }));
