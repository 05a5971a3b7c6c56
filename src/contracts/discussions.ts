import { z } from 'zod';
import { positiveId } from './ids.ts';
import { COMMENT_BODY_MAX, DISCUSSION_TITLE_MAX, REPORT_REASON_MAX } from './limits.ts';
import { limitSchema, offsetSchema } from './users.ts';

/** Requests and responses of dataset discussions (docs/discussions.md). */

const timestamp = z.iso.datetime();

const titleSchema = z
  .string('title must be text')
  .trim()
  .min(1, 'title must not be empty')
  .max(DISCUSSION_TITLE_MAX, `title must be at most ${DISCUSSION_TITLE_MAX} characters`);

const bodySchema = z
  .string('body must be text')
  .trim()
  .min(1, 'body must not be empty')
  .max(COMMENT_BODY_MAX, `body must be at most ${COMMENT_BODY_MAX} characters`)
  .describe('Markdown, rendered like a dataset card (raw HTML shown as text)');

export const discussionIdParamsSchema = z.object({ id: positiveId('Discussion id') });
export const commentIdParamsSchema = z.object({ id: positiveId('Comment id') });

export const createDiscussionBodySchema = z.object({ title: titleSchema, body: bodySchema });
export type CreateDiscussionBody = z.infer<typeof createDiscussionBodySchema>;

export const updateDiscussionBodySchema = z
  .object({
    title: titleSchema.optional().describe("The thread's author only"),
    body: bodySchema.optional().describe("The thread's author only"),
    state: z
      .enum(['open', 'closed'], 'state must be open or closed')
      .optional()
      .describe("The dataset's owner only"),
    locked: z
      .boolean('locked must be true or false')
      .optional()
      .describe("The dataset's owner only: a locked thread takes replies from the owner alone"),
    hidden: z
      .boolean('hidden must be true or false')
      .optional()
      .describe("The dataset's owner only: a hidden thread is seen by the owner and its author"),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type UpdateDiscussionBody = z.infer<typeof updateDiscussionBodySchema>;

export const createCommentBodySchema = z.object({ body: bodySchema });

export const updateCommentBodySchema = z
  .object({
    body: bodySchema.optional().describe("The comment's author only"),
    hidden: z
      .boolean('hidden must be true or false')
      .optional()
      .describe("The dataset's owner only: a hidden comment is seen by the owner and its author"),
  })
  .refine((b) => b.body !== undefined || b.hidden !== undefined, 'Nothing to change');
export type UpdateCommentBody = z.infer<typeof updateCommentBodySchema>;

export const reportBodySchema = z.object({
  reason: z
    .string('reason must be text')
    .trim()
    .max(REPORT_REASON_MAX, `reason must be at most ${REPORT_REASON_MAX} characters`)
    .default(''),
});

export const discussionListQuerySchema = z.object({ offset: offsetSchema, limit: limitSchema });

const authorSchema = z
  .object({ id: z.number().int(), username: z.string(), nickname: z.string() })
  .nullable()
  .describe('null once the account is gone');

const discussionSummarySchema = z.object({
  id: z.number().int(),
  dataset_id: z.number().int(),
  title: z.string(),
  author: authorSchema,
  state: z.enum(['open', 'closed']),
  locked: z.boolean(),
  hidden: z.boolean().describe('Hidden threads are listed only to the owner and their author'),
  comment_count: z.number().int().describe('Replies the caller sees'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type DiscussionSummary = z.infer<typeof discussionSummarySchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  discussion_id: z.number().int(),
  author: authorSchema,
  body: z.string(),
  body_html: z.string().describe('The body as the page shows it: sanitised HTML'),
  hidden: z.boolean().describe('Hidden comments are shown only to the owner and their author'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Comment = z.infer<typeof commentSchema>;

export const discussionSchema = discussionSummarySchema.extend({
  body: z.string(),
  body_html: z.string().describe('The body as the page shows it: sanitised HTML'),
  comments: z.array(commentSchema).describe('Oldest first'),
});
export type Discussion = z.infer<typeof discussionSchema>;

export const discussionListSchema = z.object({
  discussions: z.array(discussionSummarySchema).describe('Newest first'),
  total: z.number().int(),
  open_count: z.number().int().describe('Open threads everyone sees'),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type DiscussionList = z.infer<typeof discussionListSchema>;

export const reportListSchema = z.object({
  reports: z.array(
    z.object({
      comment: commentSchema,
      discussion_title: z.string(),
      reporter: authorSchema,
      reason: z.string(),
      created_at: timestamp,
    }),
  ),
});
export type ReportList = z.infer<typeof reportListSchema>;
