import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LOCALE_CHOICE_PARAM,
  LOCALE_COOKIE,
  isLocale,
  localeOfPath,
  localePrefix,
  localizePath,
  type Locale,
} from '../../i18n/locales.ts';
import type { SiteServices } from './services.ts';
import { compressResponse } from './compress-response.ts';
import { negotiateEncoding, PREBUILT, varyOnEncoding } from '../lib/content-encoding.ts';
import { mountApiReference } from './api-reference.ts';
import { detectLocale, localeCookie } from './locale.ts';
import { findForbiddenText } from '../../lib/text-rules.ts';
import { encodedBody, type CachedPage, type PageCache } from './page-cache.ts';
import { mountDuckdbAssets } from './duckdb-assets.ts';
import { loadStaticFiles, type StaticFile } from './static-files.ts';
import { renderWithPageLog } from './page-log.ts';
import { hostCheck, warnOnOtherSiteUrl } from './built-site.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (() => void) | undefined,
  locals: App.Locals,
) => Promise<void>;

export type SiteOptions = {
  distDir: string;
  services: SiteServices;
  secureCookies: boolean;
  /** Rendered pages kept for a few seconds (see page-cache.ts); none in tests that need fresh renders. */
  pageCache?: PageCache;
  /** The build, when its loading was started earlier (`loadSite`); else it is loaded here. */
  loaded?: Promise<LoadedSite>;
};

/** The built site: its prerendered pages and assets, and Astro's SSR handler. */
export type LoadedSite = { files: Map<string, StaticFile>; handler: AstroHandler };

/**
 * Reads the build into memory and loads its SSR handler. `src/server/main.ts` starts this
 * before opening the database, so that it runs while the embedded PostgreSQL starts
 * (docs/performance.md, "Memory and start-up").
 */
export async function loadSite(distDir: string): Promise<LoadedSite> {
  const files = await loadStaticFiles(path.join(distDir, 'client'));
  const entry = path.join(distDir, 'server', 'entry.mjs');
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  return { files, handler };
}

/** Whether a page's path or query holds a character no page or API call accepts. */
function hasForbiddenText(pathname: string, search: string): boolean {
  try {
    const values = search ? [...new URLSearchParams(search).values()] : [];
    return findForbiddenText([decodeURIComponent(pathname), ...values]) !== null;
  } catch {
    return true;
  }
}

const BAD_REQUEST_PAGE = {
  'zh-CN': { title: '请求无效', message: '网址中含有不允许的字符。', home: '返回首页' },
  'en-US': {
    title: 'Bad request',
    message: 'The address contains a character that is not allowed.',
    home: 'Back to the home page',
  },
} as const;

