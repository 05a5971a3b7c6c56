/**
 * A real OpenID Connect provider (oidc-provider) on loopback for tests, with its development
 * login and consent pages. Any login name signs in (the password is not checked); the account's
 * claims follow from the name:
 *   alice                → alice@example.test, verified, name "Alice Example"
 *   unverified-<x>       → <x>@example.test, NOT verified
 *   noemail-<x>          → no e-mail at all
 *   rtl-<x>              → name "<X>" + U+202E (a direction override) + " Example"
 *   invisible-<x>        → a name of zero-width characters only
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import Provider, { type Account } from 'oidc-provider';
import { callbackUrls } from '../../src/server/oauth/redirect.ts';

export type TestClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type TestOidcProvider = { issuer: string; close: () => Promise<void> };

export function claimsFor(login: string): Record<string, unknown> {
  const unverified = login.startsWith('unverified-');
  const local = login.replace(/^(unverified|noemail|rtl|invisible)-/, '');
  const display = local.charAt(0).toUpperCase() + local.slice(1);
  const name = login.startsWith('rtl-')
    ? `${display}\u202E Example`
    : login.startsWith('invisible-')
      ? '\u200B\u200D'
      : `${display} Example`;
  return {
    sub: `sub-${login}`,
    preferred_username: local,
    name,
    ...(login.startsWith('noemail-')
      ? {}
      : { email: `${local}@example.test`, email_verified: !unverified }),
  };
}

/** Starts the provider on 127.0.0.1 (port 0 = any free port). */
export async function startTestOidcProvider(
  clients: TestClient[],
  port = 0,
): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    cookies: { keys: ['test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount: async (_ctx: unknown, id: string): Promise<Account> => ({
      accountId: id,
      claims: async () => claimsFor(id.replace(/^sub-/, '')),
    }),
  });
  // The account id is the login name; its subject is "sub-<login>".
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar good enough for the provider's own cookies. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/**
 * Walks the provider's login and consent pages as a browser would, without a browser, and
 * returns the URL the provider finally sends the user back to (the site's callback with code
 * and state, or with error=access_denied when `deny` is set).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  { deny = false }: { deny?: boolean } = {},
): Promise<URL> {
  const jar = cookieJar();
  const issuerOrigin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body,
    });
    jar.store(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== issuerOrigin) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    if (!response.ok)
      throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    if (deny) {
      const cancel = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(html)?.[1];
      if (!cancel) throw new Error('no cancel link on the provider page');
      url = new URL(cancel.replaceAll('&amp;', '&'), url).href;
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt },
    );
  }
  throw new Error('the provider never sent the user back');
}

/**
 * The same in a browser test, on the provider's development login page: any name and password
 * sign in. Logins are `uniqueName`s (in lower case, as every stem is), which no earlier run has
 * used.
 */
export async function signInOnProviderPage(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The sign-in providers of the browser tests: two clients of one test provider. */
export const E2E_PROVIDERS = [
  { id: 'test-id', name: 'Test ID', clientId: 'sheaf-e2e', clientSecret: 'sheaf-e2e-secret' },
  { id: 'other-id', name: 'Other ID', clientId: 'sheaf-e2e-2', clientSecret: 'sheaf-e2e-secret-2' },
] as const;

/**
 * Starts the test provider for a Sheaf site at `siteUrl` and returns, with it, the
 * OAUTH_PROVIDERS value that points Sheaf at it.
 */
export async function startE2eOidcProvider(
  siteUrl: string,
): Promise<TestOidcProvider & { providersJson: string }> {
  const idp = await startTestOidcProvider(
    E2E_PROVIDERS.map((p) => ({
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      redirectUris: callbackUrls(siteUrl, p.id),
    })),
  );
  const providersJson = JSON.stringify(
    E2E_PROVIDERS.map((p) => ({
      id: p.id,
      name: p.name,
      issuer: idp.issuer,
      client_id: p.clientId,
      client_secret: p.clientSecret,
    })),
  );
  return { ...idp, providersJson };
}
