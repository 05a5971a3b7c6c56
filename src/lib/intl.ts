/**
 * Cached `Intl` formatters. Building one costs far more than using it (a new
 * `Intl.DateTimeFormat` per call was 14 % of the home page's CPU), so each locale and option set
 * is built once per process (or page) and reused.
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames | Intl.ListFormat;
const cache = new Map<string, Formatter>();

function cached<T extends Formatter>(
  kind: string,
  locale: string,
  options: object | undefined,
  build: () => T,
): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** A list of names as the locale writes one: 城市、人口、year; 城市, 人口, year. */
export const listFormat = (locale: string) =>
  cached(
    'list',
    locale,
    undefined,
    () => new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }),
  );

export const languageNames = (locale: string) =>
  cached(
    'language',
    locale,
    undefined,
    () => new Intl.DisplayNames([locale], { type: 'language' }),
  );

/**
 * Language names already looked up, by locale and tag: `Intl.DisplayNames#of` takes about 10 µs
 * a call, and a list page asks for one per dataset and per language of its filter. Tags are
 * validated, but users choose them: past LANGUAGE_NAMES_KEPT the memo starts again.
 */
const languageNameMemo = new Map<string, string>();
const LANGUAGE_NAMES_KEPT = 1000;

/** A language tag's name in the page's locale ('zh-CN' → '中文（中国）'); the tag when unknown. */
export function languageName(tag: string, locale: string): string {
  const key = `${locale}|${tag}`;
  let name = languageNameMemo.get(key);
  if (name === undefined) {
    try {
      name = languageNames(locale).of(tag) ?? tag;
    } catch {
      name = tag;
    }
    if (languageNameMemo.size >= LANGUAGE_NAMES_KEPT) languageNameMemo.clear();
    languageNameMemo.set(key, name);
  }
  return name;
}

/**
 * A language tag's name in Chinese and in English, e.g. 'zh-CN' → '中文（中国） · Chinese (China)';
 * '' when the tag is malformed or neither language knows it (the name would be the tag itself).
 */
export function bilingualLanguageName(tag: string): string {
  try {
    const names = ['zh-CN', 'en-US'].map((locale) => languageNames(locale).of(tag) ?? '');
    return [...new Set(names)].filter((name) => name && name !== tag).join(' · ');
  } catch {
    return '';
  }
}

/** One decimal place, always shown: average scores ("4.0"). */
export const SCORE_FORMAT: Intl.NumberFormatOptions = {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
};

/**
 * Three significant digits: heat ("0.354", "0.00754", "12.3"). Heat is kept to about 1 %
 * (docs/datasets.md), so more digits would tell noise apart; fewer would show every day-old
 * dataset as "0".
 */
export const HEAT_FORMAT: Intl.NumberFormatOptions = { maximumSignificantDigits: 3 };

/**
 * The number as `options` show it (4.6667 with SCORE_FORMAT is 4.7), so two figures that read
 * the same compare equal; formatted again with `options`, it reads as the number did.
 */
export const roundedAsShown = (value: number, options: Intl.NumberFormatOptions): number =>
  Number(numberFormat('en-US', { ...options, useGrouping: false }).format(value));
