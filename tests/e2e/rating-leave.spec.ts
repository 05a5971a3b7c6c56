import { localePrefix } from '../../src/i18n/locales.ts';
import { expect, test } from '../support/fixtures.ts';
import { translator } from '../support/translator.ts';

const locale = 'en-US';
const t = translator(locale);
const at = (p: string) => `${localePrefix(locale)}${p}`;

test.use({ locale });

test('a score stepped to with the arrow keys is saved when the page is left within the pause', async ({
  page,
  request,
  createAccount,
  createDataset,
  signIn,
}) => {
  const author = await createAccount({ prefix: 'a' });
  const reader = await createAccount({ prefix: 'b' });
  const dataset = await createDataset(author, { name: 'Currents', is_public: true });
  await signIn(page, reader);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('auth-store') ?? ''))
    .toContain(`"username":"${reader.username}"`);
  // The page's clock runs only when the test moves it: the pause never ends by itself.
  await page.clock.install();
  await page.goto(at(`/datasets/${dataset.id}`));
  const star = (n: number) =>
    page.getByRole('radio', { name: t('community:rating.star', { count: n }), exact: true });
  await expect(page.getByText(t('community:rating.notRated'))).toBeVisible();
  await page.clock.pauseAt(Date.now() + 1000);
  await star(1).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(star(3)).toBeChecked();

  // Off to another page before the keys rested: the score goes with the page.
  await page.goto(at('/'));
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/datasets/${dataset.id}/rating`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      return ((await res.json()) as { score: number | null }).score;
    })
    .toBe(3);
});
