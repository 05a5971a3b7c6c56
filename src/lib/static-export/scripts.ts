/**
 * The two inline scripts of a static host's pages (scripts/build-static.ts). They are the only
 * JavaScript the export adds, and each page's Content-Security-Policy gets their hashes.
 */
import {
  DEFAULT_LOCALE,
  LOCALE_CHOICE_PARAM,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALES,
  localePrefix,
} from '../../i18n/locales.ts';
import { AUTH_STORE_KEY } from '../constants.ts';
import { CONTINUE_PARAM } from '../site-origin.ts';

const prefixed = LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => localePrefix(l));
/** Matches the locale prefix of a path ('/en-US' of '/en-US/terms'). */
const PREFIX_PATTERN = `^(${prefixed.join('|')})(?=/|$)`;

/**
 * What the Node server does for a page's language (src/server/site/mount.ts, applyLocaleCookie),
 * in the browser: a `?lang=` choice is remembered and its page shown; a first visit (no locale
 * cookie) takes the browser's languages like `detectLocale` and goes to the English page for
 * English; a visit to a page of the other language remembers that one.
 */
export function firstVisitScript(): string {
  return `(() => {
  try {
    const locales = ${JSON.stringify(LOCALES)};
    const page = document.documentElement.lang;
    const keep = (l) => {
      document.cookie = ${JSON.stringify(`${LOCALE_COOKIE}=`)} + l + ${JSON.stringify(`; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`)} + (location.protocol === 'https:' ? '; Secure' : '');
    };
    const bare = location.pathname.replace(new RegExp(${JSON.stringify(PREFIX_PATTERN)}), '') || '/';
    const at = (l) => (l === ${JSON.stringify(DEFAULT_LOCALE)} ? bare : '/' + l + (bare === '/' ? '' : bare));
    const query = new URLSearchParams(location.search);
    const chosen = query.get(${JSON.stringify(LOCALE_CHOICE_PARAM)});
    if (locales.includes(chosen)) {
      keep(chosen);
      query.delete(${JSON.stringify(LOCALE_CHOICE_PARAM)});
      const rest = query.toString();
      location.replace(at(chosen) + (rest ? '?' + rest : '') + location.hash);
      return;
    }
    const cookie = new RegExp(${JSON.stringify(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`)}).exec(document.cookie);
    const remembered = cookie ? cookie[1] : null;
    if (!locales.includes(remembered)) {
      let found = ${JSON.stringify(DEFAULT_LOCALE)};
      for (const tag of navigator.languages || [navigator.language]) {
        const lower = String(tag).toLowerCase();
        if (lower.startsWith('zh')) break;
        if (lower.startsWith('en')) {
          found = 'en-US';
          break;
        }
      }
      keep(found);
      if (found !== page && page === ${JSON.stringify(DEFAULT_LOCALE)}) {
        location.replace(at(found) + location.search + location.hash);
      }
      return;
    }
    if (remembered !== page) keep(page);
  } catch {}
})();`;
}

/**
 * The static 404 page's forward: whatever the static host does not have (a server-rendered page,
 * a link an island drew, an old address) is asked of the Node origin, through its
 * /auth/callback when the visitor is signed in here (lib/site-origin.ts, `pageAddress`).
 */
export function forwardScript(origin: string): string {
  return `(() => {
  let path = location.pathname + location.search + location.hash;
  try {
    const stored = JSON.parse(localStorage.getItem('${AUTH_STORE_KEY}') || 'null');
    if (stored && stored.token) {
      const prefix = (new RegExp(${JSON.stringify(PREFIX_PATTERN)}).exec(location.pathname) || [''])[0];
      path = prefix + '/auth/callback?${CONTINUE_PARAM}=' + encodeURIComponent(path);
    }
  } catch {}
  location.replace(${JSON.stringify(origin)} + path);
})();`;
}
