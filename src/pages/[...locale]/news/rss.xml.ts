import type { APIRoute } from 'astro';
import { newsFeed } from '../../../lib/news-feed.ts';

export const prerender = true;
export { localeStaticPaths as getStaticPaths } from '../../../i18n/locales.ts';
export const GET: APIRoute = (context) => newsFeed(context.locals.locale, context.site);