/** A small 400 page in the page's language (a search with U+0000, a lone surrogate…). */
function sendBadRequestPage(reply: FastifyReply, locale: Locale) {
  const text = BAD_REQUEST_PAGE[locale];
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${text.title} · Sheaf</title></head><body><main><h1>${text.title}</h1><p>${text.message}</p><p><a href="${localizePath('/', locale)}">${text.home}</a></p></main></body></html>`;
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

/** Replays a cached rendering, compressed as the client accepts. */
function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  // A rendering with an entity tag (a feed) answers a revalidation with its tag as it would.
  const etag = page.headers['etag'];
  if (etag !== undefined && request.headers['if-none-match'] === String(etag)) {
    return reply.status(304).headers(page.headers).send();
  }
  const { body, encoding } = encodedBody(page, request.headers['accept-encoding']);
  void reply.status(page.status).headers(page.headers);
  if (encoding) {
    void reply
      .header('content-encoding', encoding)
      .header('vary', varyOnEncoding(page.headers['vary']));
  }
  return reply.send(body);
}

const isPageRequest = (url: string) => !url.startsWith('/_astro/') && !/\.[a-z0-9]+$/i.test(url);

function sendStatic(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  void reply
    .header('content-type', file.type)
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding'], PREBUILT);
  const encoded = encoding && file[encoding];
  if (encoded) return reply.header('content-encoding', encoding).send(encoded);
  return reply.send(file.body);
}

/**
 * The locale cookie remembers the language of the pages a visitor reads. A first visit (no
 * cookie) picks it from Accept-Language and, for English, goes to the /en-US page; a later visit
 * to the bare home page `/` goes to the remembered language; `?lang=<locale>` records an explicit
 * choice. Returns a path to redirect to.
 */
function applyLocaleCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  url: { pathname: string; search: string },
  secure: boolean,
): string | undefined {
  const { pathname } = url;
  const query = new URLSearchParams(url.search);
  const chosen = query.get(LOCALE_CHOICE_PARAM);
  if (isLocale(chosen)) {
    // An explicit choice: remember it and show the clean address in that language.
    void reply.header('set-cookie', localeCookie(chosen, secure));
    query.delete(LOCALE_CHOICE_PARAM);
    const rest = query.toString();
    return `${localizePath(pathname, chosen)}${rest ? `?${rest}` : ''}`;
  }
  const remembered = request.cookies[LOCALE_COOKIE];
  const pathLocale = localeOfPath(pathname);
  const keepQuery = (path: string) => `${path}${url.search ? `?${url.search}` : ''}`;
  if (!isLocale(remembered)) {
    const detected = detectLocale(request.headers['accept-language']);
    void reply.header('set-cookie', localeCookie(detected, secure));
    return detected === pathLocale || localePrefix(pathLocale)
      ? undefined
      : keepQuery(localizePath(pathname, detected));
  }
  if (pathname === '/' && remembered !== pathLocale) {
    return keepQuery(localizePath(pathname, remembered));
  }
  if (remembered !== pathLocale) void reply.header('set-cookie', localeCookie(pathLocale, secure));
  return undefined;
}

/**
 * Serves the Astro site from the same Fastify instance as the API: prerendered pages and
 * hashed assets from memory, everything else through Astro's SSR handler. On a first visit
 * (no locale cookie) the browser language picks the locale and the cookie is set.
 */
export async function mountSite(app: FastifyInstance, options: SiteOptions): Promise<void> {
  const { files, handler } = await (options.loaded ?? loadSite(options.distDir));
  warnOnOtherSiteUrl(files, options.services.siteUrl, app.log);
  const checkHost = hostCheck(options.services.siteUrl, app.log);

  await mountDuckdbAssets(app, options.distDir);
  await mountApiReference(app);

  // Site routes are kept out of the OpenAPI document (`hide`). No page lives under /api: an API
  // path no route answers gets the API's own 404 or 405 (plugins/errors.ts), not a page.
  app.all('/api/*', { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s);
      if (isPageRequest(pathname)) {
        checkHost(request.hostname);
        const redirect = applyLocaleCookie(
          request,
          reply,
          { pathname, search },
          options.secureCookies,
        );
        if (redirect) return reply.redirect(redirect, 302);
      }
      const file = files.get(pathname);
      if (file) return sendStatic(request, reply, file);
      if (hasForbiddenText(pathname, search)) {
        return sendBadRequestPage(reply, localeOfPath(pathname));
      }
      const cache = request.method === 'GET' ? options.pageCache : undefined;
      // Pages may depend on the locale cookie (the home page's caching headers do).
      const cacheKey = `${request.cookies[LOCALE_COOKIE] ?? ''} ${request.url}`;
      const cached = cache?.get(cacheKey);
      if (cached) return sendCachedPage(request, reply, cached);
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      compressResponse(reply.raw, request.headers['accept-encoding']);
      cache?.capture(reply.raw, cacheKey, reply.getHeader('set-cookie'));
      // The rest of Astro.locals (the page's locale, t and href) is set by src/middleware.ts.
      const locals: Pick<App.Locals, 'sheaf'> = { sheaf: options.services };
      await renderWithPageLog({ log: request.log, url: request.url }, () =>
        handler(request.raw, reply.raw, undefined, locals as App.Locals),
      );
    },
  });
}
