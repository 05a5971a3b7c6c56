import { z } from 'zod';

/**
 * OAuth2 sign-in. The browser creates the state and the PKCE verifier and keeps them in
 * session storage; the server only builds the provider's URL and, on the way back, exchanges
 * the code (with the verifier) and opens a session. See docs/oauth.md.
 */

const providerIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'Unknown provider')
  .describe('Provider id from GET /auth/oauth2/providers');

const oauthProviderSchema = z.object({
  id: z.string(),
  name: z.string().describe('Display name'),
});
export type OAuthProviderInfo = z.infer<typeof oauthProviderSchema>;

export const oauthProvidersResponseSchema = z.object({ providers: z.array(oauthProviderSchema) });

export const oauthProviderParamsSchema = z.object({ provider: providerIdSchema });

const stateSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'state must be 16–128 URL-safe characters')
  .describe('Random value kept by the browser and checked when the provider sends it back');

export const oauthAuthorizeQuerySchema = z.object({
  state: stateSchema,
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be a base64url SHA-256 (43 characters)')
    .describe('PKCE S256 challenge of the verifier the browser keeps'),
  redirect_uri: z
    .string()
    .max(2048)
    .describe('The site’s callback: {site}[/en-US]/auth/callback?provider={provider}'),
});

export const oauthAuthorizeResponseSchema = z.object({
  authorization_url: z.string().describe('Where to send the browser'),
});
export type OAuthAuthorizeResponse = z.infer<typeof oauthAuthorizeResponseSchema>;

export const oauthCallbackBodySchema = z.object({
  code: z.string().min(1, 'code is required').max(4096),
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'code_verifier must be 43–128 PKCE characters'),
  redirect_uri: z.string().max(2048).describe('The same redirect_uri as in the authorize call'),
  state: stateSchema.optional().describe('Accepted for the record; the browser has checked it'),
  iss: z
    .string()
    .max(2048)
    .optional()
    .describe('The iss parameter of the authorization response (RFC 9207), when present'),
});
export type OAuthCallbackBody = z.infer<typeof oauthCallbackBodySchema>;
