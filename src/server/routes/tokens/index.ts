import { errors } from '../errors.ts';
import { z } from 'zod';
import {
  createTokenBodySchema,
  createdTokenSchema,
  tokenIdParamsSchema,
  tokenListSchema,
} from '../../../contracts/tokens.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/api-tokens.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['tokens'];
const security = [{ bearer: [] }];
/** Tokens are managed from a signed-in session only: a token can never make or see tokens. */
const config = { sessionOnly: true };
const refused = errors(401, 403);

export const tokensRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/tokens',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Create a personal access token',
        description:
          'Answers the secret (`shf_…`) once; Sheaf keeps only its hash. Send it as `Authorization: Bearer shf_…`. A `read` token may call GET and HEAD; a `write` token may also create, change and delete datasets, versions, favourites, ratings and follows. No token may manage tokens, change the password or delete the account (403 TOKEN_NOT_ALLOWED).',
        body: createTokenBodySchema,
        response: { 201: createdTokenSchema, ...errors(400), ...refused },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send(await createApiToken(ctx, viewer.id, request.body));
    },
  );

  app.get(
    '/tokens',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Your personal access tokens (never their secrets)',
        response: { 200: tokenListSchema, ...refused },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { tokens: await listApiTokens(ctx, viewer.id) };
    },
  );

  app.delete(
    '/tokens/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Revoke a personal access token',
        description: 'It stops working at once (401 API_TOKEN_REVOKED).',
        params: tokenIdParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errors(404), ...refused },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await revokeApiToken(ctx, viewer.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
