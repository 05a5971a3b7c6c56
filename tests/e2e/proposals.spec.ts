import type { APIRequestContext } from '@playwright/test';
import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { sideways } from '../support/phone.ts';
import { translator } from '../support/translator.ts';

const COLUMNS = ['id', 'city', 'people'];
const rows = (dalian: number, xiamen: number) => [
  [1, 'Qingdao', 100],
  [2, 'Dalian', dalian],
  [3, 'Xiamen', xiamen],
];

/** Publishes `entries` as the next version of a dataset (the whole table), through the API. */
async function publish(
  request: APIRequestContext,
  token: string,
  datasetId: number,
  entries: (string | number)[][],
) {
  const published = await request.post(`/api/v1/datasets/${datasetId}/versions`, {
    headers: { authorization: `Bearer ${token}` },
    data: { attributes: COLUMNS, entries, changelog: 'people counted again' },
  });
  expect(published.status()).toBe(201);
}

/**
 * Proposals (docs/proposals.md): a reader forks a keyed dataset, publishes an edited version of
 * the fork and proposes it from the fork's page; the owner changes one of the same rows, so the
 * proposal page shows a conflict with both values; the proposer points the proposal at a newer
 * fork version, the owner merges it, and a guest sees the proposer among the contributors. A
 * comment with a mention goes on the proposal's thread. One locale at phone width, the other
 * at desktop width; the proposal page is checked for sideways scrolling at both.
 */
for (const [locale, width] of [
  ['zh-CN', 390],
  ['en-US', 1280],
] as const satisfies readonly (readonly [Locale, number])[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;
  test.describe(`proposals in ${locale} at ${width}px`, () => {
    test.use({ locale, viewport: { width, height: 844 } });

    test('fork, propose, conflict, update, merge, contributor, mention', async ({
      page,
      request,
      newPage,
      createAccount,
      createDataset,
      signIn,
      uniqueName,
    }) => {
      const owner = await createAccount({ prefix: 'o' });
      const proposer = await createAccount({ prefix: 'p' });
      const name = uniqueName('Coastal cities');
      const dataset = await createDataset(owner, {
        name,
        is_public: true,
        attributes: COLUMNS,
        entries: rows(200, 300),
        key_columns: ['id'],
      });
      const forked = await request.post(`/api/v1/datasets/${dataset.id}/fork`, {
        headers: { authorization: `Bearer ${proposer.token}` },
        data: { name: `${name} fixes`, is_public: true },
      });
      expect(forked.status()).toBe(201);
      const fork = (await forked.json()) as { id: number };
      await publish(request, proposer.token, fork.id, rows(250, 310));

      // The proposer proposes the fork's latest version from the fork's page.
      await signIn(page, proposer);
      await page.goto(at(`/datasets/${fork.id}`));
      await page.getByRole('link', { name: t('datasets:owner.propose') }).click();
      await page.getByLabel(t('proposals:new.title')).fill('Dalian and Xiamen recounted');
      await page.getByLabel(t('proposals:new.body')).fill('From the **2025** census.');
      await page.getByRole('button', { name: t('proposals:new.submit') }).click();
      await expect(page).toHaveURL(/\/proposals\/\d+$/);
      const proposalUrl = page.url();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Dalian and Xiamen recounted',
      );
      await expect(page.getByTestId('proposal-applies')).toBeVisible();
      await expect(page.getByTestId('proposal-rows')).toContainText('310');

      // The owner changes Dalian too, differently: a conflict with both values.
      await publish(request, owner.token, dataset.id, rows(220, 300));
      const ownerPage = await newPage();
      await signIn(ownerPage, owner);
      await ownerPage.goto(proposalUrl);
      const conflicts = ownerPage.getByTestId('proposal-conflicts');
      await expect(conflicts).toContainText('people: 220');
      await expect(conflicts).toContainText('people: 250');
      await expect(ownerPage.getByText(t('proposals:tools.conflicts'))).toBeVisible();
      expect(await sideways(ownerPage)).toBeLessThanOrEqual(0);

      // The proposer takes the owner's Dalian in a newer fork version and points the proposal at it.
      await publish(request, proposer.token, fork.id, rows(220, 310));
      await page.reload();
      await page.getByLabel(t('proposals:tools.forkVersion')).fill('3');
      await page.getByRole('button', { name: t('proposals:tools.send') }).click();
      await expect(page.getByTestId('proposal-applies')).toBeVisible();

      // The owner merges; the proposal names the new version.
      await ownerPage.reload();
      ownerPage.once('dialog', (dialog) => void dialog.accept());
      await ownerPage.getByRole('button', { name: t('proposals:tools.merge') }).click();
      await expect(ownerPage.getByTestId('proposal-state')).toHaveText(t('proposals:state.merged'));
      await expect(ownerPage.getByTestId('proposal-facts')).toContainText(
        t('proposals:facts.merged', { version: '3' }),
      );

      // A comment with a mention on the proposal's thread.
      await page.reload();
      await page.getByLabel(t('discussions:reply.body')).fill(`@${owner.username} thank you!`);
      await page.getByRole('button', { name: t('discussions:reply.submit') }).click();
      await expect(page.getByTestId('comment')).toContainText(`@${owner.username} thank you!`);

      // A guest sees the proposer among the contributors and the proposal among the merged.
      const guest = await newPage();
      await guest.goto(at(`/datasets/${dataset.id}?tab=card`));
      await expect(guest.getByTestId('contributors')).toContainText(
        proposer.user.nickname || proposer.username,
      );
      await guest.goto(at(`/datasets/${dataset.id}?tab=proposals&state=merged`));
      await expect(guest.getByTestId('proposal-list')).toContainText('Dalian and Xiamen recounted');
      await guest.goto(proposalUrl);
      await expect(guest.getByTestId('comment')).toContainText(`@${owner.username}`);
      for (const w of [390, 1280]) {
        await guest.setViewportSize({ width: w, height: 844 });
        expect(await sideways(guest), `${locale} at ${w}px scrolls sideways`).toBeLessThanOrEqual(
          0,
        );
      }
    });
  });
}
