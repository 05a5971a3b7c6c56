import { z } from 'zod';
import { LICENSE_IDS, SEARCH_EXACT_TOTAL_MAX, VERSION_MODES } from './limits.ts';
import { positiveId } from './ids.ts';
import { pageLimit, queryInteger, wholeNumber } from './query-numbers.ts';
import { LIST_LIMIT_MAX, limitSchema, offsetSchema, publicUserSchema } from './users.ts';
import {
  CONTENT_LIMIT_DEFAULT,
  CONTENT_LIMIT_MAX,
  DATASET_SORTS,
  DEFAULT_DATASET_LANGUAGE,
  PUBLIC_DATASETS_PER_USER,
  SEARCH_PAGE_SIZE,
  attributeTypesSchema,
  changelogSchema,
  citationSchema,
  datasetDescriptionSchema,
  datasetNameSchema,
  datasetTagsSchema,
  languageSchema,
  licenseIdSchema,
  licenseSchema,
  readmeSchema,
  queryBoolean,
  uploadTypeFields,
  queryTags,
  cursorQuery,
  searchQuery,
  columnNamesSchema,
} from './dataset-fields.ts';
import { keyColumnsSchema, queryKeyColumns, versionUploadFields } from './key-columns.ts';
import { columnDescriptionsAnswer, columnDescriptionsSchema } from './column-descriptions.ts';
import { cellSchema } from './cells.ts';
import { contributorSchema } from './contributors.ts';

export * from './dataset-fields.ts';
export * from './table-validation.ts';
export * from './cells.ts';

const timestamp = z.iso.datetime();

/** One version of a dataset (its content lives in a blob addressed by `sha256`). */
export const datasetVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  dataset_id: z.number().int(),
  entries_count: z.number().int(),
  changelog: z.string(),
  attributes: z.array(z.string()),
  attribute_types: attributeTypesSchema,
  /** The product's name for a version's column types: the same map as `attribute_types`. */
  attributes_type: attributeTypesSchema,
  byte_size: z.number().int(),
  sha256: z.string(),
  mode: z
    .enum(VERSION_MODES)
    .describe('How it was made: a whole table (`replace`) or a patch of the version before'),
  created_at: timestamp,
});
export type DatasetVersion = z.infer<typeof datasetVersionSchema>;

/** A dataset as lists show it: everything but its versions (see `latest_version`). */
export const datasetSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  owner_id: z.number().int().nullable(),
  owner: publicUserSchema.describe('The owner, or a placeholder "Unknown User" (id 0) when gone'),
  is_public: z.boolean(),
  allow_fork: z.boolean(),
  license: licenseSchema,
  citation: z.string(),
  tags: z.array(z.string()),
  heat: z.number(),
  average_score: z.number(),
  rating_count: z.number().int(),
  download_count: z.number().int(),
  favorite_count: z.number().int(),
  fork_count: z.number().int(),
  forked_from: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('The dataset this one was forked from, while it exists and is visible'),
  fork_credit: z
    .object({ name: z.string(), author: z.string() })
    .nullable()
    .describe(
      "What a fork came from and who made it (the author's nickname when the fork was made): kept after the origin or its author is deleted; null for a dataset that is not a fork, while the origin exists but is private to the caller, and after an origin that was private is deleted",
    ),
  is_fork: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  latest_version: z.number().int(),
});
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;

/** A dataset with its versions, newest first. */
export const datasetSchema = datasetSummarySchema.extend({
  readme: z.string().describe('The dataset card (Markdown); not in lists'),
  column_descriptions: columnDescriptionsAnswer,
  key_columns: z
    .array(z.string())
    .describe('The key: columns whose values name a row; not in lists'),
  versions: z.array(datasetVersionSchema),
  discussion_count: z
    .number()
    .int()
    .describe('Open discussion threads everyone sees (closed and hidden ones are not counted)'),
  proposal_count: z.number().int().describe('Open proposals of changes to it'),
  contributors: z
    .array(contributorSchema)
    .describe('Authors of its merged proposals, most merged first, at most 20'),
});
export type Dataset = z.infer<typeof datasetSchema>;

const estimatedTotal = `Present when \`total\` is the database's estimate: a search matching more than ${SEARCH_EXACT_TOTAL_MAX.toLocaleString('en')} datasets. Absent when \`total\` is exact`;
export const datasetListResponseSchema = z.object({
  datasets: z.array(datasetSummarySchema),
  total: z.number().int(),
  total_estimated: z.literal(true).optional().describe(estimatedTotal),
  similar: z
    .literal(true)
    .optional()
    .describe(
      'Present when no dataset holds the words of `query`: the datasets listed have similar words (a typo forgiven). Absent otherwise',
    ),
  offset: z.number().int(),
  limit: z.number().int(),
  next_cursor: z
    .string()
    .nullable()
    .describe(
      'Pass as `cursor` (with the same filters, sort and limit) for the page after this one; null on the last page',
    ),
});
export type DatasetListResponse = z.infer<typeof datasetListResponseSchema>;

/** Search answers carry page numbers too (Search pagination, docs/pages.md). */
export const datasetSearchResponseSchema = datasetListResponseSchema.extend({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  page_size: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});
export type DatasetSearchResponse = z.infer<typeof datasetSearchResponseSchema>;

export const datasetStatsSchema = z.object({
  total_datasets: z.number().int(),
  total_downloads: z.number().int(),
});
export type DatasetStats = z.infer<typeof datasetStatsSchema>;

export const versionListResponseSchema = z.object({ versions: z.array(datasetVersionSchema) });
export type VersionListResponse = z.infer<typeof versionListResponseSchema>;

