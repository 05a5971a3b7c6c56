import type { FastifyBaseLogger } from 'fastify';
import type { StaticFile } from './static-files.ts';

/** The PUBLIC_SITE_URL the site was built with, as its /build.json says (undefined: not said). */
function builtSiteUrl(files: Map<string, StaticFile>): string | undefined {
  const file = files.get('/build.json');
  if (!file) return undefined;
  try {
    const { site } = JSON.parse(file.body.toString('utf8')) as { site?: unknown };
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
