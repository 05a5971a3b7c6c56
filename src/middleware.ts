import { defineMiddleware } from 'astro:middleware';
import { isCrawler } from './lib/error-page.ts';
import { isLocaleParam } from './i18n/locales.ts';
import { pageContext } from './lib/page.ts';

/** The 500 page's answer with the status it chose (Astro always sends that page as 500). */
function withErrorStatus(response: Response, status: number | undefined): Response {
  if (status === undefined || status === response.status) return response;
  const { body, headers } = response;
  return new Response(body, { status, headers });
}

/**
 * Every page's locale, `t` and `href` go into `Astro.locals` once, from its URL. Pages live
 * under `[...locale]`, whose rest parameter matches any path: one that is not a locale's prefix
 * (`/fr/datasets`) is the 404 page.
 *
 * "Bots are not shown the error page": a crawler asking for a page that ends in an error
 * gets the status (404, 500, …) with an empty body. People get the error page.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  Object.assign(context.locals, pageContext(context.url));
  const localized = context.routePattern.startsWith('/[...locale]');
  // An empty 404 makes Astro render the 404 page for the same address.
  if (localized && !isLocaleParam(context.params.locale))
    return new Response(null, { status: 404 });
  const response = withErrorStatus(await next(), context.locals.errorStatus);
  if (response.status < 400 || context.isPrerendered) return response;
  if (!isCrawler(context.request.headers.get('user-agent'))) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(null, { status: response.status, headers });
});
