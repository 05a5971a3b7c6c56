import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* Tables with no keys to or from the others; schema.ts re-exports them. */

/** One row per (version, downloader) marks the last counted download, for the 5-minute rule. */
export const downloadMarks = pgTable('download_marks', {
  key: text('key').primaryKey(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
});

/** One row per failed sign-in or password check, per key (account, unknown name, IP address). */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.failedAt)],
);

/** Secrets every process of the site shares (the access-token signing key, with DATABASE_URL). */
export const siteSecrets = pgTable('site_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The ids of public datasets that were deleted (by their owner or with the owner's account), so
 * their page says so instead of the plain 404 (docs/pages.md, Error pages). Private ones are not
 * kept: their page would tell a guest that a private dataset had been there.
 */
export const deletedDatasets = pgTable('deleted_datasets', {
  id: integer('id').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
