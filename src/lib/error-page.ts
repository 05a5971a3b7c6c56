/**
 * The error page's texts (verbatim in every locale, docs/pages.md, Error pages) and the crawler check:
 * bots get the error status with an empty body instead of the error page.
 */

/** Unknown route (non-fatal): 'Page not found: {path}'. */
export const notFoundMessage = (path: string) => `Page not found: ${path}`;

/** A route whose parameters fail validation (fatal): 'Page Not Found: {path}'. */
export const invalidRouteMessage = (path: string) => `Page Not Found: ${path}`;

/** "Page Not Found" for 404, "Internal Server Error" for any other status. */
export const errorTitle = (status: number) =>
  status === 404 ? 'Page Not Found' : 'Internal Server Error';

/** The path as a person reads it ('/%E6%95%B0' → '/数'); left encoded if it is not valid. */
export function displayPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

const CRAWLERS =
  /bot\b|bot\/|crawler|spider|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|ia_archiver|yandex|baidu|sogou|bytespider|petalbot|applebot|duckduckbot/i;

/** Search engine and link-preview crawlers, by user agent (Googlebot, bingbot, Baiduspider, …). */
export const isCrawler = (userAgent: string | null | undefined): boolean =>
  Boolean(userAgent && CRAWLERS.test(userAgent));
