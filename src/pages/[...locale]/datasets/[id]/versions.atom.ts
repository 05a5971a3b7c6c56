import type { APIRoute } from 'astro';
import { versionsFeed } from '../../../../lib/versions-feed.ts';

// Server-rendered: a new version appears as it is published.
export const prerender = false;
export const GET: APIRoute = (context) =>
  versionsFeed(context.locals.sheaf, context.locals.locale, context.params.id, context.site);
