/**
 * The create form when the server published but its answer was lost on the way back (a dropped
 * connection, a proxy's timeout): the form says the network failed; pressing Publish again sends
 * the same Idempotency-Key, so it opens the dataset already made and publishes no second one.
 * A small file goes as JSON, a large one (over 8 MB) as a stream.
 */
import type { APIRequestContext } from '@playwright/test';
import { localePrefix } from '../../src/i18n/locales.ts';
import { LARGE_FILE_BYTES } from '../../src/lib/tables/draft.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const line = '北京,21893095\n';
const cases = [
  { locale: 'zh-CN', size: 'small', csv: '城市,人口\n北京,21893095\n上海,24870895\n' },
  {
    locale: 'en-US',
    size: 'large',
    csv: '城市,人口\n' + line.repeat(Math.ceil(LARGE_FILE_BYTES / line.length) + 10),
  },
] as const;

/** The ids of the datasets `token`'s owner has, as the API lists them. */
async function mine(request: APIRequestContext, token: string): Promise<number[]> {
  const res = await request.get('/api/v1/datasets/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { datasets: { id: number }[] }).datasets.map((d) => d.id);
}

for (const { locale, size, csv } of cases) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`a publish whose answer is lost in ${locale}`, () => {
    test.use({ locale });

    test(`Publish pressed again opens the one dataset made (${size} file)`, async ({
      page,
      request,
      account,
      signIn,
      uniqueName,
    }) => {
      await signIn(page, account);
      const keys: (string | undefined)[] = [];
      await page.route(/\/api\/v1\/datasets(\?.*)?$/, async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        keys.push(route.request().headers()['idempotency-key']);
        if (keys.length > 1) return route.fallback();
        // The server handles the create; its answer never reaches the page.
        await route.fetch();
        return route.abort('failed');
      });
      await page.goto(at('/datasets/create'));
      const name = uniqueName('lost');
      await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill(name);
      await page
        .getByLabel(t('datasets:table.file'), { exact: true })
        .setInputFiles({ name: 'cities.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const publish = page.getByRole('button', { name: t('datasets:create.submit'), exact: true });
      await publish.click();

      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: t('errors:NETWORK_ERROR') })
          .first(),
      ).toBeVisible();
      const [made] = await mine(request, account.token);
      expect(await mine(request, account.token)).toEqual([made]);

      await publish.click();
      await expect(page).toHaveURL((url) => url.pathname === at(`/datasets/${made}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      expect(await mine(request, account.token)).toEqual([made]);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
      expect(keys[1]).toBe(keys[0]);
    });
  });
}
