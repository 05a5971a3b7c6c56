import { z } from 'zod';
import { isBlank } from '../lib/visible-text.ts';
import { refuseDirectionControls } from './direction-controls.ts';
import { positiveId } from './ids.ts';
import { TOKEN_DAYS_MAX, TOKEN_NAME_MAX, TOKEN_SCOPES } from './limits.ts';
import { pageLimit } from './query-numbers.ts';
import { TOKEN_NAME_PATTERN } from './text-patterns.ts';
import { LIST_LIMIT_MAX, offsetSchema } from './users.ts';

/**
 * A token's name shows something (one of only spaces and invisible characters is empty) and reads
 * as written (no direction controls), by the nickname's rules.
 */
const tokenNameSchema = z
  .string()
  .trim()
  .refine((s) => !isBlank(s), 'name is required')
  .max(TOKEN_NAME_MAX, `name must be at most ${TOKEN_NAME_MAX} characters`)
  .superRefine(refuseDirectionControls('Name'))
  .meta({
    maxLength: TOKEN_NAME_MAX,
    pattern: TOKEN_NAME_PATTERN,
    description: `Trimmed; must show something; no direction characters; at most ${TOKEN_NAME_MAX} UTF-16 code units (an emoji counts two)`,
  });

export const createTokenBodySchema = z.object({
  name: tokenNameSchema,
  scope: z.enum(TOKEN_SCOPES, { error: 'scope must be "read" or "write"' }),
  expires_in_days: z
    .number()
    .int('expires_in_days must be a whole number')
    .min(1, 'expires_in_days must be at least 1')
    .max(TOKEN_DAYS_MAX, `expires_in_days must be at most ${TOKEN_DAYS_MAX}`)
    .optional()
    .describe('Days until the token stops working; omit for a token that never expires'),
});
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>;

const timestamp = z.iso.datetime();

/** A token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  prefix: z.string().describe('The first characters of the secret, to tell tokens apart'),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  expires_at: timestamp.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createdTokenSchema = apiTokenSchema.extend({
  token: z.string().describe('The secret (shf_…), shown this once: Sheaf keeps only its hash'),
});
export type CreatedToken = z.infer<typeof createdTokenSchema>;

/**
 * A page of the list. Unless `limit` is given a page holds the most a page may (100), more than
 * the tokens one user may have in force (`live_max`).
 */
export const tokenListQuerySchema = z.object({
  offset: offsetSchema,
  limit: pageLimit(LIST_LIMIT_MAX, LIST_LIMIT_MAX),
});
export type TokenListQuery = z.infer<typeof tokenListQuerySchema>;

export const tokenListSchema = z.object({
  tokens: z.array(apiTokenSchema),
  total: z.number().int().describe('Tokens listed on every page together (not revoked)'),
  offset: z.number().int(),
  limit: z.number().int(),
  live: z.number().int().describe('Of those, the tokens in force: neither revoked nor expired'),
  live_max: z
    .number()
    .int()
    .describe('How many may be in force at once; creating one more is 409 TOKEN_LIMIT_REACHED'),
});
export type TokenList = z.infer<typeof tokenListSchema>;

export const tokenIdParamsSchema = z.object({
  id: positiveId('Token id'),
});
