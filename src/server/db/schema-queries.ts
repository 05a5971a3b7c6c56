import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { datasets, users } from './schema.ts';

/**
 * A SQL query saved on a dataset (its SQL tab lists them): public with the dataset, deleted by
 * its author or the dataset's owner, and gone with the dataset or the author's account
 * (docs/tables.md "Saved queries").
 */
export const savedQueries = pgTable(
  'saved_queries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sql: text('sql').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_queries_dataset_idx').on(t.datasetId, t.createdAt.desc()),
    index('saved_queries_author_idx').on(t.authorId),
  ],
);
