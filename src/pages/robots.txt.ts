import type { APIRoute } from 'astro';
import { LOCALES, localizePath } from '../i18n/locales.ts';

export const prerender = true;

/** Pages for one visitor only (signed-in, sign-in and debug pages), kept out in every locale. */
const PRIVATE_PATHS = [
  '/auth/',
  '/debug-auth',
  '/profile',
  '/following',
  '/collections',
  '/datasets/my',
  '/datasets/create',
  '/datasets/edit',
  '/datasets/version/create',
];

/** robots.txt, with the sitemap's absolute URL (PUBLIC_SITE_URL at build time). */
export const GET: APIRoute = ({ site }) => {
  const disallow = LOCALES.flatMap((l) => PRIVATE_PATHS.map((p) => localizePath(p, l)));
  const sitemap = new URL('/sitemap.xml', site ?? 'http://localhost:8080').href;
  const lines = [
    'User-agent: *',
    'Disallow: /api/',
    ...disallow.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${sitemap}`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
