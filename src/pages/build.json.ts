import type { APIRoute } from 'astro';
import { BUILD_ID } from '../lib/build-id.ts';

export const prerender = true;

/**
 * The id of this build, which open pages compare with their own every hour (src/stores/build.ts),
 * and the PUBLIC_SITE_URL it was built with, which the server compares with its own at start
 * (src/server/site/built-site.ts).
 */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ build_id: BUILD_ID, site: import.meta.env.SITE }), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
