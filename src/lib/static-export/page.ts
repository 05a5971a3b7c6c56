/**
 * How scripts/build-static.ts turns a prerendered page into a static host's page: links to
 * what the static host does not have go to the Node origin, the page names that origin for its
 * islands (lib/site-origin.ts), the first-visit language script runs first, and the
 * Content-Security-Policy lets the page call the origin and run that script.
 */
import { ORIGIN_META } from '../site-origin.ts';

export type PageRewrite = {
  /** The Node origin, e.g. 'https://app.example' (no trailing slash). */
  origin: string;
  /** Whether the static host has a file for a site path ('/terms', '/favicon.svg'). */
  hasPage: (pathname: string) => boolean;
  /** The inline script to run first, and its CSP hash ('sha256-…'). */
  script: { source: string; hash: string };
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The path of a root-relative link ('/datasets?tags=x#top' → '/datasets'), or null. */
function linkedPath(value: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Every `href` and `action` that names a path the static host lacks, made absolute on `origin`. */
export function rewriteLinks(html: string, origin: string, hasPage: (p: string) => boolean) {
  return html.replace(
    /(\s(?:href|action)=)"([^"]*)"/g,
    (whole, attribute: string, value: string) => {
      const pathname = linkedPath(value);
      return pathname === null || hasPage(pathname) ? whole : `${attribute}"${origin}${value}"`;
    },
  );
}

/** robots.txt with its `Sitemap:` on the origin when the static host has no such file. */
export function rewriteRobots(text: string, origin: string, hasPage: (p: string) => boolean) {
  return text.replace(/^(Sitemap:\s*)(\S+)$/gim, (whole, field: string, address: string) => {
    const url = URL.parse(address);
    if (!url || hasPage(url.pathname)) return whole;
    return `${field}${origin}${url.pathname}${url.search}`;
  });
}

/** Adds `source` to a CSP directive's list, once. */
function addSource(policy: string, directive: string, source: string): string {
  const pattern = new RegExp(`(^|;)(\\s*${directive})([^;]*)`);
  if (!pattern.test(policy)) return `${policy.replace(/;?\s*$/, ';')}${directive} ${source};`;
  return policy.replace(pattern, (whole, start: string, name: string, sources: string) =>
    sources.split(/\s+/).includes(source) ? whole : `${start}${name}${sources} ${source}`,
  );
}

/** The page's CSP `<meta>` with the origin in connect-src and the script's hash in script-src. */
export function rewritePolicy(policy: string, origin: string, hash: string): string {
  return addSource(addSource(policy, 'connect-src', origin), 'script-src', `'${hash}'`);
}

const CSP_META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;

/** A prerendered page as the static host serves it. */
export function rewritePage(html: string, { origin, hasPage, script }: PageRewrite): string {
  const head =
    `<meta name="${ORIGIN_META}" content="${escapeAttribute(origin)}">` +
    `<script>${script.source}</script>`;
  let page = rewriteLinks(html, origin, hasPage);
  const csp = CSP_META.exec(page);
  if (csp) {
    const policy = rewritePolicy(csp[1] ?? '', origin, script.hash);
    return page.replace(
      csp[0],
      `<meta http-equiv="content-security-policy" content="${policy}">${head}`,
    );
  }
  page = page.replace(/<meta charset="utf-8">/i, (charset) => `${charset}${head}`);
  if (!page.includes(head)) throw new Error('a page without <meta charset="utf-8">');
  return page;
}
