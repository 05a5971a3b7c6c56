import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { negotiateEncoding, PREBUILT } from '../lib/content-encoding.ts';
import { packageManifest } from './duckdb-files.ts';

/** The page's own words (the server reads no dictionaries; like the 400 page in mount.ts). */
const TEXT: Record<Locale, { title: string; description: string; noscript: string }> = {
  'zh-CN': {
    title: 'API 参考',
    description: 'Sheaf API 的全部调用：参数、回应和错误，由 OpenAPI 文档生成。',
    noscript: '本页需要 JavaScript 才能显示。也可以直接下载 API 描述：',
  },
  'en-US': {
    title: 'API reference',
    description:
      'Every call of the Sheaf API: parameters, answers and errors, from its OpenAPI document.',
    noscript: 'This page needs JavaScript. You can also download the API description:',
  },
};

/**
 * The API reference at `/api` and `/en-US/api`: the OpenAPI document rendered by Redoc, whose
 * standalone bundle (about 1 MB) is served by Sheaf and loaded on this page only. The page is
 * plain HTML from the server, not an Astro page, because Redoc writes its styles at run time:
 * its own policy allows inline styles here and nowhere else.
 */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function page(locale: Locale, script: string): string {
  const text = TEXT[locale];
  const title = escapeHtml(`${text.title} · Sheaf`);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${escapeHtml(text.description)}">
<style>body{margin:0;font-family:system-ui,sans-serif}.back{display:block;padding:12px 16px;border-bottom:1px solid #e3e6ea;color:#1a4fb0}</style>
</head>
<body>
<a class="back" href="${localizePath('/', locale)}">← ${'Sheaf'}</a>
<noscript><p style="padding:16px">${escapeHtml(text.noscript)} <a href="/api/v1/openapi.json">openapi.json</a></p></noscript>
<redoc spec-url="/api/v1/openapi.json"></redoc>
<script src="${script}"></script>
</body>
</html>`;
}

type Encoded = { body: Buffer; br: Buffer; gzip: Buffer };
const encode = (body: Buffer): Encoded => ({
  body,
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: gzipSync(body, { level: 6 }),
});

export async function mountApiReference(app: FastifyInstance): Promise<void> {
  const bundle = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
  const { version } = packageManifest.parse(
    JSON.parse(await readFile(path.join(path.dirname(bundle), '..', 'package.json'), 'utf8')),
  );
  const scriptPath = `/api-reference/redoc-${version}.js`;
  let script: Promise<Encoded> | undefined;

  app.get(scriptPath, { schema: { hide: true } }, async (request, reply) => {
    const encoded = await (script ??= readFile(bundle).then(encode));
    const encoding = negotiateEncoding(request.headers['accept-encoding'], PREBUILT);
    const body = encoding ? encoded[encoding] : encoded.body;
    if (encoding) void reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding')
      .type('text/javascript; charset=utf-8')
      .send(body);
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    const html = page(locale, scriptPath);
    app.get(localizePath('/api', locale), { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('content-security-policy', POLICY)
        .header('cache-control', 'public, max-age=300')
        .type('text/html; charset=utf-8')
        .send(html),
    );
  }
}
