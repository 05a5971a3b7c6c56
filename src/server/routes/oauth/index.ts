import { setRefreshCookie } from '../refresh-cookie.ts';
import { errors } from '../errors.ts';
import { sessionResponseSchema } from '../../../contracts/auth.ts';
import {
  oauthAuthorizeQuerySchema,
  oauthAuthorizeResponseSchema,
  oauthCallbackBodySchema,
  oauthProviderParamsSchema,
  oauthProvidersResponseSchema,
} from '../../../contracts/oauth.ts';
import { AppError } from '../../errors.ts';
import { createOAuthClients } from '../../oauth/client.ts';
import { checkRedirectUri } from '../../oauth/redirect.ts';
import { signInWithOAuth } from '../../services/oauth.ts';

import type { RoutesPlugin } from '../types.ts';

const tags = ['auth'];

/** Signing in through a provider: its authorization URL, then the code exchanged for a session. */
const oauthFlowRoutes: RoutesPlugin = async (app, { ctx }) => {
  const clients = createOAuthClients(ctx.config.oauthProviders);
  const clientFor = (id: string) => {
    const client = clients.get(id);
    if (!client) {
      throw new AppError(404, 'OAUTH_PROVIDER_UNKNOWN', `Unknown sign-in provider "${id}"`);
    }
    return client;
  };

  app.get(
    '/auth/oauth2/:provider/authorize',
    {
      config: { ignoresBearer: true },
      schema: {
        tags,
        summary: "Build the provider's authorization URL",
        description:
          'The browser makes the state and the PKCE verifier and keeps both; the server keeps nothing and only builds the URL (S256 challenge, configured scopes). redirect_uri must be {site}[/en-US]/auth/callback?provider={provider}. 404 OAUTH_PROVIDER_UNKNOWN, 400 OAUTH_REDIRECT_URI_INVALID, 502 OAUTH_PROVIDER_UNAVAILABLE when discovery fails.',
        params: oauthProviderParamsSchema,
        querystring: oauthAuthorizeQuerySchema,
        response: {
          200: oauthAuthorizeResponseSchema,
          ...errors(400, 404, 502),
        },
      },
    },
    async (request) => {
      const client = clientFor(request.params.provider);
      const { state, code_challenge, redirect_uri } = request.query;
      const redirectUri = checkRedirectUri(ctx.config.siteUrl, client.provider.id, redirect_uri);
      const url = await client.authorizationUrl({
        state,
        codeChallenge: code_challenge,
        redirectUri,
      });
      return { authorization_url: url };
    },
  );

  app.post(
    '/auth/oauth2/:provider/callback',
    {
      config: { ignoresBearer: true },
      schema: {
        tags,
        summary: 'Exchange the authorization code for a session',
        description:
          'Exchanges the code with the PKCE verifier, reads who signed in, and signs them in: the linked account; else the account with the same e-mail if the provider verified it (linked now); else a new account without a password. Answers like login and sets the HttpOnly refresh_token cookie. 400 OAUTH_CODE_INVALID (bad, expired or reused code), OAUTH_ISSUER_MISMATCH, OAUTH_EMAIL_REQUIRED, OAUTH_REDIRECT_URI_INVALID; 403 OAUTH_ACCESS_DENIED or ACCOUNT_DISABLED; 404 OAUTH_PROVIDER_UNKNOWN; 409 OAUTH_EMAIL_TAKEN (an account has this e-mail and the provider did not verify it); 502 OAUTH_PROVIDER_UNAVAILABLE.',
        params: oauthProviderParamsSchema,
        body: oauthCallbackBodySchema,
        response: {
          200: sessionResponseSchema,
          ...errors(400, 403, 404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const client = clientFor(request.params.provider);
      const { code, code_verifier, redirect_uri, iss } = request.body;
      const redirectUri = checkRedirectUri(ctx.config.siteUrl, client.provider.id, redirect_uri);
      const identity = await client.identify({
        code,
        codeVerifier: code_verifier,
        redirectUri,
        iss,
      });
      const { session, refreshToken } = await signInWithOAuth(ctx, client.provider.id, identity);
      setRefreshCookie(ctx, reply, refreshToken);
      return session;
    },
  );
};

export const oauthRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/auth/oauth2/providers',
    {
      config: { ignoresBearer: true },
      schema: {
        tags,
        summary: 'The OAuth2 / OpenID Connect providers one can sign in with',
        description: 'An empty list when none is configured (OAUTH_PROVIDERS).',
        response: { 200: oauthProvidersResponseSchema },
      },
    },
    async () => ({
      providers: ctx.config.oauthProviders.map(({ id, name }) => ({ id, name })),
    }),
  );
  await app.register(oauthFlowRoutes, { ctx });
};
