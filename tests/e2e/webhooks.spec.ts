import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

type Received = { headers: http.IncomingHttpHeaders; raw: Buffer };

/** A receiver on loopback that answers 200 and keeps what it was sent. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => server.close() };
}

/** A webhook added on the profile, sent a signed new version, its log read, then deleted. */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const path = (p: string) => `${localePrefix(locale)}${p}`;

  test.describe(`webhooks in ${locale}`, () => {
    test.use({ locale });

    test('add a webhook, receive a signed delivery, read its log, delete it', async ({
      page,
      request,
      account,
      signIn,
      createDataset,
      uniqueName,
      axe,
    }) => {
      const receiver = await startReceiver();
      try {
        const dataset = await createDataset(account, { name: uniqueName('hooked') });
        await signIn(page, account);
        await page.goto(path('/profile'));
        const hooks = page.getByRole('region', { name: t('webhooks:heading') });
        await hooks.scrollIntoViewIfNeeded();
        const add = hooks.getByRole('button', { name: t('webhooks:create'), exact: true });
        await add.click();
        await expect(hooks.getByText(t('webhooks:urlInvalid'))).toBeVisible();
        await hooks.getByLabel(t('webhooks:url')).fill(receiver.url);
        await hooks.getByLabel(t('webhooks:dataset')).fill(String(dataset.id));
        await add.click();
        const secret = (await hooks.getByTestId('webhook-secret').textContent()) ?? '';
        expect(secret).toMatch(/^whsec_/);
        const row = hooks.getByRole('listitem').filter({ hasText: receiver.url });
        await expect(row).toContainText(t('webhooks:oneDataset', { id: String(dataset.id) }));
        await expect(row).toContainText(t('webhooks:noDeliveries'));
        await axe(page);

        const published = await request.post(`/api/v1/datasets/${dataset.id}/versions`, {
          headers: { authorization: `Bearer ${account.token}` },
          data: { attributes: ['名称', '数量'], entries: [['苹果', 4]] },
        });
        expect(published.status()).toBe(201);
        await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
        const got = receiver.received[0]!;
        const signature = createHmac('sha256', secret).update(got.raw).digest('hex');
        expect(got.headers['x-sheaf-signature']).toBe(`sha256=${signature}`);
        expect(JSON.parse(got.raw.toString())).toMatchObject({
          dataset_id: dataset.id,
          version: 2,
        });

        // After a reload the secret is gone, and the log shows the delivery with its status.
        await expect(async () => {
          await page.reload();
          await expect(row.getByTestId('webhook-deliveries')).toContainText(
            t('webhooks:state.delivered'),
            { timeout: 1_000 },
          );
        }).toPass({ timeout: 15_000 });
        await expect(hooks.getByTestId('webhook-secret')).toHaveCount(0);
        await expect(row.getByTestId('webhook-deliveries')).toContainText('200');

        await row
          .getByRole('button', { name: t('webhooks:deleteLabel', { url: receiver.url }) })
          .click();
        await row.getByRole('button', { name: t('webhooks:deleteConfirm') }).click();
        await expect(page.getByText(t('webhooks:deleted'))).toBeVisible();
        await expect(row).toHaveCount(0);
        await expect(hooks.getByText(t('webhooks:none'))).toBeVisible();
      } finally {
        receiver.close();
      }
    });
  });
}
