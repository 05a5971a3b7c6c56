/**
 * What browser tests share, as Playwright fixtures (docs/architecture.md, "Browser tests"):
 * unique names, accounts and datasets made through the API, signing in through the form, the
 * create page opened signed in, pages of their own and the accessibility check. Specs import `test` and `expect` from here.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import type { z } from 'zod';
import type { SessionResponse } from '../../src/contracts/auth.ts';
import type { createDatasetBodySchema, Dataset } from '../../src/contracts/datasets.ts';
import { isLocale, localePrefix, type Locale } from '../../src/i18n/locales.ts';
import { translator } from './translator.ts';

export { expect };

/** The password of every account `createAccount` makes. */
export const PASSWORD = 'correct-horse-9';

/** An account registered through the API, and the session the registration answered. */
type Account = {
  id: number;
  username: string;
  email: string;
  password: string;
  /** The access token, for `authorization: Bearer …`. */
  token: string;
  /** The user as the registration answered it (what the sign-in page stores). */
  user: SessionResponse['user'];
};

type CreateDatasetInput = z.input<typeof createDatasetBodySchema>;
/** The body of a dataset's creation; without a table, two rows of fruit. */
type NewDataset = Omit<CreateDatasetInput, 'attributes' | 'entries'> &
  Partial<Pick<CreateDatasetInput, 'attributes' | 'entries'>>;

/** Who signs in: an account's username (or e-mail) and password. */
type Credentials = Pick<Account, 'username' | 'password'>;

export type Fixtures = {
  /** A name no other test (or earlier run on the same server) has used, starting with `prefix`. */
  uniqueName: (prefix: string) => string;
  /**
   * Registers a fresh account through the API (`prefix` starts its username; `request` is the
   * request context to register with, whose cookie jar gets the refresh cookie: by default the
   * test's own, shared with no page).
   */
  createAccount: (options?: { prefix?: string; request?: APIRequestContext }) => Promise<Account>;
  /** A fresh account, registered through the API; not signed in anywhere. */
  account: Account;
  /** Creates a dataset through the API as `owner` (public unless `is_public: false`). */
  createDataset: (owner: Pick<Account, 'token'>, dataset: NewDataset) => Promise<Dataset>;
  /**
   * A page in a browser context of its own, with the test's options (its locale among them)
   * and `options` on top; closed after the test.
   */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /**
   * Fills in and sends the sign-in form in the test's locale (or `locale`); what follows is the
   * caller's to check.
   */
  submitSignIn: (
    page: Page,
    identifier: string,
    password?: string,
    locale?: Locale,
  ) => Promise<void>;
  /** Signs in through the form in the test's locale (or `locale`) and waits for the home page. */
  signIn: (page: Page, who: Credentials, locale?: Locale) => Promise<void>;
  /**
   * Signs the test's `account` in on `page` (as `signIn`) and opens the create page in the same
   * locale; there types the dataset's `name`, then chooses `files`, each when given.
   */
  openCreateForm: (
    page: Page,
    options?: { locale?: Locale; name?: string; files?: Parameters<Locator['setInputFiles']>[0] },
  ) => Promise<void>;
  /**
   * Fails with the rule and the elements of every axe violation on `page`: all of axe's rules,
   * or only those with the given tags (e.g. `['wcag2a', 'wcag2aa']`).
   */
  axe: (page: Page, tags?: readonly string[]) => Promise<void>;
};

let serial = 0;
function uniqueName(prefix: string): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}`;
}

/** The test's locale (`test.use({ locale })`), which must be one of the site's. */
function siteLocale(locale: string | undefined): Locale {
  if (isLocale(locale)) return locale;
  throw new Error(`the test's locale ${String(locale)} is none of the site's`);
}

/** The fixtures of every browser test. */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
  uniqueName: async ({}, use) => {
    await use(uniqueName);
  },

  createAccount: async ({ request: testRequest }, use) => {
    await use(async ({ prefix = 'u', request = testRequest } = {}) => {
      const username = uniqueName(prefix);
      const email = `${username}@example.com`;
      const response = await request.post('/api/v1/auth/register', {
        data: { username, email, password: PASSWORD },
      });
      expect(response.status(), `registering ${username}`).toBe(201);
      const session = (await response.json()) as SessionResponse;
      return {
        id: session.user.id,
        username,
        email,
        password: PASSWORD,
        token: session.access_token,
        user: session.user,
      };
    });
  },

  account: async ({ createAccount }, use) => {
    await use(await createAccount());
  },

  createDataset: async ({ request }, use) => {
    await use(async (owner, dataset) => {
      const response = await request.post('/api/v1/datasets', {
        headers: { authorization: `Bearer ${owner.token}` },
        data: {
          attributes: ['名称', '数量'],
          entries: [
            ['苹果', 3],
            ['香蕉', 5],
          ],
          ...dataset,
        },
      });
      expect(response.status(), `creating ${dataset.name}`).toBe(201);
      return (await response.json()) as Dataset;
    });
  },

  newPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

  submitSignIn: async ({ locale: testLocale }, use) => {
    await use(async (page, identifier, password = PASSWORD, locale = siteLocale(testLocale)) => {
      const t = translator(locale);
      await page.goto(`${localePrefix(locale)}/auth/login`);
      await page.getByLabel(t('auth:login.identifier'), { exact: true }).fill(identifier);
      await page.getByLabel(t('auth:login.password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
    });
  },

  signIn: async ({ submitSignIn, locale: testLocale }, use) => {
    await use(async (page, who, locale = siteLocale(testLocale)) => {
      await submitSignIn(page, who.username, who.password, locale);
      const home = localePrefix(locale) || '/';
      await expect(page).toHaveURL((url) => url.pathname === home);
    });
  },

  openCreateForm: async ({ account, signIn, locale: testLocale }, use) => {
    await use(async (page, { locale = siteLocale(testLocale), name, files } = {}) => {
      const t = translator(locale);
      await signIn(page, account, locale);
      await page.goto(`${localePrefix(locale)}/datasets/create`);
      if (name !== undefined) {
        await page.getByLabel(t('datasets:meta.name'), { exact: true }).fill(name);
      }
      if (files)
        await page.getByLabel(t('datasets:table.file'), { exact: true }).setInputFiles(files);
    });
  },

  // eslint-disable-next-line no-empty-pattern -- as above
  axe: async ({}, use) => {
    await use(async (page, tags) => {
      const builder = new AxeBuilder({ page });
      const results = await (tags ? builder.withTags([...tags]) : builder).analyze();
      const found = results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
      expect(found, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});
