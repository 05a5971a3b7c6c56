import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';

/** The one error shape of the API: `{ message, code, details }`. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES).describe('What went wrong, one of a fixed list of SNAKE_CASE codes'),
  details: z
    .unknown()
    .describe('null, per-field errors [{ field, message }] for 400, or extra data'),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
