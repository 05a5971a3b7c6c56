import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

type Locale = 'zh-CN' | 'en-US';
const prefix = (locale: Locale) => (locale === 'en-US' ? '/en-US' : '');

/** The reading pages and what a reader must find on each. */
const PAGES = [
  {
    path: '/terms',
    title: { 'zh-CN': '服务条款', 'en-US': 'Terms of Service' },
    sample: {
      'zh-CN': '你保留对自己数据集的全部权利',
      'en-US': 'You keep all rights to your datasets',
    },
  },
  {
    path: '/privacy',
    title: { 'zh-CN': '隐私政策', 'en-US': 'Privacy Policy' },
    sample: { 'zh-CN': 'auth-store', 'en-US': 'auth-store' },
  },
  {
    path: '/news',
    title: { 'zh-CN': '新闻', 'en-US': 'News' },
    sample: { 'zh-CN': 'Sheaf 正式上线', 'en-US': 'Introducing Sheaf' },
  },
  {
    path: '/news/introducing-sheaf',
    title: { 'zh-CN': 'Sheaf 正式上线', 'en-US': 'Introducing Sheaf' },
    sample: { 'zh-CN': '开放源代码', 'en-US': 'Open source' },
  },
] as const;

const LOCALES: Locale[] = ['zh-CN', 'en-US'];

/** A visitor who already chose `locale` (so a first-visit redirect never interferes). */
async function visitorIn(context: BrowserContext, locale: Locale, baseURL: string) {
  await context.addCookies([{ name: 'locale', value: locale, url: baseURL }]);
}

/** Parses XML in the browser; throws when it is not well-formed. */
async function parseXml(page: Page, xml: string, selector: string): Promise<string[]> {
  return page.evaluate(
    ([text, sel]) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) throw new Error('not well-formed XML');
      return [...doc.querySelectorAll(sel)].map((n) => n.textContent ?? '');
    },
    [xml, selector] as const,
  );
}

