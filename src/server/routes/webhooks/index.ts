import { z } from 'zod';
import { WEBHOOKS_MAX } from '../../../contracts/limits.ts';
import {
  createWebhookBodySchema,
  createdWebhookSchema,
  deliveryListQuerySchema,
  deliveryListSchema,
  webhookIdParamsSchema,
  webhookListSchema,
} from '../../../contracts/webhooks.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
} from '../../services/webhooks/hooks.ts';
import { errors } from '../errors.ts';
import type { RoutesPlugin } from '../types.ts';

const tags = ['webhooks'];
const security = [{ bearer: [] }];
const refused = errors(401, 403);

export const webhooksRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        security,
        summary: 'Register a webhook',
        description: `The URL receives a signed JSON POST on each new version of one dataset you own or watch (\`dataset_id\`), or of every one (\`dataset_id\` null or absent). The \`secret\` is answered this once: each body is signed with it in \`X-Sheaf-Signature: sha256=<hex HMAC-SHA256 of the raw body>\`. The URL must be http(s) and its host must resolve to public addresses only (400 WEBHOOK_ADDRESS_REFUSED, WEBHOOK_HOST_UNKNOWN); a dataset you may not see is 404, one you neither own nor watch 400. At most ${WEBHOOKS_MAX} per user (409 WEBHOOK_LIMIT_REACHED).`,
        body: createWebhookBodySchema,
        response: { 201: createdWebhookSchema, ...errors(400, 404, 409), ...refused },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send(await createWebhook(ctx, viewer.id, request.body));
    },
  );

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        security,
        summary: 'Your webhooks (never their secrets)',
        description: 'Newest first, each with its last few deliveries.',
        response: { 200: webhookListSchema, ...refused },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return listWebhooks(ctx, viewer.id);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        security,
        summary: "A webhook's delivery log",
        description:
          'Newest first (`limit`: 50 unless given, at most 100): state, attempts, the last status code or error, and when it is tried again.',
        params: webhookIdParamsSchema,
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryListSchema, ...errors(400, 404), ...refused },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return listDeliveries(ctx, viewer.id, request.params.id, request.query.limit);
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a webhook',
        description: 'Nothing more is sent to it, not even deliveries still being retried.',
        params: webhookIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors(400, 404), ...refused },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await deleteWebhook(ctx, viewer.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
