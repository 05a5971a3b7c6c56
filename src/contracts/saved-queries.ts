import { z } from 'zod';
import { isBlank } from '../lib/visible-text.ts';
import { refuseDirectionControls } from './direction-controls.ts';
import { positiveId } from './ids.ts';
import { SAVED_QUERIES_MAX, SAVED_QUERY_SQL_MAX, SAVED_QUERY_TITLE_MAX } from './limits.ts';
import { pageLimit } from './query-numbers.ts';
import { NAME_PATTERN } from './text-patterns.ts';
import { offsetSchema, publicUserSchema } from './users.ts';

/** Requests and responses of the queries saved on a dataset (its SQL tab). */

/** Length in characters (code points), so an emoji counts once. */
const chars = (s: string) => [...s].length;

const titleSchema = z
  .string('title must be text')
  .trim()
  .refine((s) => !isBlank(s), 'title is required')
  .refine(
    (s) => chars(s) <= SAVED_QUERY_TITLE_MAX,
    `title must be at most ${SAVED_QUERY_TITLE_MAX} characters`,
  )
  .refine((s) => !/\p{Cc}/u.test(s), 'title must not contain control characters')
  .superRefine(refuseDirectionControls('Title'))
  .meta({ maxLength: SAVED_QUERY_TITLE_MAX, pattern: NAME_PATTERN });

const sqlSchema = z
  .string('sql must be text')
  .refine((s) => s.trim() !== '', 'sql is required')
  .refine(
    (s) => chars(s) <= SAVED_QUERY_SQL_MAX,
    `sql must be at most ${SAVED_QUERY_SQL_MAX} characters`,
  )
  .meta({ minLength: 1, maxLength: SAVED_QUERY_SQL_MAX, description: 'Not only spaces' });

export const saveQueryBodySchema = z.object({ title: titleSchema, sql: sqlSchema });
export type SaveQueryBody = z.infer<typeof saveQueryBodySchema>;

export const savedQuerySchema = z.object({
  id: z.number().int(),
  dataset_id: z.number().int(),
  title: z.string(),
  sql: z.string(),
  author: publicUserSchema,
  created_at: z.iso.datetime(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

/** A page of the list, newest first; by default a page holds all a dataset may have. */
export const savedQueryListQuerySchema = z.object({
  offset: offsetSchema,
  limit: pageLimit(SAVED_QUERIES_MAX, SAVED_QUERIES_MAX),
});
export type SavedQueryListQuery = z.infer<typeof savedQueryListQuerySchema>;

export const savedQueryListSchema = z.object({
  queries: z.array(savedQuerySchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type SavedQueryList = z.infer<typeof savedQueryListSchema>;

export const savedQueryParamsSchema = z.object({
  id: positiveId('Dataset id'),
  queryId: positiveId('Query id'),
});
