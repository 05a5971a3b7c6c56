/**
 * docs/deploy.md for real: nginx (deploy/nginx.conf) in front of two Sheaf processes that share
 * one PostgreSQL and one table folder. What one process writes, the other serves at once; the
 * login throttle and download counting are shared; a rolling restart fails no request.
 */
import { startCluster, type Cluster } from '../support/deploy-cluster.ts';
import { expect, PASSWORD, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';
const basePort = Number(process.env['E2E_PORT']) + 100;

let cluster: Cluster;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster({ basePort });
});
test.afterAll(async () => {
  await cluster?.stop();
});

type Account = { username: string; auth: { authorization: string } };

/** Registers `username` through `base` (an origin or nginx). */
async function register(base: string, username: string): Promise<Account> {
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { access_token: string };
  return { username, auth: { authorization: `Bearer ${body.access_token}` } };
}

async function publishCsv(base: string, who: Account, name: string, csv: string) {
  const res = await fetch(`${base}/api/v1/datasets?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { ...who.auth, 'content-type': 'text/csv' },
    body: csv,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; version: number };
}

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

test('a write through one process is what the other serves at once', async ({ uniqueName }) => {
  const owner = await register(cluster.originUrl(0), uniqueName('d'));
  const name = uniqueName('Shared ');
  const dataset = await publishCsv(cluster.originUrl(0), owner, name, 'city,n\nA,1\nB,2\n');
  const other = cluster.originUrl(1);
  // The other process has it cached: its home page (anonymous page cache) and its list total.
  const home = () => fetch(`${other}/`, { headers: { cookie: 'locale=zh-CN' } });
  await expect.poll(async () => (await home()).text()).toContain(name);
  const total = async () =>
    (await json(await fetch(`${other}/api/v1/datasets?search=${encodeURIComponent(name)}`)))[
      'total'
    ];
  expect(await total()).toBe(1);

  const madePrivate = await fetch(`${cluster.originUrl(0)}/api/v1/datasets/${dataset.id}`, {
    method: 'PUT',
    headers: { ...owner.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ is_public: false }),
  });
  expect(madePrivate.status).toBe(200);
  // At once, no waiting: the other process forgot what it had cached.
  expect(await (await home()).text()).not.toContain(name);
  expect(await total()).toBe(0);
  expect((await fetch(`${other}/api/v1/datasets/${dataset.id}`)).status).toBe(404);
  // The owner's token, issued by the first process, works on the second.
  const own = await fetch(`${other}/api/v1/datasets/${dataset.id}`, { headers: owner.auth });
  expect(own.status).toBe(200);
});

test('the login throttle counts guesses made on every process', async ({ uniqueName }) => {
  const account = await register(cluster.originUrl(0), uniqueName('d'));
  // LOGIN_MAX_FAILURES=3 in the cluster: three wrong guesses spread over both processes…
  const guess = (index: number, password: string) =>
    fetch(`${cluster.originUrl(index)}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: account.username, password }),
    });
  expect((await guess(0, 'wrong-1')).status).toBe(401);
  expect((await guess(1, 'wrong-2')).status).toBe(401);
  expect((await guess(0, 'wrong-3')).status).toBe(401);
  // …lock the account on both, even for the right password.
  const locked = await guess(1, PASSWORD);
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await guess(0, PASSWORD)).status).toBe(429);
});

