import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChangeSummary } from '../../contracts/changes.ts';
import { PROPOSAL_MODES, PROPOSAL_STATES } from '../../contracts/limits.ts';
import { discussions } from './schema-discussions.ts';
import { datasets, users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A proposed change to a public dataset (docs/proposals.md): the table it proposes
 * (`proposed_sha256`, a blob the sweep keeps while the proposal references it), the version it
 * was made against (`base_version`), and its comment thread (`discussion_id`, a discussion of
 * kind `proposal`).
 */
export const proposals = pgTable(
  'proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    state: text('state', { enum: PROPOSAL_STATES }).notNull().default('open'),
    mode: text('mode', { enum: PROPOSAL_MODES }).notNull(),
    forkId: integer('fork_id').references(() => datasets.id, { onDelete: 'set null' }),
    forkVersion: integer('fork_version'),
    baseVersion: integer('base_version').notNull(),
    proposedSha256: text('proposed_sha256').notNull(),
    proposedAttributes: jsonb('proposed_attributes').$type<string[]>().notNull(),
    proposedAttributeTypes: jsonb('proposed_attribute_types')
      .$type<Record<string, string>>()
      .notNull(),
    proposedEntries: integer('proposed_entries').notNull(),
    proposedByteSize: integer('proposed_byte_size').notNull(),
    proposedPreview: jsonb('proposed_preview').$type<unknown[][]>().notNull(),
    summary: jsonb('summary').$type<ChangeSummary>(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id),
    mergedVersion: integer('merged_version'),
    mergedBy: integer('merged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proposals_dataset_created_idx').on(t.datasetId, t.createdAt.desc(), t.id.desc()),
    index('proposals_dataset_open_idx')
      .on(t.datasetId)
      .where(sql`${t.state} = 'open'`),
    index('proposals_dataset_merged_idx')
      .on(t.datasetId, t.authorId)
      .where(sql`${t.state} = 'merged'`),
    index('proposals_author_idx').on(t.authorId),
    index('proposals_fork_idx').on(t.forkId),
    index('proposals_proposed_idx').on(t.proposedSha256),
  ],
);
