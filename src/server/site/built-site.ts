import type { FastifyBaseLogger } from 'fastify';
import type { StaticFile } from './static-files.ts';
import { isRecord } from '../../contracts/narrowing.ts';

/** The PUBLIC_SITE_URL the site was built with, as its /build.json says (undefined: not said). */
function builtSiteUrl(files: Map<string, StaticFile>): string | undefined {
  const file = files.get('/build.json');
  if (!file) return undefined;
  try {
    const build: unknown = JSON.parse(file.body.toString('utf8'));
    const site = isRecord(build) ? build['site'] : undefined;
    return typeof site === 'string' && site !== '' ? site.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PUBLIC_SITE_URL is read when building too: the prerendered pages' canonical and hreflang
 * links, the sitemap and robots.txt carry the build's value. A server started with another one
 * says so once, naming both, since it cannot change what was built.
 */
export function warnOnOtherSiteUrl(
  files: Map<string, StaticFile>,
  siteUrl: string,
  log: FastifyBaseLogger,
): void {
  const built = builtSiteUrl(files);
  if (built === undefined || built === siteUrl) return;
  log.warn(
    { site_url: siteUrl, built_site_url: built },
    `PUBLIC_SITE_URL is ${siteUrl} but the site was built with ${built}: prerendered pages, the sitemap and robots.txt name ${built}. Rebuild with PUBLIC_SITE_URL=${siteUrl} (npm run build).`,
  );
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Without PUBLIC_SITE_URL the site's address is `http://localhost:<PORT>`, which pages name in
 * their canonical and hreflang links, feeds and the sitemap. The first page asked for by another
 * host (`Host`, or `X-Forwarded-Host` behind a trusted proxy) says so once: such a site's pages
 * point search engines at localhost until PUBLIC_SITE_URL is set.
 */
export function hostCheck(siteUrl: string, log: FastifyBaseLogger): (hostname: string) => void {
  let warned = !URL.canParse(siteUrl) || !LOOPBACK.test(new URL(siteUrl).hostname);
  return (hostname) => {
    if (warned || hostname === '' || LOOPBACK.test(hostname)) return;
    warned = true;
    log.warn(
      { site_url: siteUrl, host: hostname },
      `Pages are asked for at ${hostname} but name ${siteUrl} as their address (canonical links, feeds, the sitemap): set PUBLIC_SITE_URL to the address visitors use and rebuild (npm run build).`,
    );
  };
}
