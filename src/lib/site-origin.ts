/**
 * Pages exported for a static host (`npm run build:static`, docs/deploy.md "Static host") carry
 * `<meta name="sheaf-origin" content="https://app.example">`: the Node origin that serves the API
 * and the server-rendered pages. Pages served by Sheaf itself have no such tag.
 */
import { localeOfPath, localizePath } from '../i18n/locales.ts';

export const ORIGIN_META = 'sheaf-origin';

/**
 * `?continue=<path>` on the Node origin's /auth/callback: a visitor signed in on the static
 * host, whose session starts there from the refresh cookie before going on to the path.
 */
export const CONTINUE_PARAM = 'continue';

/** The Node origin named by this page, or null on a page served by Sheaf itself. */
export function nodeOrigin(): string | null {
  if (typeof document === 'undefined') return null;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${ORIGIN_META}"]`);
  const content = meta?.content ?? '';
  return /^https?:\/\/[^/]+/.test(content) ? content.replace(/\/+$/, '') : null;
}

/**
 * Where a navigation to `path` (a path of this site, with its query) goes: the path itself on
 * pages served by Sheaf; from a static host, the same path on the Node origin — through its
 * /auth/callback when `signedIn`, so that the session follows the visitor there.
 */
export function pageAddress(path: string, signedIn: boolean): string {
  const origin = nodeOrigin();
  if (!origin || !path.startsWith('/') || path.startsWith('//')) return path;
  if (!signedIn) return `${origin}${path}`;
  const callback = localizePath('/auth/callback', localeOfPath(path.split(/[?#]/)[0] ?? '/'));
  return `${origin}${callback}?${CONTINUE_PARAM}=${encodeURIComponent(path)}`;
}

/**
 * The address the server-rendered pages are at, for their canonical links and the feeds that
 * point to them: this server's own (`ORIGIN_URL`) when a static host serves the prerendered
 * pages, else the site's (the build's `site`, else this server's `PUBLIC_SITE_URL`).
 */
export function serverPagesSite(
  sheaf: { originUrl: string | undefined; siteUrl: string },
  site: URL | undefined,
): URL {
  if (sheaf.originUrl) return new URL(sheaf.originUrl);
  return site ?? new URL(sheaf.siteUrl);
}
