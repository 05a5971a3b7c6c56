import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { datasets, users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Who watches which dataset: told of its new versions (docs/living-datasets.md). Not a
 * favourite: watching is about changes.
 */
export const watches = pgTable(
  'watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.datasetId] }),
    index('watches_dataset_idx').on(t.datasetId),
    index('watches_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * A user's notification: `kind` is one of NOTIFICATION_KINDS; `actor_id` who caused it,
 * `dataset_id` the dataset it is about (gone with it), `details` what the inbox shows beside
 * (a version number, a score…). Kept NOTIFICATION_DAYS, then swept.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    version: integer('version'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_created_idx').on(t.createdAt),
    index('notifications_dataset_idx').on(t.datasetId),
  ],
);

/** A user's choice per notification kind: `inbox` (the default, no row) or `none`. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    delivery: text('delivery', { enum: ['inbox', 'none'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A URL that receives a signed JSON POST on events: for one dataset (`dataset_id`), or, when
 * null, every dataset the user owns or watches. The secret signs the bodies (HMAC-SHA256).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{version.published}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId), index('webhooks_dataset_idx').on(t.datasetId)],
);

/**
 * One event for one webhook: the exact body signed, the attempts made and the next one due.
 * Kept in the database so a restart loses none; claimed with `for update skip locked` so
 * several processes send each once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt.desc()),
  ],
);