test('a download is counted once for one downloader, whichever process sends it', async ({
  uniqueName,
}) => {
  const owner = await register(cluster.originUrl(0), uniqueName('d'));
  const dataset = await publishCsv(
    cluster.originUrl(1),
    owner,
    uniqueName('Counted '),
    'a\n1\n2\n',
  );
  const download = (index: number) =>
    fetch(`${cluster.originUrl(index)}/api/v1/datasets/${dataset.id}/versions/1/download`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
  for (const index of [0, 1, 0, 1]) {
    const res = await download(index);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('a\r\n1\r\n2\r\n');
  }
  const detail = await json(await fetch(`${cluster.originUrl(0)}/api/v1/datasets/${dataset.id}`));
  expect(detail['download_count']).toBe(1);
});

test('the API reference opens through nginx at its own address, in both locales', async () => {
  for (const [path, locale] of [
    ['/api', 'zh-CN'],
    ['/en-US/api', 'en-US'],
  ] as const) {
    const res = await fetch(`${cluster.url}${path}`, {
      redirect: 'manual',
      headers: { cookie: `locale=${locale}` },
    });
    expect([path, res.status]).toEqual([path, 200]);
    expect(await res.text()).toContain('/api/v1/openapi.json');
  }
});

test('pages and the API through nginx, in both locales, signed in and out', async ({
  newPage,
  uniqueName,
}) => {
  const account = await register(cluster.url, uniqueName('d'));
  const owner = await register(cluster.url, uniqueName('d'));
  const shared = await publishCsv(cluster.url, owner, uniqueName('Edge '), 'x,y\n1,2\n');
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const t = translator(locale);
    const at = (p: string) => `${cluster.url}${locale === 'en-US' ? '/en-US' : ''}${p}`;
    const page = await newPage({ locale });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));

    // Reading: hashed assets from disk with a year's caching, pages from the origins.
    await page.goto(at('/terms'));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await page.goto(at(`/datasets/${shared.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Sign in; favourite and unfavourite (a POST and a DELETE through the proxy).
    await page.goto(at('/auth/login'));
    const asset = await page.evaluate(
      () => document.querySelector('astro-island')?.getAttribute('component-url') ?? '',
    );
    expect(asset).toMatch(/^\/_astro\//);
    const assetRes = await page.request.get(`${cluster.url}${asset}`);
    expect(assetRes.status()).toBe(200);
    expect(assetRes.headers()['cache-control']).toContain('immutable');
    await page.getByLabel(t('auth:login.identifier'), { exact: true }).fill(account.username);
    await page.getByLabel(t('auth:login.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === (locale === 'en-US' ? '/en-US' : '/'));
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('auth-store') ?? ''))
      .toContain(`"username":"${account.username}"`);
    await page.goto(at(`/datasets/${shared.id}`));
    const favorite = page.getByRole('button', { name: t('community:favorite.button') });
    await expect(favorite).toHaveAttribute('aria-pressed', 'false');
    await favorite.click();
    await expect(favorite).toHaveAttribute('aria-pressed', 'true');
    await favorite.click();
    await expect(favorite).toHaveAttribute('aria-pressed', 'false');

    // Edit the profile (a PUT), then publish a small dataset from a file.
    await page.goto(at('/profile'));
    const bio = `${locale} ${uniqueName('bio ')}`;
    await page.getByLabel(t('auth:profile.bio'), { exact: true }).fill(bio);
    await page.getByRole('button', { name: t('auth:profile.save'), exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: t('auth:profile.saved') }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(t('auth:profile.bio'), { exact: true })).toHaveValue(bio);

    const name = uniqueName(locale === 'zh-CN' ? '边缘 ' : 'Edge table ');
    await page.goto(at('/datasets/create'));
    await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill(name);
    await page
      .getByLabel(t('datasets:table.file'), { exact: true })
      .setInputFiles({ name: 't.csv', mimeType: 'text/csv', buffer: Buffer.from('k,v\na,1\n') });
    await expect(page.getByTestId('validation-status')).toHaveText(t('datasets:validation.valid'));
    await page.getByRole('button', { name: t('datasets:create.submit'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Sign out from the account menu.
    await page.getByRole('button', { name: account.username, exact: true }).click();
    const loaded = page.waitForEvent('load');
    await page.getByRole('button', { name: t('common:nav.logout'), exact: true }).click();
    await loaded;
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('auth-store') ?? ''))
      .not.toContain(account.username);
    expect(problems).toEqual([]);
    await page.context().close();
  }
});

test('a rolling restart of both processes fails no request', async ({ uniqueName }) => {
  test.setTimeout(180_000);
  const owner = await register(cluster.url, uniqueName('d'));
  const rows = Array.from({ length: 120_000 }, (_, i) => `${i},城市${i},${i * 7}`).join('\n');
  const big = await publishCsv(cluster.url, owner, uniqueName('Big '), `id,city,n\n${rows}\n`);
  const downloadUrl = (base: string) => `${base}/api/v1/datasets/${big.id}/versions/1/download`;
  const expectedBytes = (await (await fetch(downloadUrl(cluster.url))).arrayBuffer()).byteLength;

  let running = true;
  const failures: string[] = [];
  let requests = 0;
  const paths = ['/api/v1/datasets', `/datasets/${big.id}`, '/', '/terms', '/api/v1/health'];
  const client = async (offset: number) => {
    for (let i = offset; running; i++) {
      const target = `${cluster.url}${paths[i % paths.length]}`;
      try {
        const res = await fetch(target, { headers: { cookie: 'locale=zh-CN' } });
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`${res.status} ${target}`);
      } catch (err) {
        failures.push(`${String(err)} ${target}`);
      }
      requests++;
    }
  };
  const clients = [0, 1, 2, 3].map(client);

  // A download from the first process, in flight while it is told to stop: it still completes.
  const slow = await fetch(downloadUrl(cluster.originUrl(0)));
  const reader = slow.body!.getReader();
  let received = (await reader.read()).value?.byteLength ?? 0;
  const restarting = cluster.restart(0);
  await new Promise((r) => setTimeout(r, 300));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
  }
  await restarting;
  await cluster.restart(1);
  running = false;
  await Promise.all(clients);

  expect(received).toBe(expectedBytes);
  expect(failures).toEqual([]);
  expect(requests).toBeGreaterThan(50);
});
