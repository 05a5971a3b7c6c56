import { z } from 'zod';
import { byColumn, changeSummarySchema } from './changes.ts';
import { cellSchema, tableContentSchema } from './datasets.ts';
import { CONTENT_LIMIT_DEFAULT, CONTENT_LIMIT_MAX, uploadTypeFields } from './dataset-fields.ts';
import { positiveId } from './ids.ts';
import {
  COMMENT_BODY_MAX,
  COMPARE_KINDS,
  DISCUSSION_TITLE_MAX,
  PROPOSAL_MODES,
  PROPOSAL_STATES,
  VERSION_MODES,
} from './limits.ts';
import { pageLimit } from './query-numbers.ts';
import { limitSchema, offsetSchema } from './users.ts';

/** Requests and responses of proposals: changes proposed to a dataset (docs/proposals.md). */

const timestamp = z.iso.datetime();

const titleSchema = z
  .string('title must be text')
  .trim()
  .min(1, 'title must not be empty')
  .max(DISCUSSION_TITLE_MAX, `title must be at most ${DISCUSSION_TITLE_MAX} characters`);

const bodySchema = z
  .string('body must be text')
  .trim()
  .max(COMMENT_BODY_MAX, `body must be at most ${COMMENT_BODY_MAX} characters`)
  .describe('Markdown, rendered like a discussion (raw HTML shown as text)');

export const proposalIdParamsSchema = z.object({ id: positiveId('Proposal id') });

/** POST /datasets/{id}/proposals without `mode`: a fork's version proposed to its original. */
export const createProposalFromForkBodySchema = z.object({
  title: titleSchema,
  body: bodySchema.default(''),
  fork_id: positiveId('fork_id').describe('A fork of this dataset that the caller owns'),
  fork_version: positiveId('fork_version').describe("One of the fork's versions"),
});

/** The modes of a proposal sent as a table body. */
const TABLE_MODES = VERSION_MODES;

const tableModeSchema = z
  .enum(TABLE_MODES, `mode must be one of ${TABLE_MODES.join(', ')}`)
  .describe(
    '`append`, `upsert` or `delete`: the body is a patch of the latest version, as for a patch version; `replace`: the body is the whole proposed table',
  );

/** The query of POST /datasets/{id}/proposals (`mode` present: the body is a table). */
export const createProposalQuerySchema = z.object({
  mode: tableModeSchema.optional(),
  title: titleSchema.optional().describe('Required with `mode` (the body is then a table)'),
  body: bodySchema.optional(),
  ...uploadTypeFields,
});
export type CreateProposalQuery = z.infer<typeof createProposalQuerySchema>;

/** The body of POST /datasets/{id}/proposals: a fork's version, or a table (with `mode`). */
export const createProposalBodySchema = z.union([
  createProposalFromForkBodySchema,
  tableContentSchema,
]);

/** The query of PUT /proposals/{id}/change. */
export const proposalChangeQuerySchema = z.object({
  mode: tableModeSchema,
  ...uploadTypeFields,
});

export const updateProposalBodySchema = z
  .object({
    title: titleSchema.optional().describe("The proposal's author only"),
    body: bodySchema.optional().describe("The proposal's author only"),
    state: z
      .enum(['open', 'closed'], 'state must be open or closed')
      .optional()
      .describe(
        "The dataset's owner or the proposal's author: `closed` closes it, `open` reopens it (not once merged)",
      ),
    fork_version: positiveId('fork_version')
      .optional()
      .describe("The author only, of a proposal from a fork: another of the fork's versions"),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type UpdateProposalBody = z.infer<typeof updateProposalBodySchema>;

export const proposalListQuerySchema = z.object({
  state: z
    .enum([...PROPOSAL_STATES, 'all'], 'state must be open, merged, closed or all')
    .default('open'),
  offset: offsetSchema,
  limit: limitSchema,
});
export type ProposalListQuery = z.infer<typeof proposalListQuerySchema>;

export const proposalRowsQuerySchema = z.object({
  kind: z.enum(COMPARE_KINDS).default('changed'),
  offset: offsetSchema,
  limit: pageLimit(CONTENT_LIMIT_MAX, CONTENT_LIMIT_DEFAULT),
});
export type ProposalRowsQuery = z.infer<typeof proposalRowsQuerySchema>;

/* ---------- responses ---------- */

const authorSchema = z
  .object({ id: z.number().int(), username: z.string(), nickname: z.string() })
  .nullable()
  .describe('null once the account is gone');

/** A row as an object, column → canonical value (any text is a column name). */
const rowValuesSchema = () => byColumn(cellSchema);

const conflictSchema = z.object({
  columns: z
    .boolean()
    .optional()
    .describe(
      'true for the one conflict of columns: both sides changed the columns, differently (then `key` is null and the rows hold each side’s column → type)',
    ),
  key: rowValuesSchema()
    .nullable()
    .describe("The row's key values; null without a key (whole rows) or for columns"),
  base: rowValuesSchema().nullable().describe('The row in the base version (null: absent)'),
  latest: rowValuesSchema().nullable().describe("The row in the dataset's latest version"),
  proposed: rowValuesSchema().nullable().describe('The row in the proposed table'),
});
export type Conflict = z.infer<typeof conflictSchema>;

const proposalSummarySchema = z.object({
  id: z.number().int(),
  dataset_id: z.number().int(),
  author: authorSchema,
  title: z.string(),
  state: z.enum(PROPOSAL_STATES),
  mode: z.enum(PROPOSAL_MODES),
  base_version: z.number().int().describe("The dataset's version the change was made against"),
  fork_id: z.number().int().nullable(),
  fork_version: z.number().int().nullable(),
  summary: changeSummarySchema
    .nullable()
    .describe('What changes from the base version to the proposed table'),
  discussion_id: z.number().int().describe('Its comment thread: /discussions/{id}/comments'),
  comment_count: z.number().int(),
  merged_version: z.number().int().nullable(),
  merged_by: z.number().int().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const proposalSchema = proposalSummarySchema.extend({
  body: z.string(),
  body_html: z.string().describe('The body as the page shows it: sanitised HTML'),
  latest_version: z.number().int(),
  conflicts: z
    .array(conflictSchema)
    .describe('Rows both the dataset (base → latest) and the proposal changed, differently'),
  applies: z.boolean().describe('No conflicts: a merge would apply the change'),
  can_merge: z.boolean().describe('The caller owns the dataset and the proposal is open'),
  can_close: z.boolean().describe('The caller owns the dataset or wrote the proposal'),
  can_update: z.boolean().describe('The caller wrote the proposal and it is not merged'),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalListSchema = z.object({
  proposals: z.array(proposalSummarySchema).describe('Newest first'),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type ProposalList = z.infer<typeof proposalListSchema>;

/** GET /proposals/{id}/rows: as the compare rows answer them, base (`from`) → proposed (`to`). */
export const proposalRowsSchema = z.object({
  kind: z.enum(COMPARE_KINDS),
  key: z
    .string()
    .nullable()
    .describe('The columns rows are paired by, joined by ", ", or null (whole rows)'),
  key_columns: z
    .array(z.string())
    .nullable()
    .describe('The columns rows are paired by, or null (whole rows)'),
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(
    z.object({
      from: z.array(cellSchema).nullable(),
      to: z.array(cellSchema).nullable(),
    }),
  ),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type ProposalRows = z.infer<typeof proposalRowsSchema>;
