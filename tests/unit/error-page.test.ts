import { describe, expect, it } from 'vitest';
import {
  displayPath,
  errorTitle,
  invalidRouteMessage,
  isCrawler,
  notFoundMessage,
} from '../../src/lib/error-page.ts';

describe('error page texts', () => {
  it('uses the spec wording for unknown routes, invalid routes and titles', () => {
    expect(notFoundMessage('/nope')).toBe('Page not found: /nope');
    expect(invalidRouteMessage('/users/abc')).toBe('Page Not Found: /users/abc');
    expect(errorTitle(404)).toBe('Page Not Found');
    expect(errorTitle(500)).toBe('Internal Server Error');
    expect(errorTitle(503)).toBe('Internal Server Error');
  });

  it('shows encoded paths readably and keeps broken encodings as they are', () => {
    expect(displayPath('/%E6%95%B0%E6%8D%AE')).toBe('/数据');
    expect(displayPath('/%E6%95')).toBe('/%E6%95');
  });
});

describe('isCrawler', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  ])('recognises %s', (ua) => {
    expect(isCrawler(ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
    '',
  ])('lets people through: %s', (ua) => {
    expect(isCrawler(ua)).toBe(false);
  });

  it('treats a missing user agent as a person', () => {
    expect(isCrawler(null)).toBe(false);
    expect(isCrawler(undefined)).toBe(false);
  });
});
