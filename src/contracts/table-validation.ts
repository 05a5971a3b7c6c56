import { z } from 'zod';
import { TABLE_PROBLEM_CODES } from './error-codes.ts';

/**
 * POST /datasets/validate: table content in, `is_valid` and the table errors out. It takes the
 * content in any shape: the spec has validate answer every problem of the content as
 * `is_valid: false` with its errors, so a value of the wrong kind is a table error
 * (ATTRIBUTES_NOT_LIST, ATTRIBUTE_NOT_TEXT, ATTRIBUTE_TYPES_NOT_OBJECT, ENTRIES_NOT_LIST) rather
 * than a malformed request. Publishing takes `tableContentSchema`.
 */
export const validateBodySchema = z.object({
  attributes: z.unknown().describe('The column names: a list of text'),
  attribute_types: z
    .unknown()
    .optional()
    .describe('Optional: an object from column name to its type'),
  attributes_type: z
    .unknown()
    .optional()
    .describe('The same as `attribute_types`, under the name a version answers it (that one wins)'),
  entries: z
    .unknown()
    .describe('The rows: a list of lists in column order, or of objects keyed by column name'),
});
export type ValidateBody = z.infer<typeof validateBodySchema>;

const validationErrorSchema = z.object({
  row: z.number().int().nullable().describe('1-based data row, null for the whole table'),
  column: z.string().nullable(),
  code: z.enum(TABLE_PROBLEM_CODES),
  message: z.string(),
});
export const validateResponseSchema = z.object({
  is_valid: z.boolean(),
  errors: z.array(validationErrorSchema),
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;
