import i18next from 'i18next';
import type { Locale } from './locales.ts';
import zhCommon from './zh-CN/common.json';
import enCommon from './en-US/common.json';
import zhAuth from './zh-CN/auth.json';
import enAuth from './en-US/auth.json';
import zhUsers from './zh-CN/users.json';
import enUsers from './en-US/users.json';
import zhReading from './zh-CN/reading.json';
import enReading from './en-US/reading.json';
import zhOauth from './zh-CN/oauth.json';
import enOauth from './en-US/oauth.json';
import zhDebug from './zh-CN/debug.json';
import enDebug from './en-US/debug.json';
import zhSite from './zh-CN/site.json';
import enSite from './en-US/site.json';
import zhDatasets from './zh-CN/datasets.json';
import enDatasets from './en-US/datasets.json';
import zhCommunity from './zh-CN/community.json';
import enCommunity from './en-US/community.json';
import zhHome from './zh-CN/home.json';
import enHome from './en-US/home.json';
import zhViewer from './zh-CN/viewer.json';
import enViewer from './en-US/viewer.json';
import zhSql from './zh-CN/sql.json';
import enSql from './en-US/sql.json';
import zhErrors from './zh-CN/errors.json';
import enErrors from './en-US/errors.json';

/**
 * UI strings: one JSON file per area and locale (src/i18n/<locale>/<area>.json), flat dotted
 * keys. A key is addressed as `<area>:<key>`, e.g. t('common:nav.home').
 * To add an area: add both JSON files and one line to each locale below.
 */
export const dictionaries = {
  'zh-CN': {
    common: zhCommon,
    auth: zhAuth,
    users: zhUsers,
    reading: zhReading,
    oauth: zhOauth,
    debug: zhDebug,
    site: zhSite,
    datasets: zhDatasets,
    community: zhCommunity,
    home: zhHome,
    viewer: zhViewer,
    sql: zhSql,
    errors: zhErrors,
  },
  'en-US': {
    common: enCommon,
    auth: enAuth,
    users: enUsers,
    reading: enReading,
    oauth: enOauth,
    debug: enDebug,
    site: enSite,
    datasets: enDatasets,
    community: enCommunity,
    home: enHome,
    viewer: enViewer,
    sql: enSql,
    errors: enErrors,
  },
} as const satisfies Record<Locale, Record<string, Record<string, string>>>;

type Areas = (typeof dictionaries)['zh-CN'];
export type MessageKey = {
  [A in keyof Areas]: `${A & string}:${keyof Areas[A] & string}`;
}[keyof Areas];
export type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

const instances = new Map<Locale, T>();

/** The translation function for a locale (cached; works on the server and in islands). */
export function getT(locale: Locale): T {
  const cached = instances.get(locale);
  if (cached) return cached;
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: dictionaries,
    ns: Object.keys(dictionaries[locale]),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // A key without variables always gives the same text: look it up in i18next once.
  const plain = new Map<string, string>();
  const t: T = (key, vars) => {
    if (vars !== undefined) return instance.t(key, vars);
    let text = plain.get(key);
    if (text === undefined) {
      text = instance.t(key);
      plain.set(key, text);
    }
    return text;
  };
  instances.set(locale, t);
  return t;
}
