import * as oidc from 'openid-client';
import { AppError } from '../errors.ts';
import { causesOf } from '../lib/error-causes.ts';
import { identityFromClaims, pickEmail, type OAuthIdentity } from './identity.ts';
import type { OAuthProvider } from './providers.ts';
import { errorMessage, isRecord } from '../../contracts/narrowing.ts';

/** Seconds to wait for a provider before answering 502. */
const PROVIDER_TIMEOUT_S = 10;

type AuthorizationInput = { state: string; codeChallenge: string; redirectUri: string };
type ExchangeInput = {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  iss: string | undefined;
};

/** One configured provider, talking to it through openid-client. */
export type OAuthClient = {
  provider: OAuthProvider;
  authorizationUrl: (input: AuthorizationInput) => Promise<string>;
  /** Exchanges the code (with the PKCE verifier) and reads who signed in. */
  identify: (input: ExchangeInput) => Promise<OAuthIdentity>;
};

const providerUnavailable = (provider: OAuthProvider, details?: unknown) =>
  new AppError(
    502,
    'OAUTH_PROVIDER_UNAVAILABLE',
    `${provider.name} could not be reached or gave an unexpected answer; try again later`,
    details,
  );

/** The OAuth error code (`invalid_grant`, …) somewhere in an openid-client error, if any. */
function oauthErrorCode(err: unknown): string | undefined {
  for (const { error, body } of causesOf(err)) {
    if (typeof error === 'string') return error;
    const bodyError = isRecord(body) ? body['error'] : undefined;
    if (typeof bodyError === 'string') return bodyError;
  }
  return undefined;
}

/** Maps a failed call to the provider to the API's error; unknown failures are a 502. */
function toAppError(provider: OAuthProvider, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = oauthErrorCode(err);
  switch (code) {
    case 'invalid_grant':
    case 'bad_verification_code':
      return new AppError(
        400,
        'OAUTH_CODE_INVALID',
        'The sign-in code is invalid, expired or already used; please sign in again',
      );
    case 'access_denied':
      return new AppError(403, 'OAUTH_ACCESS_DENIED', `${provider.name} denied the sign-in`);
    default:
      return providerUnavailable(provider, code ? { provider_error: code } : null);
  }
}

function clientAuth(provider: OAuthProvider): oidc.ClientAuth {
  switch (provider.tokenEndpointAuthMethod) {
    case 'client_secret_basic':
      return oidc.ClientSecretBasic(provider.clientSecret);
    case 'client_secret_post':
      return oidc.ClientSecretPost(provider.clientSecret);
    case 'none':
      return oidc.None();
  }
}

async function loadConfiguration(provider: OAuthProvider): Promise<oidc.Configuration> {
  const metadata = { token_endpoint_auth_method: provider.tokenEndpointAuthMethod };
  // http:// is accepted by the settings only for loopback hosts (development and tests).
  const insecure = provider.allowHttp ? [oidc.allowInsecureRequests] : [];
  const { endpoints } = provider;
  if (endpoints.kind === 'oidc') {
    return oidc.discovery(
      new URL(endpoints.issuer),
      provider.clientId,
      metadata,
      clientAuth(provider),
      { execute: insecure, timeout: PROVIDER_TIMEOUT_S },
    );
  }
  const config = new oidc.Configuration(
    {
      issuer: new URL(endpoints.authorizationEndpoint).origin,
      authorization_endpoint: endpoints.authorizationEndpoint,
      token_endpoint: endpoints.tokenEndpoint,
      userinfo_endpoint: endpoints.userinfoEndpoint,
    },
    provider.clientId,
    metadata,
    clientAuth(provider),
  );
  config.timeout = PROVIDER_TIMEOUT_S;
  for (const apply of insecure) apply(config);
  return config;
}

async function getJson(
  config: oidc.Configuration,
  accessToken: string,
  url: string,
): Promise<unknown> {
  const response = await oidc.fetchProtectedResource(
    config,
    accessToken,
    new URL(url),
    'GET',
    undefined,
    new Headers({ accept: 'application/json' }),
  );
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function createOAuthClient(provider: OAuthProvider): OAuthClient {
  // Discovery runs on first use and is kept; a failed attempt is retried on the next request.
  let configuration: Promise<oidc.Configuration> | undefined;
  const getConfiguration = async () => {
    configuration ??= loadConfiguration(provider);
    try {
      return await configuration;
    } catch (err) {
      configuration = undefined;
      throw providerUnavailable(provider, { reason: errorMessage(err) });
    }
  };

  return {
    provider,

    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      const config = await getConfiguration();
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      };
      if (provider.scopes.length > 0) params['scope'] = provider.scopes.join(' ');
      return oidc.buildAuthorizationUrl(config, params).href;
    },

    async identify({ code, codeVerifier, redirectUri, iss }) {
      const config = await getConfiguration();
      const metadata = config.serverMetadata();
      if (provider.endpoints.kind === 'oidc') {
        // RFC 9207: a response that names another issuer (or none, when this one always
        // names itself) did not come from this provider.
        const expected = metadata.authorization_response_iss_parameter_supported === true;
        if (iss !== undefined ? iss !== metadata.issuer : expected) {
          throw new AppError(
            400,
            'OAUTH_ISSUER_MISMATCH',
            `The sign-in response did not come from ${provider.name}`,
          );
        }
      }
      try {
        // The redirect URI carries ?provider=…, so the grant is sent with it exactly as it was
        // used in the authorization request (authorizationCodeGrant would strip the query).
        const tokens = await oidc.genericGrantRequest(config, 'authorization_code', {
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        });
        const { endpoints } = provider;
        if (endpoints.kind === 'oidc') {
          const idClaims = tokens.claims();
          const userinfo = metadata.userinfo_endpoint
            ? await oidc.fetchUserInfo(
                config,
                tokens.access_token,
                idClaims?.sub ?? oidc.skipSubjectCheck,
              )
            : {};
          return identityFromClaims({ ...idClaims, ...userinfo });
        }
        const profile = await getJson(config, tokens.access_token, endpoints.userinfoEndpoint);
        const identity = identityFromClaims(profile);
        if (!endpoints.emailsEndpoint) return identity;
        const emails = await getJson(config, tokens.access_token, endpoints.emailsEndpoint);
        return { ...identity, ...pickEmail(emails, identity) };
      } catch (err) {
        throw toAppError(provider, err);
      }
    },
  };
}

/** The configured providers by id. */
export function createOAuthClients(providers: OAuthProvider[]): Map<string, OAuthClient> {
  return new Map(providers.map((p) => [p.id, createOAuthClient(p)]));
}