for (const locale of LOCALES) {
  for (const p of PAGES) {
    const url = `${prefix(locale)}${p.path}`;
    test(`${url}: content, language and no accessibility violations`, async ({
      page,
      context,
      baseURL,
      axe,
    }) => {
      await visitorIn(context, locale, baseURL!);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1, name: p.title[locale] })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(p.sample[locale]);
      await expect(page).toHaveTitle(new RegExp(`^${p.title[locale]} · Sheaf$`));
      // A reading page loads no JavaScript: its scripts are the header's few hundred inline
      // bytes that swap the sign-in links for the signed-in person's name, those that show the
      // inbox link with its unread count, and the phone menu's that close it on Escape or a tap
      // outside.
      expect(await page.locator('script[src], script[type="module"]').count()).toBe(0);
      const inline = page.locator('script:not([type="application/ld+json"])');
      await expect(inline).toHaveCount(3);
      for (const script of await inline.all()) {
        expect(((await script.textContent()) ?? '').length).toBeLessThan(1_000);
      }
      await expect(
        page.locator(
          '[data-header-account] script, script[data-header-inbox-script], script[data-header-menu-script]',
        ),
      ).toHaveCount(3);

      await axe(page, ['wcag2a', 'wcag2aa', 'wcag21aa']);
    });
  }

  test(`${locale}: header and footer links to news, terms and privacy resolve`, async ({
    page,
    context,
    baseURL,
  }) => {
    await visitorIn(context, locale, baseURL!);
    await page.goto(`${prefix(locale)}/terms`);
    const en = locale === 'en-US';
    const links = [
      page
        .getByRole('banner')
        .getByRole('navigation', { name: en ? 'Main navigation' : '主导航' })
        .getByRole('link', { name: en ? 'News' : '新闻' }),
      page
        .getByRole('contentinfo')
        .getByRole('link', { name: en ? 'Terms of Service' : '服务条款' }),
      page.getByRole('contentinfo').getByRole('link', { name: en ? 'Privacy Policy' : '隐私政策' }),
    ];
    const expected = ['/news', '/terms', '/privacy'].map((path) => `${prefix(locale)}${path}`);
    for (const [i, link] of links.entries()) {
      const href = await link.getAttribute('href');
      expect(href).toBe(expected[i]);
      const res = await page.request.get(href!);
      expect(res.status()).toBe(200);
    }
    // Following one for real lands on the page in the same language.
    await links[2]!.click();
    await expect(page).toHaveURL(new RegExp(`${expected[2]}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
  });
}

test('the language switcher keeps the page', async ({ page, context, baseURL }) => {
  await visitorIn(context, 'zh-CN', baseURL!);
  await page.goto('/terms');
  await page
    .getByRole('navigation', { name: '语言' })
    .getByRole('link', { name: 'English' })
    .click();
  await expect(page).toHaveURL(/\/en-US\/terms$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();

  await page.goto('/en-US/news/publishing-a-dataset');
  await page
    .getByRole('navigation', { name: 'Language' })
    .getByRole('link', { name: '中文' })
    .click();
  await expect(page).toHaveURL(/\/news\/publishing-a-dataset$/);
  await expect(page.getByRole('heading', { level: 1, name: '如何发布一个数据集' })).toBeVisible();
});

test('a post in one language only: no hreflang to the other, and a switch there and back keeps it', async ({
  page,
  context,
  baseURL,
}) => {
  await visitorIn(context, 'zh-CN', baseURL!);
  await page.goto('/news/csv-encoding');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('UTF-8');
  expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(2); // zh-CN, x-default
  await expect(page.locator('link[hreflang="en-US"]')).toHaveCount(0);
  // The switcher leads to the post in the English frame, saying it is only in Chinese.
  await page
    .getByRole('navigation', { name: '语言' })
    .getByRole('link', { name: 'English' })
    .click();
  await expect(page).toHaveURL(/\/en-US\/news\/csv-encoding$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByTestId('news-only-in')).toHaveText(
    'This post is only in Chinese; here it is as written.',
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText('UTF-8');
  await expect(page.locator('article')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // And back: the post, not the news list.
  await page
    .getByRole('navigation', { name: 'Language' })
    .getByRole('link', { name: '中文' })
    .click();
  await expect(page).toHaveURL(/\/news\/csv-encoding$/);
  await expect(page.getByTestId('news-only-in')).toHaveCount(0);
});

test('pages carry canonical, hreflang and Open Graph', async ({ page, context, baseURL }) => {
  await visitorIn(context, 'en-US', baseURL!);
  await page.goto('/en-US/privacy');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe('/en-US/privacy');
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]),
    );
  expect(alternates).toEqual([
    ['zh-CN', '/privacy'],
    ['en-US', '/en-US/privacy'],
    ['x-default', '/privacy'],
  ]);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Privacy Policy · Sheaf',
  );
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_US');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /cookies/);
});

for (const locale of LOCALES) {
  test(`${locale}: the RSS feed is valid XML with this language's posts only`, async ({
    page,
    context,
    baseURL,
  }) => {
    await visitorIn(context, locale, baseURL!);
    await page.goto(`${prefix(locale)}/news`);
    const feedHref = await page
      .locator('link[rel="alternate"][type="application/rss+xml"]')
      .getAttribute('href');
    expect(feedHref).toBe(`${prefix(locale)}/news/rss.xml`);
    const listed = await page.getByRole('main').getByRole('listitem').getByRole('link').all();
    const listedPaths = await Promise.all(listed.map((l) => l.getAttribute('href')));

    const res = await page.request.get(feedHref!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/xml/);
    const xml = await res.text();
    const links = await parseXml(page, xml, 'item > link');
    expect(links.map((l) => new URL(l).pathname).sort()).toEqual([...listedPaths].sort());
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      const path = new URL(link).pathname;
      if (locale === 'en-US') expect(path).toMatch(/^\/en-US\/news\//);
      else expect(path).toMatch(/^\/news\//);
    }
    const hasChineseOnlyPost = links.some((l) => l.endsWith('/news/csv-encoding'));
    expect(hasChineseOnlyPost).toBe(locale === 'zh-CN');
    expect(await parseXml(page, xml, 'channel > language')).toEqual([locale]);
  });
}

test('robots.txt keeps private pages out and points to the sitemap', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const lines = (await res.text()).split('\n');
  const paths = [
    '/debug-auth',
    '/auth/',
    '/profile',
    '/following',
    '/collections',
    '/datasets/my',
    '/datasets/create',
    '/datasets/edit',
    '/datasets/version/create',
  ];
  for (const p of paths) {
    expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Disallow: /en-US${p}`);
  }
  expect(lines).not.toContain('Disallow: /');
  expect(lines).not.toContain('Disallow: /news');
  const sitemap = lines.find((l) => l.startsWith('Sitemap: '));
  expect(new URL(sitemap!.slice('Sitemap: '.length)).pathname).toBe('/sitemap.xml');
});

test('the sitemap lists the static pages and news posts in both languages', async ({
  page,
  request,
}) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/xml/);
  const xml = await res.text();
  await page.goto('about:blank');
  const locs = (await parseXml(page, xml, 'url > loc')).map((l) => new URL(l).pathname);
  for (const path of ['/', '/terms', '/privacy', '/news', '/datasets', '/news/introducing-sheaf']) {
    expect(locs).toContain(path);
    expect(locs).toContain(path === '/' ? '/en-US' : `/en-US${path}`);
  }
  expect(locs).toContain('/news/csv-encoding');
  expect(locs).not.toContain('/en-US/news/csv-encoding');
  expect(locs).not.toContain('/profile');
  expect(xml).toContain('hreflang="x-default"');
});
