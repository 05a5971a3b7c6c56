import { listFormat, numberFormat } from '../lib/intl.ts';
import type { LateArea } from './areas.ts';
import type { Locale } from './locales.ts';
import type zhCN from './zh-CN/all.ts';

/**
 * UI strings: one JSON file per area and locale (src/i18n/<locale>/<area>.json), flat dotted
 * keys, `{{name}}` for variables. A key is addressed as `<area>:<key>`, e.g.
 * t('common:nav.home'). To add an area: add both JSON files and one line to zh-CN/all.ts
 * (en-US/all.ts takes every JSON file beside it).
 *
 * The server (and tests) load every area of both locales; a browser loads only its page's
 * language (the `lang` of the document): the areas of every page as one chunk before any island
 * runs, the others when an island asks for them (loadAreas, src/i18n/areas.ts).
 */
type Areas = typeof zhCN;
type Dictionary = Record<string, Record<string, string>>;

const loaded = new Map<Locale, Dictionary>();
const inBrowser = !(import.meta.env.SSR || import.meta.env.MODE === 'test');
if (!inBrowser) {
  const [zh, en] = await Promise.all([import('./zh-CN/all.ts'), import('./en-US/all.ts')]);
  loaded.set('zh-CN', zh.default);
  loaded.set('en-US', en.default);
} else {
  const english = document.documentElement.lang === 'en-US';
  const module = await (english ? import('./en-US/index.ts') : import('./zh-CN/index.ts'));
  loaded.set(english ? 'en-US' : 'zh-CN', { ...module.default });
}

/**
 * The late areas' files, each a chunk of its own: one pattern per area of LATE_AREAS (the
 * patterns must be literal; tests/unit/dictionaries.test.ts checks that the two lists agree).
 */
const areaFiles = import.meta.glob<Record<string, string>>(
  [
    './*/sql.json',
    './*/oauth.json',
    './*/debug.json',
    './*/webhooks.json',
    './*/notifications.json',
    './*/discussions.json',
    './*/patches.json',
    './*/changes.json',
    './*/proposals.json',
  ],
  { import: 'default' },
);

/**
 * Loads areas that are not in every page's chunk (src/i18n/areas.ts), in the page's language;
 * an island that uses one awaits this at the top of its module. Nothing to do on the server.
 */
export async function loadAreas(areas: readonly LateArea[]): Promise<void> {
  if (!inBrowser) return;
  const [[locale, dictionary]] = [...loaded] as [[Locale, Dictionary]];
  await Promise.all(
    areas
      .filter((area) => !dictionary[area])
      .map(async (area) => {
        dictionary[area] = await areaFiles[`./${locale}/${area}.json`]!();
      }),
  );
}

export type MessageKey = {
  [A in keyof Areas]: `${A & string}:${keyof Areas[A] & string}`;
}[keyof Areas];
/**
 * A text with its variables filled in. A number given for a variable is a quantity (a count, a
 * limit, a size, a position) and is written as the page's locale writes it ("65,536"), wherever
 * the text is made; a number that only names something (a version, a year, an HTTP status) is
 * given as a string and written as it is ("Version 1024"). A list of names (columns, files) is
 * given as an array and written as the locale lists names ("城市、人口", "城市, 人口").
 */
export type T = (key: MessageKey, vars?: Variables) => string;
type Variables = Record<string, string | number | readonly string[]>;
type Formats = { number: Intl.NumberFormat; list: Intl.ListFormat };

const VARIABLE = /\{\{\s*([\w.]+)\s*\}\}/;

/**
 * A text split at its variables, once per text: literal, name, literal, …, literal. A list page
 * fills several per dataset card; a regular expression per call took 1.2 µs of each, the split
 * parts 0.3 µs.
 */
const templates = new Map<string, string[]>();
function fill(text: string, vars: Variables, formats: Formats) {
  let parts = templates.get(text);
  if (!parts) {
    parts = text.split(VARIABLE);
    templates.set(text, parts);
  }
  let filled = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const value = name in vars ? vars[name]! : `{{${name}}}`;
    const written =
      typeof value === 'number'
        ? formats.number.format(value)
        : typeof value === 'string'
          ? value
          : formats.list.format(value);
    filled += written + parts[i + 1]!;
  }
  return filled;
}

/** The strings of a locale (in a browser, the page's own locale is the only one there). */
function dictionaryOf(locale: Locale): Dictionary {
  return loaded.get(locale) ?? loaded.values().next().value!;
}

/** Whether a key has a text (both locales have the same keys; a unit test checks it). */
export function hasMessage(key: string): boolean {
  const [area = '', name = ''] = key.split(':', 2);
  return dictionaryOf('zh-CN')[area]?.[name] !== undefined;
}

const instances = new Map<Locale, T>();

/** The translation function for a locale (cached; works on the server and in islands). */
export function getT(locale: Locale): T {
  const cached = instances.get(locale);
  if (cached) return cached;
  const dictionary = dictionaryOf(locale);
  const formats: Formats = { number: numberFormat(locale), list: listFormat(locale) };
  // Texts by their whole key: a page asks for a few hundred, and one lookup by the key (a
  // literal in the code) is a quarter of two lookups by its cut parts.
  const texts = new Map<string, string>();
  const t: T = (key, vars) => {
    let text = texts.get(key);
    if (text === undefined) {
      const colon = key.indexOf(':');
      text = dictionary[key.slice(0, colon)]?.[key.slice(colon + 1)];
      if (text === undefined) return key;
      texts.set(key, text);
    }
    return vars === undefined ? text : fill(text, vars, formats);
  };
  instances.set(locale, t);
  return t;
}

/** A list of names for a text, or a dash when there are none. */
export const namesOrDash = (names: readonly string[]): readonly string[] | string =>
  names.length > 0 ? names : '—';
