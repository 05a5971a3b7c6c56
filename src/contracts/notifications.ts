import { z } from 'zod';
import { datasetSummarySchema } from './datasets.ts';
import { positiveId } from './ids.ts';
import { limitSchema, offsetSchema, publicUserSchema } from './users.ts';

/** Requests and responses of watching datasets and of the notifications inbox. */

/**
 * Every kind of notification the inbox renders. The first four come from activity
 * (services/notifications/notify.ts); the discussion kinds are written by discussions, with
 * `details: { discussion_id, title }` (and `proposal_id` in a proposal's thread) and the dataset;
 * the proposal kinds with `details: { proposal_id, title }`. A row of any other kind still lists, and
 * the inbox shows a generic line for it.
 */
export const NOTIFICATION_KINDS = [
  'version.published',
  'user.followed',
  'dataset.forked',
  'dataset.rated',
  'discussion.comment',
  'discussion.mention',
  'proposal.opened',
  'proposal.merged',
  'proposal.closed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where notifications of a kind go: the inbox (the default), or nowhere. */
const DELIVERIES = ['inbox', 'none'] as const;
export type Delivery = (typeof DELIVERIES)[number];

const timestamp = z.iso.datetime();

/* ---------- watching ---------- */

export const watchStatusSchema = z.object({
  watching: z.boolean().describe('Whether the caller watches the dataset (false for a guest)'),
  watch_count: z.number().int().describe('How many people watch it'),
});
export type WatchStatus = z.infer<typeof watchStatusSchema>;

export const watchingListQuerySchema = z.object({ offset: offsetSchema, limit: limitSchema });
export type WatchingListQuery = z.infer<typeof watchingListQuerySchema>;

export const watchingListResponseSchema = z.object({
  datasets: z.array(datasetSummarySchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type WatchingListResponse = z.infer<typeof watchingListResponseSchema>;

/* ---------- notifications ---------- */

const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string().describe('One of NOTIFICATION_KINDS; a client shows a generic line for others'),
  read: z.boolean(),
  created_at: timestamp,
  actor: publicUserSchema.nullable().describe('Who did it (null once their account is gone)'),
  dataset: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('The dataset it is about, when any'),
  version: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({ offset: offsetSchema, limit: limitSchema });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationIdParamsSchema = z.object({ id: positiveId('Notification id') });

export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

const delivery = z.enum(DELIVERIES, { error: 'delivery must be inbox or none' });

export const notificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, delivery])) as Record<
    NotificationKind,
    typeof delivery
  >,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsBodySchema = notificationSettingsSchema.partial().strict();
