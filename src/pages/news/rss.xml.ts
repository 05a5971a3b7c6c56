import type { APIRoute } from 'astro';
import { newsFeed } from '../../lib/news-feed.ts';

export const prerender = true;
export const GET: APIRoute = (context) => newsFeed('zh-CN', context.site);
