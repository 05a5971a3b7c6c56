// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { randomBytes } from 'node:crypto';
import precompress from './src/integrations/precompress.ts';

// One id per build (src/lib/build-id.ts): open pages compare it with /build.json every hour.
process.env.PUBLIC_BUILD_ID ||= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:8080',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), precompress()],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  i18n: {
    locales: ['zh-CN', 'en-US'],
    defaultLocale: 'zh-CN',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  prefetch: false,
  // Code in news posts: a light theme whose colours keep WCAG AA contrast on white.
  markdown: { shikiConfig: { theme: 'github-light' } },
  vite: { plugins: [tailwindcss()] },
});
