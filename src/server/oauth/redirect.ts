import { LOCALES, localePrefix } from '../../i18n/locales.ts';
import { AppError } from '../errors.ts';

/**
 * The redirect URIs this site uses with a provider, one per interface language:
 * `{site}/auth/callback?provider={id}` and `{site}/en-US/auth/callback?provider={id}`.
 * Register both at the provider.
 */
export function callbackUrls(siteUrl: string, providerId: string): string[] {
  return LOCALES.map((locale) => {
    const url = new URL(`${siteUrl}${localePrefix(locale)}/auth/callback`);
    url.searchParams.set('provider', providerId);
    return url.href;
  });
}

/** The given redirect URI, if it is one of this site's callbacks for the provider; else 400. */
export function checkRedirectUri(siteUrl: string, providerId: string, given: string): string {
  let normalized: string | undefined;
  try {
    normalized = new URL(given).href;
  } catch {
    normalized = undefined;
  }
  const allowed = callbackUrls(siteUrl, providerId);
  if (normalized === undefined || !allowed.includes(normalized)) {
    throw new AppError(
      400,
      'OAUTH_REDIRECT_URI_INVALID',
      "redirect_uri must be this site's callback for the provider",
      { allowed },
    );
  }
  return normalized;
}
