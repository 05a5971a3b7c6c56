import type { MessageKey, T } from '../i18n/index.ts';
import type { OAuthFailure } from '../stores/oauth.ts';

/** Failures with a message of their own in the page's language; others use the generic one. */
const KNOWN = new Set([
  'OAUTH_STATE_MISMATCH',
  'OAUTH_PROVIDER_MISMATCH',
  'ACCESS_DENIED',
  'PROVIDER_ERROR',
  'MISSING_CODE',
  'OAUTH_PROVIDER_UNAVAILABLE',
  'OAUTH_PROVIDER_UNKNOWN',
  'OAUTH_CODE_INVALID',
  'OAUTH_ACCESS_DENIED',
  'OAUTH_ISSUER_MISMATCH',
  'OAUTH_EMAIL_REQUIRED',
  'OAUTH_EMAIL_TAKEN',
  'OAUTH_REDIRECT_URI_INVALID',
  'ACCOUNT_DISABLED',
  'NETWORK_ERROR',
  'TIMEOUT',
]);

/** What to tell the person about a failed OAuth2 sign-in, in the page's language. */
export function oauthFailureText(t: T, failure: OAuthFailure): string {
  if (KNOWN.has(failure.code)) {
    return t(`oauth:error.${failure.code}` as MessageKey, { detail: failure.detail ?? '' });
  }
  return t('oauth:error.generic', { message: failure.message });
}
