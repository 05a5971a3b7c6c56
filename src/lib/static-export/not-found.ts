/**
 * The static host's `404.html` (scripts/build-static.ts): what it serves for any address it
 * has no file for. It says so in both languages and links to the Node origin's home pages; its
 * script sends the visitor on to the same address on the Node origin at once (forwardScript),
 * where server-rendered pages live and any other address gets Sheaf's own 404 page.
 */
import { LOCALES, localizePath } from '../../i18n/locales.ts';
import { scriptHash } from '../csp.ts';
import { forwardScript } from './scripts.ts';

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;color:#1f2937}' +
  'main{max-width:36rem;margin:0 auto}section+section{margin-top:2.5rem}' +
  'a{color:#1d4ed8}h1,h2{font-size:1.5rem;margin:0 0 .75rem}';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TEXT = {
  'zh-CN': {
    title: '找不到页面',
    body: '这个地址没有页面。正在前往 Sheaf 的服务器查找；如未自动跳转，请从首页继续。',
    home: 'Sheaf 首页',
  },
  'en-US': {
    title: 'Page not found',
    body: 'There is no page at this address here. Looking for it on the Sheaf server; if nothing happens, continue from the home page.',
    home: 'Sheaf home page',
  },
} as const;

/** The 404 page for a static host whose Node origin is `origin`. */
export function notFoundPage(origin: string): string {
  const script = forwardScript(origin);
  const policy =
    "default-src 'none'; img-src 'self'; base-uri 'none'; " +
    `style-src '${scriptHash(STYLE)}'; script-src '${scriptHash(script)}'`;
  const sections = LOCALES.map((locale, index) => {
    const heading = index === 0 ? 'h1' : 'h2';
    const home = escapeHtml(`${origin}${localizePath('/', locale)}`);
    return (
      `<section lang="${locale}"><${heading}>${TEXT[locale].title}</${heading}>` +
      `<p>${TEXT[locale].body}</p>` +
      `<p><a href="${home}">${TEXT[locale].home}</a></p></section>`
    );
  });
  return (
    `<!doctype html><html lang="${LOCALES[0]}"><head><meta charset="utf-8">` +
    `<meta http-equiv="content-security-policy" content="${policy}">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    `<title>${TEXT['zh-CN'].title} · ${TEXT['en-US'].title} · Sheaf</title>` +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<style>${STYLE}</style><script>${script}</script></head>` +
    `<body><main>${sections.join('')}</main></body></html>`
  );
}
