import { defineMiddleware } from 'astro:middleware';
import { isCrawler } from './lib/error-page.ts';
import { pageContext } from './lib/page.ts';

/**
 * Every page's locale, `t` and `href` go into `Astro.locals` once, from its URL.
 *
 * "Bots are not shown the error page": a crawler asking for a page that ends in an error
 * gets the status (404, 500, …) with an empty body. People get the error page.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  Object.assign(context.locals, pageContext(context.url));
  const response = await next();
  if (response.status < 400 || context.isPrerendered) return response;
  if (!isCrawler(context.request.headers.get('user-agent'))) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(null, { status: response.status, headers });
});
