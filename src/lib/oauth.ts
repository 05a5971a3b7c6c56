/**
 * The browser's half of OAuth2 sign-in (docs/oauth.md): a random state, a PKCE verifier and
 * its S256 challenge, kept in session storage with the provider until the provider sends the
 * browser back to /auth/callback?provider=…; there the state and the provider must match, and
 * the saved values are removed before the code is exchanged. Pure functions: storage, crypto
 * and URLs are passed in.
 */
import { localePrefix, type Locale } from '../i18n/locales.ts';

/** Session-storage keys of a sign-in in progress. */
export const OAUTH_KEYS = {
  state: 'oauth2_state',
  provider: 'oauth2_provider',
  verifier: 'oauth2_code_verifier',
  returnTo: 'oauth2_return_to',
} as const;

/** The messages of a failed callback check, verbatim (docs/oauth.md). */
const OAUTH_STATE_MISMATCH = 'OAuth2 state 验证失败';
const OAUTH_PROVIDER_MISMATCH = 'OAuth2 提供商不匹配';

export type OAuthCheckCode = 'OAUTH_STATE_MISMATCH' | 'OAUTH_PROVIDER_MISMATCH';

/** A callback that failed the state or provider check. */
export class OAuthCheckError extends Error {
  override name = 'OAuthCheckError';
  readonly code: OAuthCheckCode;
  constructor(code: OAuthCheckCode) {
    super(code === 'OAUTH_STATE_MISMATCH' ? OAUTH_STATE_MISMATCH : OAUTH_PROVIDER_MISMATCH);
    this.code = code;
  }
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** `bytes` random bytes as base64url (32 bytes → 43 characters). */
export function randomToken(bytes = 32, cryptoApi: Crypto = globalThis.crypto): string {
  return base64url(cryptoApi.getRandomValues(new Uint8Array(bytes)));
}

/** The PKCE S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export async function pkceChallenge(
  verifier: string,
  cryptoApi: Crypto = globalThis.crypto,
): Promise<string> {
  const digest = await cryptoApi.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export type OAuthStart = { state: string; verifier: string; challenge: string };

/** A fresh state and PKCE pair for one sign-in attempt. */
export async function newOAuthStart(cryptoApi: Crypto = globalThis.crypto): Promise<OAuthStart> {
  const verifier = randomToken(32, cryptoApi);
  return {
    state: randomToken(32, cryptoApi),
    verifier,
    challenge: await pkceChallenge(verifier, cryptoApi),
  };
}

/** The site's callback for a provider, in the page's language (the server accepts only these). */
export function callbackUrl(origin: string, locale: Locale, provider: string): string {
  const url = new URL(`${origin}${localePrefix(locale)}/auth/callback`);
  url.searchParams.set('provider', provider);
  return url.href;
}

export type SavedOAuth = { state: string; provider: string; verifier: string; returnTo: string };

/** Remembers an attempt before the browser leaves for the provider. */
export function saveOAuth(storage: Storage, saved: SavedOAuth): void {
  storage.setItem(OAUTH_KEYS.state, saved.state);
  storage.setItem(OAUTH_KEYS.provider, saved.provider);
  storage.setItem(OAUTH_KEYS.verifier, saved.verifier);
  storage.setItem(OAUTH_KEYS.returnTo, saved.returnTo);
}

/** Forgets the attempt (also after a failed check: a callback is used once). */
export function clearOAuth(storage: Storage): void {
  for (const key of Object.values(OAUTH_KEYS)) storage.removeItem(key);
}

/** What the provider put in the callback URL. */
export type CallbackParams = {
  provider: string | null;
  code: string | null;
  state: string | null;
  /** RFC 9207 issuer, when the provider sends it. */
  iss: string | null;
  /** `access_denied` when the person declined, or another OAuth error code. */
  error: string | null;
  errorDescription: string | null;
};

export function readCallbackParams(url: URL): CallbackParams {
  const get = (name: string) => url.searchParams.get(name);
  return {
    provider: get('provider'),
    code: get('code'),
    state: get('state'),
    iss: get('iss'),
    error: get('error'),
    errorDescription: get('error_description'),
  };
}

/**
 * Checks a callback against the saved attempt, then removes the saved values (whatever the
 * outcome). Throws OAuthCheckError: the state first ('OAuth2 state 验证失败'), then the provider
 * ('OAuth2 提供商不匹配'). Returns the saved values on success.
 */
export function verifyCallback(
  storage: Storage,
  params: Pick<CallbackParams, 'state' | 'provider'>,
): SavedOAuth {
  const saved = {
    state: storage.getItem(OAUTH_KEYS.state),
    provider: storage.getItem(OAUTH_KEYS.provider),
    verifier: storage.getItem(OAUTH_KEYS.verifier),
    returnTo: storage.getItem(OAUTH_KEYS.returnTo),
  };
  clearOAuth(storage);
  if (!saved.state || !params.state || saved.state !== params.state || !saved.verifier) {
    throw new OAuthCheckError('OAUTH_STATE_MISMATCH');
  }
  if (!saved.provider || saved.provider !== params.provider) {
    throw new OAuthCheckError('OAUTH_PROVIDER_MISMATCH');
  }
  return {
    state: saved.state,
    provider: saved.provider,
    verifier: saved.verifier,
    returnTo: saved.returnTo ?? '/',
  };
}
