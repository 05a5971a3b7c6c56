import { describe, expect, it } from 'vitest';
import { inEveryLocale, onOrigin, sitemapXml, urlCount } from '../../src/lib/sitemap.ts';

const site = new URL('https://sheaf.test');

describe('sitemapXml', () => {
  it('gives every locale of a page its own <url> with all alternates and x-default', () => {
    const xml = sitemapXml(site, [inEveryLocale('/terms')]);
    const urls = xml.match(/<url>.*?<\/url>/g) ?? [];
    expect(urls).toHaveLength(2);
    expect(urls[0]).toContain('<loc>https://sheaf.test/terms</loc>');
    expect(urls[1]).toContain('<loc>https://sheaf.test/en-US/terms</loc>');
    for (const url of urls) {
      expect(url).toContain('hreflang="zh-CN" href="https://sheaf.test/terms"');
      expect(url).toContain('hreflang="en-US" href="https://sheaf.test/en-US/terms"');
      expect(url).toContain('hreflang="x-default" href="https://sheaf.test/terms"');
    }
  });

  it('lists a page that exists in one locale once, with only that alternate', () => {
    const xml = sitemapXml(site, [{ paths: { 'en-US': '/en-US/news/only-english' } }]);
    expect(xml.match(/<url>/g)).toHaveLength(1);
    expect(xml).not.toContain('hreflang="zh-CN"');
    expect(xml).toContain('hreflang="x-default" href="https://sheaf.test/en-US/news/only-english"');
  });

  it('writes lastmod as an ISO date and escapes URLs', () => {
    const xml = sitemapXml(site, [inEveryLocale('/a&b', '2026-11-21T08:00:00.000Z')]);
    expect(xml).toContain('<lastmod>2026-11-21T08:00:00.000Z</lastmod>');
    expect(xml).toContain('https://sheaf.test/a&amp;b');
    expect(xml).not.toMatch(/&(?!amp;)/);
  });

  it('counts one URL per locale version', () => {
    expect(urlCount([inEveryLocale('/'), { paths: { 'zh-CN': '/news/x' } }])).toBe(3);
  });

  it("puts server-rendered pages on the origin's address when one is given", () => {
    const page = inEveryLocale('/datasets/7');
    expect(onOrigin(page, undefined)).toBe(page);
    const xml = sitemapXml(site, [
      onOrigin(page, 'https://app.sheaf.test'),
      inEveryLocale('/terms'),
    ]);
    expect(xml).toContain('<loc>https://app.sheaf.test/datasets/7</loc>');
    expect(xml).toContain('hreflang="en-US" href="https://app.sheaf.test/en-US/datasets/7"');
    expect(xml).toContain('<loc>https://sheaf.test/terms</loc>');
  });
});
