import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
