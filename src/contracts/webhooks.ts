import { z } from 'zod';
import { positiveId } from './ids.ts';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from './limits.ts';
import { pageLimit } from './query-numbers.ts';
import { HTTP_URL_PATTERN } from './text-patterns.ts';

/** Whether `value` is an http(s) address without user name or password. */
function isWebhookUrl(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password
  );
}

const eventSchema = z.enum(WEBHOOK_EVENTS, {
  error: `events may only name ${WEBHOOK_EVENTS.join(', ')}`,
});

export const createWebhookBodySchema = z.object({
  url: z
    .string('url is required')
    .trim()
    .max(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters`)
    .refine(isWebhookUrl, 'url must be an http:// or https:// address without a user or password')
    .meta({
      format: 'uri',
      pattern: HTTP_URL_PATTERN,
      description:
        'An http(s) address; its host must resolve, to public addresses only (unless the server allows private ones)',
    }),
  dataset_id: z
    .number('dataset_id must be a positive integer or null')
    .int('dataset_id must be a positive integer or null')
    .min(1, 'dataset_id must be a positive integer or null')
    .nullable()
    .optional()
    .describe('One dataset you own or watch; null or absent: every dataset you own or watch'),
  events: z
    .array(eventSchema)
    .min(1, 'events must name at least one event')
    .optional()
    .describe('What to send; ["version.published"] unless given'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

const timestamp = z.iso.datetime();

/** One sending of an event to a hook, as the delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().describe('HTTP status of the last attempt, if any'),
  last_error: z.string().nullable().describe('Why the last attempt failed without a status'),
  next_attempt_at: timestamp.nullable().describe('When it is tried again (pending only)'),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A hook as listed: never its secret. */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  dataset_id: z.number().int().nullable(),
  events: z.array(z.string()),
  created_at: timestamp,
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createdWebhookSchema = webhookSchema.extend({
  secret: z
    .string()
    .describe('Signs every body (X-Sheaf-Signature: sha256=<HMAC-SHA256 hex>); shown this once'),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({
  webhooks: z.array(
    webhookSchema.extend({
      recent_deliveries: z.array(webhookDeliverySchema).describe('The last few, newest first'),
    }),
  ),
  max: z.number().int().describe('How many hooks a user may have'),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookIdParamsSchema = z.object({ id: positiveId('Webhook id') });

export const deliveryListQuerySchema = z.object({ limit: pageLimit(100, 50) });

export const deliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type DeliveryList = z.infer<typeof deliveryListSchema>;
