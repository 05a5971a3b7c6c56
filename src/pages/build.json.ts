import type { APIRoute } from 'astro';
import { BUILD_ID } from '../lib/build-id.ts';

export const prerender = true;

/** The id of this build; open pages compare it with their own every hour (src/stores/build.ts). */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ build_id: BUILD_ID }), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
