import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { datasets, datasetVersions, users } from './schema.ts';

/**
 * One row per `Idempotency-Key` a user sent with a publish (a new dataset or a new version):
 * what the request asked for (`fingerprint`) and what it made, inserted in the transaction that
 * made it, so a repeated request answers that instead of making it again. Kept 24 hours (the
 * hourly sweep), and gone with the dataset (docs/reliability.md "Publishing twice").
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'cascade' }),
    /** The version a new-version request made; null for a new dataset. */
    versionId: integer('version_id').references(() => datasetVersions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
