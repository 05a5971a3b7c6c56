import { z } from 'zod';

/** The one error shape of the API: `{ message, code, details }`. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().describe('SNAKE_CASE error code, e.g. VALIDATION_ERROR'),
  details: z
    .unknown()
    .describe('null, per-field errors [{ field, message }] for 400, or extra data'),
});
