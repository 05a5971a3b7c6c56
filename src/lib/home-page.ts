import { LOCALE_COOKIE, localeOfPath } from '../i18n/locales.ts';

/** How long shared caches (a CDN) may reuse the home page; browsers revalidate every time. */
const HOME_SHARED_MAX_AGE = 30;

/**
 * Cache-Control of the home page. Shared caches may keep it for 30 s when the visitor's
 * `locale` cookie already names the page's locale: the server then neither sets a cookie nor
 * (for `/`) redirects, so the answer is the same for every such visitor. A first visit or a
 * change of language sets the cookie, and a response carrying Set-Cookie must stay private.
 */
function homeCacheControl(
  url: URL,
  cookies: { get: (name: string) => { value: string } | undefined },
): string {
  const remembered = cookies.get(LOCALE_COOKIE)?.value;
  return remembered === localeOfPath(url.pathname)
    ? `public, max-age=0, s-maxage=${HOME_SHARED_MAX_AGE}`
    : 'private, no-cache';
}

/**
 * The home page's caching headers: Cache-Control as above, and `Vary: Cookie` since the answer
 * for the bare `/` depends on the locale cookie.
 */
export function homeCacheHeaders(
  url: URL,
  cookies: { get: (name: string) => { value: string } | undefined },
): Record<string, string> {
  return { 'cache-control': homeCacheControl(url, cookies), vary: 'cookie' };
}
