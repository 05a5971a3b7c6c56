import type { APIRoute } from 'astro';
import { datasetsFeed } from '../../../lib/datasets-feed.ts';

// Server-rendered: new datasets appear as they are published.
export const prerender = false;
export const GET: APIRoute = (context) =>
  datasetsFeed(context.locals.sheaf, context.locals.locale, context.site, context.request);
