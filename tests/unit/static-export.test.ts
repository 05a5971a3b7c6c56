import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptHash } from '../../src/lib/csp.ts';
import { notFoundPage } from '../../src/lib/static-export/not-found.ts';
import {
  rewriteLinks,
  rewritePage,
  rewritePolicy,
  rewriteRobots,
} from '../../src/lib/static-export/page.ts';
import { firstVisitScript, forwardScript } from '../../src/lib/static-export/scripts.ts';

const origin = 'https://app.example';
const files = new Set(['/terms', '/en-US/terms', '/news', '/favicon.svg']);
const hasPage = (p: string) => files.has(p);

describe('rewriteLinks', () => {
  it('sends links to pages the static host lacks to the origin, with their query', () => {
    const html =
      '<a href="/">h</a><a href="/datasets?tags=a&amp;page=2">d</a><form action="/datasets">' +
      '<a href="/terms">t</a><a href="/news#top">n</a><link href="/favicon.svg">' +
      '<a href="#main">s</a><a href="//cdn.example/x">c</a><a href="mailto:a@b">m</a>';
    expect(rewriteLinks(html, origin, hasPage)).toBe(
      '<a href="https://app.example/">h</a>' +
        '<a href="https://app.example/datasets?tags=a&amp;page=2">d</a>' +
        '<form action="https://app.example/datasets">' +
        '<a href="/terms">t</a><a href="/news#top">n</a><link href="/favicon.svg">' +
        '<a href="#main">s</a><a href="//cdn.example/x">c</a><a href="mailto:a@b">m</a>',
    );
  });
});

describe('rewriteRobots', () => {
  it("names the origin's sitemap", () => {
    const robots = 'User-agent: *\nDisallow: /api/\n\nSitemap: https://www.example/sitemap.xml\n';
    expect(rewriteRobots(robots, origin, hasPage)).toBe(
      'User-agent: *\nDisallow: /api/\n\nSitemap: https://app.example/sitemap.xml\n',
    );
  });
});

describe('rewritePolicy', () => {
  it('lets the page call the origin and run the added script, once', () => {
    const policy = "default-src 'self';connect-src 'self';script-src 'self' 'sha256-a';";
    const once = rewritePolicy(policy, origin, 'sha256-b');
    expect(once).toBe(
      "default-src 'self';connect-src 'self' https://app.example;script-src 'self' 'sha256-a' 'sha256-b';",
    );
    expect(rewritePolicy(once, origin, 'sha256-b')).toBe(once);
  });

  it('adds a directive the policy lacks', () => {
    expect(rewritePolicy("default-src 'self'", origin, 'sha256-b')).toBe(
      "default-src 'self';connect-src https://app.example;script-src 'sha256-b';",
    );
  });
});

describe('rewritePage', () => {
  it('names the origin and runs the language script under the page policy', () => {
    const source = 'void 0;';
    const html =
      '<html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" ' +
      `content="connect-src 'self'; script-src 'self'"><title>x</title></head></html>`;
    const page = rewritePage(html, { origin, hasPage, script: { source, hash: 'sha256-h' } });
    expect(page).toContain(
      `content="connect-src 'self' https://app.example; script-src 'self' 'sha256-h'">` +
        '<meta name="sheaf-origin" content="https://app.example"><script>void 0;</script><title>',
    );
  });
});

type Visit = { path: string; search?: string; lang: string; cookie?: string; languages: string[] };

/** Runs the first-visit script on a pretend page; where it went and the cookie it left. */
function visit({ path, search = '', lang, cookie = '', languages }: Visit) {
  const went: string[] = [];
  let jar = cookie;
  const document = {
    documentElement: { lang },
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      jar = value.split(';')[0] ?? '';
    },
  };
  const location = {
    pathname: path,
    search,
    hash: '',
    protocol: 'https:',
    replace: (to: string) => went.push(to),
  };
  runInNewContext(firstVisitScript(), {
    document,
    location,
    navigator: { languages },
    URLSearchParams,
  });
  return { went, cookie: jar };
}

describe('firstVisitScript', () => {
  it('sends a first English visit to the English page and remembers it', () => {
    expect(visit({ path: '/terms/', lang: 'zh-CN', languages: ['en-GB', 'zh'] })).toEqual({
      went: ['/en-US/terms/'],
      cookie: 'locale=en-US',
    });
  });

  it('keeps a first Chinese or other visit where it is', () => {
    for (const languages of [['zh-TW', 'en'], ['fr'], []]) {
      expect(visit({ path: '/terms/', lang: 'zh-CN', languages })).toEqual({
        went: [],
        cookie: 'locale=zh-CN',
      });
    }
    expect(visit({ path: '/en-US/terms/', lang: 'en-US', languages: ['zh-CN'] })).toEqual({
      went: [],
      cookie: 'locale=zh-CN',
    });
  });

  it('remembers a ?lang= choice and shows its page without it', () => {
    const chosen = visit({
      path: '/en-US/privacy',
      search: '?lang=zh-CN&x=1',
      lang: 'en-US',
      cookie: 'locale=en-US',
      languages: ['en'],
    });
    expect(chosen).toEqual({ went: ['/privacy?x=1'], cookie: 'locale=zh-CN' });
  });

  it('follows a remembered language only to remember the page read', () => {
    const read = { path: '/terms', lang: 'zh-CN', cookie: 'locale=en-US', languages: ['en'] };
    expect(visit(read)).toEqual({ went: [], cookie: 'locale=zh-CN' });
  });
});

describe('notFoundPage', () => {
  it('speaks both languages, links home and allows exactly its style and script', () => {
    const html = notFoundPage(origin);
    expect(html).toContain('<h1>找不到页面</h1>');
    expect(html).toContain('<h2>Page not found</h2>');
    expect(html).toContain(`<a href="${origin}/en-US">Sheaf home page</a>`);
    expect(html).toContain(`script-src '${scriptHash(forwardScript(origin))}'`);
    expect(html).toContain(`<script>${forwardScript(origin)}</script>`);
  });
});
