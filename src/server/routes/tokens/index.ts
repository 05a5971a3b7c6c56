import { errors } from '../errors.ts';
import { z } from 'zod';
import {
  createTokenBodySchema,
  createdTokenSchema,
  tokenIdParamsSchema,
  tokenListQuerySchema,
  tokenListSchema,
} from '../../../contracts/tokens.ts';
import { LIVE_TOKENS_MAX } from '../../../contracts/limits.ts';
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
        description: `Answers the secret (\`shf_…\`) once; Sheaf keeps only its hash. Send it as \`Authorization: Bearer shf_…\`. A \`read\` token may call GET and HEAD; a \`write\` token may also create, change and delete datasets, versions, favourites, ratings and follows. No token may manage tokens, change the password or delete the account (403 TOKEN_NOT_ALLOWED). At most ${LIVE_TOKENS_MAX} tokens of a user may be in force (neither revoked nor expired): one more is 409 TOKEN_LIMIT_REACHED.`,
        body: createTokenBodySchema,
        response: { 201: createdTokenSchema, ...errors(400, 409), ...refused },
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
        description:
          'Those not revoked (expired ones too), newest first, a page at a time (`offset`, `limit`: 100 unless given, more than a user may have in force); `total` counts them all, `live` those in force.',
        querystring: tokenListQuerySchema,
        response: { 200: tokenListSchema, ...errors(400), ...refused },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return listApiTokens(ctx, viewer.id, request.query);
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
