import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A text-search vector (see the search_vector column of datasets). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// Tables that stand alone (no keys to or from the others).
export * from './schema-standalone.ts';
// Keys of repeated publishes (they refer to users, datasets and versions below).
export * from './schema-idempotency.ts';
// Queries saved on a dataset's SQL tab.
export * from './schema-queries.ts';
// Ratings, favourites and follows.
export * from './schema-community.ts';
// Watches, notifications and webhooks (docs/living-datasets.md).
export * from './schema-living.ts';
// Discussion threads, their comments and reports (docs/discussions.md).
export * from './schema-discussions.ts';
// Proposed changes to datasets (docs/proposals.md).
export * from './schema-proposals.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    bio: text('bio').notNull().default(''),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Personal access tokens for scripts (`Authorization: Bearer shf_…`). Only the secret's sha256
 * is kept; `prefix` (the secret's first characters) lets a person tell tokens apart. A revoked
 * token stays, so using it answers its own code rather than "unknown".
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
  ],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_subject_key').on(t.provider, t.subject),
    index('oauth_accounts_user_idx').on(t.userId),
  ],
);

/** Column descriptions: one per column name, for every version with it (docs/datasets.md). */
type TextByColumn = Record<string, string>;
export const datasets = pgTable(
  'datasets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('zh-CN'),
    isPublic: boolean('is_public').notNull().default(true),
    /** Public and owner active: what public reads show (triggers of migration 0013). */
    listed: boolean('listed').notNull().default(true),
    allowFork: boolean('allow_fork').notNull().default(true),
    /** An SPDX identifier from LICENSES (contracts/limits.ts); null: no licence stated. */
    license: text('license'),
    /** How to cite the dataset (free text, e.g. BibTeX); '' when none. */
    citation: text('citation').notNull().default(''),
    /** The dataset card: Markdown, rendered on the dataset page (src/server/markdown.ts). */
    readme: text('readme').notNull().default(''),
    columnDescriptions: jsonb('column_descriptions').$type<TextByColumn>().notNull().default({}),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    heat: doublePrecision('heat').notNull().default(0),
    averageScore: real('average_score').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    watchCount: integer('watch_count').notNull().default(0),
    forkCount: integer('fork_count').notNull().default(0),
    forkedFromId: integer('forked_from_id').references((): never => datasets.id as never, {
      onDelete: 'set null',
    }),
    isFork: boolean('is_fork').notNull().default(false),
    /**
     * The origin's name and its author's nickname when the fork was made: the credit a fork keeps
     * after its origin (or the origin's author) is deleted.
     */
    originName: text('origin_name'),
    originAuthor: text('origin_author'),
    latestVersion: integer('latest_version').notNull().default(0),
    /**
     * The key: columns whose values name a row, unique and never empty in every version
     * published since it was declared (patches upsert and delete by it; compare uses it).
     */
    keyColumns: text('key_columns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull().default(''),
    /**
     * The search index: CJK unigrams and bigrams, words and symbols of name (weight A), tags (B)
     * and description (C), kept by a trigger (`search_vector_of`, see docs/search.md).
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('datasets_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('datasets_public_created_idx').on(t.listed, t.createdAt.desc(), t.id.desc()),
    index('datasets_public_heat_idx').on(t.listed, t.heat.desc(), t.id.desc()),
    index('datasets_public_downloads_idx').on(t.listed, t.downloadCount.desc(), t.id.desc()),
    index('datasets_public_score_idx').on(t.listed, t.averageScore.desc(), t.id.desc()),
    // `sort=name`: names in the `dataset_name` collation (migration 0015, docs/datasets.md "Sorts").
    index('datasets_name_idx').on(t.listed, sql`${t.name} collate dataset_name`, t.id),
    index('datasets_tags_idx').using('gin', t.tags),
    index('datasets_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('datasets_search_vector_idx').using('gin', t.searchVector),
    index('datasets_name_fold_idx').on(sql`search_fold(${t.name})`),
    index('datasets_forked_from_idx').on(t.forkedFromId),
  ],
);

export const blobs = pgTable('blobs', {
  sha256: text('sha256').primaryKey(),
  byteSize: integer('byte_size').notNull(),
  /**
   * sha256 and length of each download format rendered from this table, and the rendering they
   * were taken of (download-digests.ts).
   */
  downloadDigests: jsonb('download_digests').$type<
    { [F in 'csv' | 'tsv' | 'json' | 'jsonl']?: { sha256: string; bytes: number } } & {
      rendering?: number;
    }
  >(),
  createdAt: createdAt(),
});

export const datasetVersions = pgTable(
  'dataset_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    changelog: text('changelog').notNull().default(''),
    attributes: jsonb('attributes').$type<string[]>().notNull(),
    attributeTypes: jsonb('attribute_types').$type<Record<string, string>>().notNull(),
    entriesCount: integer('entries_count').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256')
      .notNull()
      .references(() => blobs.sha256),
    preview: jsonb('preview').$type<unknown[][]>().notNull(),
    /** How the version was made: a whole table (`replace`) or a patch of the one before. */
    mode: text('mode', { enum: ['replace', 'append', 'upsert', 'delete'] })
      .notNull()
      .default('replace'),
    /** What changed from the version before (services/datasets/changes.ts); null for v1. */
    changeSummary: jsonb('change_summary').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dataset_versions_dataset_version_key').on(t.datasetId, t.version),
    index('dataset_versions_sha_idx').on(t.sha256),
  ],
);
