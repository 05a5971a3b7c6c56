import { localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { sideways } from '../support/phone.ts';
import { translator } from '../support/translator.ts';

/**
 * A thread with a reply and a mention, started and read on the dataset page, and the reply
 * reported to the owner, in each locale and width.
 */
for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
  const t = translator(locale);
  const at = (p: string) => `${localePrefix(locale)}${p}`;
  for (const width of [390, 1280]) {
    test.describe(`discussions in ${locale} at ${width}px`, () => {
      test.use({ locale, viewport: { width, height: 844 } });

      test('a reader starts a thread, the owner replies with a mention and sees the reply reported, a guest reads both', async ({
        page,
        newPage,
        createAccount,
        createDataset,
        signIn,
      }) => {
        const owner = await createAccount({ prefix: 'o' });
        const reader = await createAccount({ prefix: 'r' });
        const dataset = await createDataset(owner, { name: 'Tide gauges', is_public: true });

        await signIn(page, reader);
        await page.goto(at(`/datasets/${dataset.id}?tab=discussions`));
        await expect(page.getByText(t('discussions:empty'))).toBeVisible();
        await page.getByLabel(t('discussions:new.title')).fill('Where is Qingdao?');
        await page
          .getByLabel(t('discussions:new.body'))
          .fill(
            'Hello <script>window.pwned=1</script> **bold**\n\n[tap](javascript:window.pwned=2) <svg onload="window.pwned=3"></svg>',
          );
        await page.getByRole('button', { name: t('discussions:new.submit') }).click();
        await expect(page).toHaveURL(/\/discussions\/\d+$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where is Qingdao?');
        const body = page.getByTestId('discussion-body');
        await expect(body).toContainText('<script>window.pwned=1</script>');
        await expect(body.locator('strong')).toHaveText('bold');
        await expect(body.locator('script')).toHaveCount(0);
        const threadUrl = page.url();

        const ownerPage = await newPage();
        await signIn(ownerPage, owner);
        await ownerPage.goto(threadUrl);
        await ownerPage
          .getByLabel(t('discussions:reply.body'))
          .fill(`@${reader.username} it comes in the next version.`);
        await ownerPage.getByRole('button', { name: t('discussions:reply.submit') }).click();
        await expect(ownerPage.getByTestId('comment')).toContainText(
          `@${reader.username} it comes in the next version.`,
        );

        // The reader reports the owner's reply; the owner finds it on the discussions tab.
        await page.reload();
        page.once('dialog', (dialog) => void dialog.accept('Not about tides'));
        await page.getByRole('button', { name: t('discussions:report') }).click();
        await expect(page.getByText(t('discussions:reported'))).toBeVisible();
        await ownerPage.goto(at(`/datasets/${dataset.id}?tab=discussions`));
        await expect(
          ownerPage.getByRole('heading', { name: t('discussions:reports.heading') }),
        ).toBeVisible();
        const reported = ownerPage.getByTestId('comment-report');
        await expect(reported).toHaveCount(1);
        await expect(reported).toContainText('it comes in the next version.');
        await expect(reported).toContainText(
          t('discussions:reports.by', { name: reader.user.nickname || reader.username }),
        );
        await expect(reported).toContainText(
          t('discussions:reports.reason', { reason: 'Not about tides' }),
        );
        const commentLink = reported.getByRole('link', { name: 'Where is Qingdao?' });
        await expect(commentLink).toHaveAttribute('href', /\/discussions\/\d+#comment-\d+$/);
        await commentLink.click();
        await expect(ownerPage.getByTestId('comment')).toContainText(
          `@${reader.username} it comes in the next version.`,
        );

        const guest = await newPage();
        await guest.goto(at(`/datasets/${dataset.id}?tab=discussions`));
        const tab = guest.locator('a[data-view-tab="discussions"]');
        await expect(tab).toHaveAttribute('aria-current', 'page');
        await expect(tab).toContainText('1');
        const list = guest.getByTestId('discussion-list');
        await expect(list).toContainText('Where is Qingdao?');
        await expect(list).toContainText(t('discussions:replies', { count: '1' }));
        await expect(list).toContainText(t('discussions:state.open'));
        await guest.getByRole('link', { name: 'Where is Qingdao?' }).click();
        await expect(guest.getByTestId('comment')).toHaveCount(1);
        await expect(guest.getByTestId('comment')).toContainText(`@${reader.username}`);
        await expect(guest.getByRole('link', { name: t('discussions:signIn') })).toBeVisible();
        expect(await guest.evaluate(() => 'pwned' in window)).toBe(false);
        // The page as the server sent it: the body's HTML is text, its link has no URL, and
        // nothing of it runs (the description meta tag quotes it as an attribute's text).
        const html = await (await guest.request.get(threadUrl)).text();
        expect(html).toContain('<p>Hello &lt;script&gt;window.pwned=1&lt;/script&gt;');
        expect(html).toContain('<p>tap &lt;svg onload=');
        const read = guest.getByTestId('discussion-body');
        await expect(read.locator('script, svg, a[href^="javascript"]')).toHaveCount(0);
        expect(await sideways(guest)).toBe(0);
      });
    });
  }
}
