/**
 * OAuth2 sign-in calls: the configured providers, the provider's authorization URL, and the
 * code exchange. None sends a bearer token. These functions do not touch the auth store: the
 * OAuth2 store actions (src/stores/oauth.ts) call them.
 */
import type {
  OAuthAuthorizeResponse,
  OAuthCallbackBody,
  OAuthProviderInfo,
} from '../../contracts/oauth.ts';
import type { Camelize } from '../case.ts';
import { apiRequest } from './client.ts';
import type { AuthSession } from './types.ts';

export type OAuthProvider = Camelize<OAuthProviderInfo>;
export type OAuthExchange = Camelize<OAuthCallbackBody>;

const path = (provider: string, action: string) =>
  `/auth/oauth2/${encodeURIComponent(provider)}/${action}`;

/** GET /auth/oauth2/providers: id and display name of each provider; [] when none. */
export async function getProviders(): Promise<OAuthProvider[]> {
  const { providers } = await apiRequest<{ providers: OAuthProvider[] }>('/auth/oauth2/providers', {
    auth: 'none',
  });
  return providers;
}

/** GET /auth/oauth2/{provider}/authorize: where to send the browser. */
export async function getAuthorizationUrl(
  provider: string,
  query: { state: string; codeChallenge: string; redirectUri: string },
): Promise<string> {
  const { authorizationUrl } = await apiRequest<Camelize<OAuthAuthorizeResponse>>(
    path(provider, 'authorize'),
    { query, auth: 'none' },
  );
  return authorizationUrl;
}

/** POST /auth/oauth2/{provider}/callback: the code (with the PKCE verifier) for a session. */
export function exchangeCode(provider: string, body: OAuthExchange): Promise<AuthSession> {
  return apiRequest<AuthSession>(path(provider, 'callback'), {
    method: 'POST',
    body,
    auth: 'none',
  });
}
