/**
 * Where the account pages send people. A signed-in-only page sends a guest to the sign-in page
 * of its locale with `?redirect=<where they were>`; after signing in they go back there when it
 * is a path of this site, else to the home page of the locale (docs/pages.md).
 */
import { localizePath, stripLocale, type Locale } from '../i18n/locales.ts';

const REDIRECT_PARAM = 'redirect';

/** Pages a redirect never goes back to (they would only bounce to the home page). */
const AUTH_PAGES = new Set(['/auth/login', '/auth/register', '/auth/callback']);

/**
 * `value` when it is a same-site path ('/datasets/my?page=2'), else null: absolute and
 * protocol-relative URLs, backslash tricks, control characters and the auth pages are refused.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\\')) {
    return null;
  }
  const base = 'http://sheaf.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const bare = stripLocale(url.pathname).replace(/\/+$/, '') || '/';
  if (AUTH_PAGES.has(bare)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page of `locale`, remembering `from` (a path with its query) to come back to. */
export function loginUrl(locale: Locale, from: string): string {
  const login = localizePath('/auth/login', locale);
  const back = safeRedirect(from);
  return back ? `${login}?${REDIRECT_PARAM}=${encodeURIComponent(back)}` : login;
}

/**
 * Where to go after signing in (or when already signed in on a guest page): the remembered page
 * in the sign-in page's language, which the visitor may have switched to on the way.
 */
export function afterSignIn(search: string, locale: Locale): string {
  const wanted = safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM));
  if (!wanted) return localizePath('/', locale);
  const url = new URL(wanted, 'http://sheaf.invalid');
  return `${localizePath(url.pathname, locale)}${url.search}${url.hash}`;
}
