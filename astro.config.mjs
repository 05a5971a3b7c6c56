// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { randomBytes } from 'node:crypto';
import precompress from './src/integrations/precompress.ts';
import renderPatches from './src/integrations/render-patches.ts';
import { headerAccountScriptHash } from './src/lib/header-account.ts';
import { headerInboxScriptHash } from './src/lib/header-inbox.ts';
import { headerMenuScriptHash } from './src/lib/header-menu.ts';

// One id per build (src/lib/build-id.ts): open pages compare it with /build.json every hour.
process.env.PUBLIC_BUILD_ID ||= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

// The browser client may call an API on another origin (PUBLIC_API_BASE, a split deployment).
const apiOrigin = process.env.PUBLIC_API_BASE ? new URL(process.env.PUBLIC_API_BASE).origin : '';

export default defineConfig({
  // `||`: an empty value (a Docker build argument left unset) means unset.
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:8080',
  output: 'static',
  // What Astro logs while the server renders a page goes into the server's JSON log, one line each.
  logger: { entrypoint: './src/server/site/page-log.ts' },
  adapter: node({ mode: 'middleware' }),
  // React rendered to a string, not a stream: the same HTML, cheaper; and two repeated costs of
  // Astro's rendering patched out (src/integrations/render-patches.ts; docs/performance.md).
  integrations: [react({ experimentalDisableStreaming: true }), precompress(), renderPatches()],
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  i18n: {
    locales: ['zh-CN', 'en-US'],
    defaultLocale: 'zh-CN',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  prefetch: false,
  // A Content-Security-Policy <meta> on every page: scripts only from this origin and the
  // hashes Astro and our inline scripts add (src/lib/csp.ts); WebAssembly for the SQL
  // console; no plugins, no foreign <base>. Avatars may be any https image. See docs/reliability.md.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' https: data:",
        `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
        "object-src 'none'",
        "base-uri 'self'",
      ],
      scriptDirective: {
        resources: ["'self'", "'wasm-unsafe-eval'"],
        hashes: [
          headerAccountScriptHash(process.env.PUBLIC_API_BASE),
          headerInboxScriptHash(process.env.PUBLIC_API_BASE),
          headerMenuScriptHash(),
        ],
      },
    },
  },
  // Code in news posts: a light theme whose colours keep WCAG AA contrast on white.
  markdown: { shikiConfig: { theme: 'github-light' } },
  vite: { plugins: [tailwindcss()] },
});