/** A page of the latest version's rows (the product's Version detail). */
export const versionContentSchema = z.object({
  version: z.number().int(),
  attributes: z.array(z.string()),
  attribute_types: attributeTypesSchema,
  entries: z.array(z.array(cellSchema)).describe('Rows, each an array of cells in attribute order'),
  entries_count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type VersionContent = z.infer<typeof versionContentSchema>;

/* ---------- requests ---------- */

export const datasetIdParamsSchema = z.object({ id: positiveId('Dataset id') });
export const versionParamsSchema = z.object({
  id: positiveId('Dataset id'),
  version: positiveId('Version'),
});

/**
 * Table content: column names, optional declared types (otherwise inferred), and rows —
 * each an array of cells in attribute order or an object keyed by attribute.
 */
export const tableContentSchema = z.object({
  attributes: columnNamesSchema,
  attribute_types: attributeTypesSchema.optional(),
  attributes_type: attributeTypesSchema
    .optional()
    .describe('The same as `attribute_types`, under the name a version answers it (that one wins)'),
  entries: z.array(z.unknown()),
});
export type TableContent = z.infer<typeof tableContentSchema>;

const metadataFields = {
  name: datasetNameSchema,
  description: datasetDescriptionSchema.default(''),
  is_public: z.boolean().default(true),
  language: languageSchema.default(DEFAULT_DATASET_LANGUAGE),
  tags: datasetTagsSchema.default([]),
  license: licenseSchema.default(null),
  citation: citationSchema.default(''),
  readme: readmeSchema.default(''),
  column_descriptions: columnDescriptionsSchema.default({}),
  key_columns: keyColumnsSchema.default([]),
};

export const createDatasetBodySchema = z.object({
  ...metadataFields,
  ...tableContentSchema.shape,
  changelog: changelogSchema.default(''),
});
export type CreateDatasetBody = z.infer<typeof createDatasetBodySchema>;

/** Metadata of a streamed create (`text/csv` or `application/x-ndjson` body): in the query. */
export const createDatasetUploadQuerySchema = z.object({
  name: datasetNameSchema.optional().describe('Required for a streamed upload'),
  description: metadataFields.description,
  is_public: queryBoolean.default(true),
  language: metadataFields.language,
  tags: queryTags.default([]),
  license: licenseIdSchema
    .optional()
    .describe('SPDX identifier of the licence; leave out when none is stated'),
  citation: metadataFields.citation,
  key_columns: queryKeyColumns.optional(),
  changelog: changelogSchema.default(''),
  ...uploadTypeFields,
});

/** PUT /datasets/{id}: fields left out keep their value. */
export const updateDatasetBodySchema = z.object({
  name: datasetNameSchema.optional(),
  description: datasetDescriptionSchema.optional(),
  is_public: z.boolean().optional(),
  language: languageSchema.optional(),
  tags: datasetTagsSchema.optional(),
  license: licenseSchema.optional(),
  citation: citationSchema.optional(),
  readme: readmeSchema.optional(),
  column_descriptions: columnDescriptionsSchema.optional(),
  key_columns: keyColumnsSchema.optional(),
});
export type UpdateDatasetBody = z.infer<typeof updateDatasetBodySchema>;

export const createVersionBodySchema = tableContentSchema.extend({
  changelog: changelogSchema.default(''),
});
export const createVersionUploadQuerySchema = z.object(versionUploadFields);

export const datasetListQuerySchema = z.object({
  query: searchQuery.optional(),
  tags: queryTags.optional(),
  language: languageSchema.optional(),
  license: z
    .enum(['none', ...LICENSE_IDS], {
      error: `License must be one of: ${LICENSE_IDS.join(', ')}, none`,
    })
    .optional()
    .describe('Only datasets under this licence (`none`: no licence stated)'),
  is_public: queryBoolean.optional(),
  owner_id: positiveId('owner_id').optional(),
  sort: z.enum(DATASET_SORTS).optional(),
  offset: offsetSchema,
  limit: limitSchema,
  cursor: cursorQuery,
});
export type DatasetListQuery = z.infer<typeof datasetListQuerySchema>;

export const myDatasetsQuerySchema = z.object({
  query: searchQuery.optional(),
  sort_by: z.enum(DATASET_SORTS).default('recent'),
  offset: offsetSchema,
  limit: limitSchema,
  cursor: cursorQuery,
});
export type MyDatasetsQuery = z.infer<typeof myDatasetsQuerySchema>;

export const userPublicDatasetsQuerySchema = z.object({
  user_id: positiveId('user_id'),
  offset: offsetSchema,
  limit: queryInteger(
    wholeNumber('limit')
      .min(1, 'limit must be at least 1')
      .default(20)
      .transform((n) => Math.min(n, PUBLIC_DATASETS_PER_USER)),
  ).describe(`Capped at ${PUBLIC_DATASETS_PER_USER}`),
});
export type UserPublicDatasetsQuery = z.infer<typeof userPublicDatasetsQuerySchema>;

export const searchQuerySchema = z.object({
  query: searchQuery.default(''),
  offset: offsetSchema,
  limit: pageLimit(LIST_LIMIT_MAX, SEARCH_PAGE_SIZE),
  cursor: cursorQuery,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const contentQuerySchema = z.object({
  offset: offsetSchema,
  limit: pageLimit(CONTENT_LIMIT_MAX, CONTENT_LIMIT_DEFAULT),
});
export type ContentQuery = z.infer<typeof contentQuerySchema>;
