/**
 * docs/deploy.md, "Static host": the export of `npm run build:static` on a plain static file
 * host (files and 404.html, no proxying) and a Sheaf origin on another port for the API and the
 * server-rendered pages. What a visitor of the static host sees: the page in their language on a
 * first visit, the 404 page, signing in and landing signed in on the origin, links that work.
 */
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startCluster, type Cluster } from '../support/deploy-cluster.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { startStaticHost } from '../support/static-host.ts';
import { translator } from '../support/translator.ts';

const staticPort = Number(process.env['E2E_PORT']) + 200;
const staticUrl = `http://127.0.0.1:${staticPort}`;
let cluster: Cluster;
let origin: string;
let host: Server;
let folder: string;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The origin's own port is the next one; it lets the static host's pages call it (CORS).
  cluster = await startCluster({
    basePort: staticPort,
    origins: 1,
    edge: false,
    env: { PUBLIC_SITE_URL: staticUrl, ORIGIN_URL: `http://127.0.0.1:${staticPort + 1}/` },
  });
  origin = cluster.originUrl(0);
  folder = mkdtempSync(path.join(tmpdir(), 'sheaf-static-'));
  const exported = spawnSync(
    process.execPath,
    ['scripts/build-static.ts', '--origin', origin, '--out', folder],
    { encoding: 'utf8' },
  );
  expect(exported.status, exported.stderr).toBe(0);
  host = await startStaticHost(folder, staticPort);
});
test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
  await cluster?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The page's script errors and Content-Security-Policy refusals. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  return problems;
}

/** A new account on the origin (through its API); its access token. */
async function registerOnOrigin(username: string): Promise<string> {
  const registered = await fetch(`${origin}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD }),
  });
  expect(registered.status).toBe(201);
  return ((await registered.json()) as { access_token: string }).access_token;
}

test('a first visit shows the page in the browser language, and a choice is remembered', async ({
  newPage,
}) => {
  const english = await newPage({ locale: 'en-US' });
  const problems = problemsOf(english);
  await english.goto(`${staticUrl}/terms`);
  await expect(english).toHaveURL(`${staticUrl}/en-US/terms`);
  await expect(english.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  // `?lang=` is an explicit choice: its page is shown and it outweighs the browser's language.
  await english.goto(`${staticUrl}/en-US/privacy?lang=zh-CN`);
  await expect(english).toHaveURL(`${staticUrl}/privacy`);
  await english.goto(`${staticUrl}/terms`);
  await expect(english.getByRole('heading', { level: 1 })).toHaveText('服务条款');
  await expect(english.locator('html')).toHaveAttribute('lang', 'zh-CN');

  const chinese = await newPage({ locale: 'zh-CN' });
  problems.push(...problemsOf(chinese));
  await chinese.goto(`${staticUrl}/terms`);
  await expect(chinese.getByRole('heading', { level: 1 })).toHaveText('服务条款');
  await expect(chinese).toHaveURL(`${staticUrl}/terms`);
  expect(problems).toEqual([]);
});

test('an unknown address shows the 404 page, then the origin answers for it', async ({
  newPage,
  axe,
}) => {
  const noScripts = await newPage({ locale: 'en-US', javaScriptEnabled: false });
  const response = await noScripts.goto(`${staticUrl}/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(noScripts.getByRole('heading', { name: '找不到页面' })).toBeVisible();
  await expect(noScripts.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(noScripts.getByRole('link', { name: 'Sheaf home page' })).toHaveAttribute(
    'href',
    `${origin}/en-US`,
  );
  // axe needs scripts: the same page for it, with the forward taken out.
  const checked = await newPage({ locale: 'en-US' });
  await checked.route(`${staticUrl}/no-such-page`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script>[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body });
  });
  await checked.goto(`${staticUrl}/no-such-page`);
  await expect(checked.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await axe(checked);

  const page = await newPage({ locale: 'en-US' });
  const problems = problemsOf(page);
  await page.goto(`${staticUrl}/en-US/no-such-page`);
  await expect(page).toHaveURL(`${origin}/en-US/no-such-page`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Page Not Found', // the spec's English title, in every locale
  );
  expect(problems).toEqual([]);
});

test('signing in on the static host lands on the origin home page, signed in', async ({
  newPage,
  uniqueName,
}) => {
  const username = uniqueName('s');
  await registerOnOrigin(username);

  const t = translator('zh-CN');
  const page = await newPage({ locale: 'zh-CN' });
  const problems = problemsOf(page);
  await page.goto(`${staticUrl}/auth/login`);
  await page.getByLabel(t('auth:login.identifier'), { exact: true }).fill(username);
  await page.getByLabel(t('auth:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
  // The account menu's button, with the person's name.
  await expect(page.getByRole('button', { name: username, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: t('common:nav.login'), exact: true })).toBeHidden();
  expect(problems).toEqual([]);
});

test('links from the static pages to server-rendered pages open on the origin', async ({
  newPage,
}) => {
  const t = translator('zh-CN');
  const page = await newPage({ locale: 'zh-CN' });
  await page.goto(`${staticUrl}/terms`);
  const menu = page.getByRole('navigation', { name: t('common:nav.menu') }).first();
  // A prerendered page stays on the static host; a server-rendered one is the origin's.
  await expect(menu.getByRole('link', { name: t('common:nav.news') })).toHaveAttribute(
    'href',
    '/news',
  );
  await menu.getByRole('link', { name: t('common:nav.datasets') }).click();
  await expect(page).toHaveURL(`${origin}/datasets`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An address the static host lacks, as an island's link would give it, ends up there too.
  await page.goto(`${staticUrl}/leaderboard`);
  await expect(page).toHaveURL(`${origin}/leaderboard`);
});

test('server-rendered pages, the sitemap and the dataset metadata name the origin', async ({
  newPage,
  uniqueName,
}) => {
  const token = await registerOnOrigin(uniqueName('o'));
  const created = await fetch(`${origin}/api/v1/datasets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: uniqueName('d'), attributes: ['a'], entries: [[1]] }),
  });
  expect(created.status).toBe(201);
  const dataset = (await created.json()) as { id: number };
  const page = await newPage({ locale: 'en-US' });
  await page.goto(`${origin}/en-US/datasets/${dataset.id}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${origin}/en-US/datasets/${dataset.id}`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute(
    'href',
    `${origin}/datasets/${dataset.id}`,
  );
  const croissant = (await (
    await fetch(`${origin}/api/v1/datasets/${dataset.id}/croissant`)
  ).json()) as { url: string };
  expect(croissant.url).toBe(`${origin}/datasets/${dataset.id}`);
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${origin}/datasets/${dataset.id}</loc>`);
  expect(sitemap).toContain(`<loc>${origin}/leaderboard</loc>`);
  expect(sitemap).not.toContain(`${origin}/terms<`);
});
