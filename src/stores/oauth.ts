/**
 * OAuth2 sign-in (docs/oauth.md): `$oauthProviders` (the configured providers, loaded once per page),
 * `startOAuthSignIn` (state + PKCE into session storage, then off to the provider) and
 * `completeOAuthSignIn` with its `$oauthCallback` state (checks state and provider, removes the
 * saved values, exchanges the code, starts the session, goes on). The callback page also ends a
 * sign-in made on a static host (`continueSignIn`). See docs/oauth.md.
 */
import { atom } from 'nanostores';
import type { Locale } from '../i18n/locales.ts';
import { localizePath } from '../i18n/locales.ts';
import { toApiError } from '../lib/api/errors.ts';
import * as oauthApi from '../lib/api/oauth.ts';
import type { OAuthProvider } from '../lib/api/oauth.ts';
import {
  OAuthCheckError,
  callbackUrl,
  clearOAuth,
  newOAuthStart,
  readCallbackParams,
  saveOAuth,
  verifyCallback,
} from '../lib/oauth.ts';
import { afterSignIn, safeRedirect } from '../lib/redirects.ts';
import { CONTINUE_PARAM } from '../lib/site-origin.ts';
import { resumeSession, setSession } from './auth.ts';
import { leaveTo } from './navigation.ts';

export type ProvidersState =
  | { status: 'loading'; providers: [] }
  | { status: 'ready'; providers: OAuthProvider[] }
  | { status: 'failed'; providers: [] };

export const $oauthProviders = atom<ProvidersState>({ status: 'loading', providers: [] });

let loading: Promise<void> | undefined;

/** Loads the provider list once per page; a failure leaves it empty (no buttons). */
export function loadOAuthProviders(): Promise<void> {
  loading ??= oauthApi.getProviders().then(
    (providers) => $oauthProviders.set({ status: 'ready', providers }),
    () => $oauthProviders.set({ status: 'failed', providers: [] }),
  );
  return loading;
}

/**
 * Starts a sign-in with a provider: saves a new state, the provider and the PKCE verifier in
 * session storage, asks the API for the provider's URL and leaves for it. Rejects with an
 * ApiError (e.g. 502 OAUTH_PROVIDER_UNAVAILABLE) when the URL cannot be had.
 */
export async function startOAuthSignIn(provider: string, locale: Locale): Promise<void> {
  const { state, verifier, challenge } = await newOAuthStart();
  const redirectUri = callbackUrl(window.location.origin, locale, provider);
  saveOAuth(window.sessionStorage, {
    state,
    provider,
    verifier,
    returnTo: afterSignIn(window.location.search, locale),
  });
  const url = await oauthApi.getAuthorizationUrl(provider, {
    state,
    codeChallenge: challenge,
    redirectUri,
  });
  leaveTo(url);
}

/**
 * Why a callback failed: the two check codes (docs/oauth.md), what the provider reported in the URL
 * (ACCESS_DENIED when the person declined, PROVIDER_ERROR otherwise), MISSING_CODE for a
 * callback without a response, or the API's error code (OAUTH_CODE_INVALID,
 * OAUTH_PROVIDER_UNAVAILABLE, …) with its message.
 */
export type OAuthFailure = { code: string; message: string; detail?: string | undefined };

export type CallbackState =
  | { status: 'idle' }
  | { status: 'working' }
  | { status: 'done' }
  | { status: 'failed'; failure: OAuthFailure };

export const $oauthCallback = atom<CallbackState>({ status: 'idle' });

/** A callback that carries no usable answer from the provider. */
class CallbackFailure extends Error {
  readonly code: string;
  readonly detail: string | undefined;
  constructor(code: string, message: string, detail?: string) {
    super(message);
    this.code = code;
    this.detail = detail;
  }
}

/**
 * The Node origin's end of a sign-in on a static host (`?continue=<path>`, lib/site-origin.ts):
 * the session starts from the refresh cookie, then the visitor goes on to the path.
 */
async function continueSignIn(wanted: string, locale: Locale): Promise<void> {
  window.history.replaceState(null, '', window.location.pathname);
  await resumeSession();
  $oauthCallback.set({ status: 'done' });
  leaveTo(safeRedirect(wanted) ?? localizePath('/', locale));
}

async function complete(url: URL, locale: Locale): Promise<void> {
  const params = readCallbackParams(url);
  const wanted = url.searchParams.get(CONTINUE_PARAM);
  if (wanted !== null && !params.code && !params.error) return continueSignIn(wanted, locale);
  // The code is single-use; keep it out of the history, bookmarks and the Referer header.
  const kept = params.provider ? `?provider=${encodeURIComponent(params.provider)}` : '';
  window.history.replaceState(null, '', `${url.pathname}${kept}`);
  if (params.error) {
    clearOAuth(window.sessionStorage);
    const denied = params.error === 'access_denied';
    throw new CallbackFailure(
      denied ? 'ACCESS_DENIED' : 'PROVIDER_ERROR',
      params.errorDescription ?? params.error,
      params.error,
    );
  }
  if (!params.code) throw new CallbackFailure('MISSING_CODE', 'No authorization code');
  const saved = verifyCallback(window.sessionStorage, params);
  const session = await oauthApi.exchangeCode(saved.provider, {
    code: params.code,
    codeVerifier: saved.verifier,
    redirectUri: callbackUrl(window.location.origin, locale, saved.provider),
    state: saved.state,
    ...(params.iss !== null && { iss: params.iss }),
  });
  setSession(session);
  $oauthCallback.set({ status: 'done' });
  leaveTo(safeRedirect(saved.returnTo) ?? localizePath('/', locale));
}

function toFailure(error: unknown): OAuthFailure {
  if (error instanceof OAuthCheckError) return { code: error.code, message: error.message };
  if (error instanceof CallbackFailure) {
    return { code: error.code, message: error.message, detail: error.detail };
  }
  const apiError = toApiError(error);
  return { code: apiError.code, message: apiError.message };
}

let completing: Promise<void> | undefined;

/** Handles the provider's answer on /auth/callback once per page; the outcome is in $oauthCallback. */
export function completeOAuthSignIn(url: URL, locale: Locale): Promise<void> {
  completing ??= (async () => {
    $oauthCallback.set({ status: 'working' });
    try {
      await complete(url, locale);
    } catch (error) {
      $oauthCallback.set({ status: 'failed', failure: toFailure(error) });
    }
  })();
  return completing;
}
