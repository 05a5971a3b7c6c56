import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { datasets, users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A dataset's discussion thread (docs/discussions.md): a title and a Markdown body by its
 * author. The dataset's owner may close it (`state`), lock it (no more replies) or hide it (seen
 * only by the owner and the author). An author whose account is gone leaves the thread.
 */
export const discussions = pgTable(
  'discussions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    locked: boolean('locked').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    commentCount: integer('comment_count').notNull().default(0),
    /**
     * `thread`: a thread of the Discussions tab; `proposal`: a proposal's comment thread
     * (docs/proposals.md), left out of the tab, its lists and counts.
     */
    kind: text('kind', { enum: ['thread', 'proposal'] })
      .notNull()
      .default('thread'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('discussions_dataset_created_idx').on(t.datasetId, t.createdAt.desc(), t.id.desc()),
    // The dataset page's count: its open threads others see.
    index('discussions_dataset_open_idx')
      .on(t.datasetId)
      .where(sql`${t.state} = 'open' and not ${t.hidden} and ${t.kind} = 'thread'`),
  ],
);

/** A reply in a thread: a discussion's, or a proposal's (its `discussions` row of kind `proposal`). */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_discussion_created_idx').on(t.discussionId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId),
  ],
);

/** A user's report of a comment to the dataset's owner: one per user and comment. */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.reporterId] }),
    index('comment_reports_reporter_idx').on(t.reporterId),
  ],
);
