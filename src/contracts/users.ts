import { z } from 'zod';
import { emptyWhenBlank, isBlank } from '../lib/visible-text.ts';
import { refuseDirectionControls } from './direction-controls.ts';
import { positiveId } from './ids.ts';
import { chars } from './limits.ts';
import { EMAIL_PATTERN, HTTP_URL_PATTERN, NAME_PATTERN } from './text-patterns.ts';
import { pageLimit, queryInteger, wholeNumber } from './query-numbers.ts';

/** Field rules for accounts; the server validates with these, the client may reuse them. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NICKNAME_MAX = 50;
export const BIO_MAX = 500;
export const AVATAR_URL_MAX = 2048;
const QUERY_MAX = 100;
const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;

function isHttpUrl(s: string): boolean {
  if (/\s/.test(s)) return false;
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Username must be ${USERNAME_MIN}–${USERNAME_MAX} characters`)
  .max(USERNAME_MAX, `Username must be ${USERNAME_MIN}–${USERNAME_MAX} characters`)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_-]*$/,
    'Username may contain letters, digits, "_" and "-", and must start with a letter or digit',
  );

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, `E-mail must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Invalid e-mail address'))
  .meta({ type: 'string', format: 'email', maxLength: EMAIL_MAX, pattern: EMAIL_PATTERN });

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const nicknameSchema = z
  .string()
  .trim()
  .refine((s) => !isBlank(s), 'Nickname must not be empty')
  .refine((s) => chars(s) <= NICKNAME_MAX, `Nickname must be at most ${NICKNAME_MAX} characters`)
  .refine((s) => !/\p{Cc}/u.test(s), 'Nickname must not contain control characters')
  .superRefine(refuseDirectionControls('Nickname'))
  .meta({
    maxLength: NICKNAME_MAX,
    pattern: NAME_PATTERN,
    description: 'Trimmed; must show something; no control or direction characters',
  });

/** Like a dataset's description: a bio showing nothing is stored empty ("No bio yet."). */
export const bioSchema = z
  .string()
  .trim()
  .overwrite(emptyWhenBlank)
  .refine((s) => chars(s) <= BIO_MAX, `Bio must be at most ${BIO_MAX} characters`)
  .meta({ maxLength: BIO_MAX, description: 'Trimmed; one showing nothing is stored empty' });

export const avatarSchema = z
  .string()
  .trim()
  .max(AVATAR_URL_MAX, `Avatar URL must be at most ${AVATAR_URL_MAX} characters`)
  .refine((s) => s === '' || isHttpUrl(s), 'Avatar must be empty or an http(s) URL')
  .meta({
    anyOf: [{ const: '' }, { pattern: HTTP_URL_PATTERN }],
    description: 'Empty, or an http(s) URL',
  });

const userRoleSchema = z.enum(['user', 'admin']);

const timestamp = z.iso.datetime();

/** What anyone may see about a user. Never carries an e-mail address. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  is_verified: z.boolean(),
  created_at: timestamp,
  last_login_at: timestamp.nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user's own account. */
export const fullUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  role: userRoleSchema,
  is_active: z.boolean(),
  is_verified: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  last_login_at: timestamp.nullable(),
});
export type FullUser = z.infer<typeof fullUserSchema>;

export const userIdParamsSchema = z.object({ id: positiveId('User id') });

export const userResponseSchema = z.object({ user: fullUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const publicUserResponseSchema = z.object({ user: publicUserSchema });

/** PUT /users/me: every field optional; an empty avatar or bio clears it. */
export const updateMeBodySchema = z.object({
  nickname: nicknameSchema.optional(),
  avatar: avatarSchema.optional(),
  bio: bioSchema.optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  new_password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteAccountBodySchema = z.object({
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});

/** GET /users/me/deletion: what deleting the account would delete, and what stays. */
export const accountDeletionSchema = z.object({
  datasets: z.number().int().describe('Datasets of the account (public and private), deleted'),
  private_datasets: z.number().int().describe('Of those, the private ones'),
  versions: z.number().int().describe('Versions of those datasets, deleted'),
  forks_by_others: z
    .number()
    .int()
    .describe("Others' forks of those datasets: they stay, with their own copy of the data"),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const offsetSchema = queryInteger(
  wholeNumber('offset').min(0, 'offset must be at least 0').default(0),
);
export const limitSchema = pageLimit(LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT);

export const userListQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .max(QUERY_MAX, `query must be at most ${QUERY_MAX} characters`)
    .optional()
    .describe('Matches username or nickname, case-insensitively'),
  offset: offsetSchema,
  limit: limitSchema,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListResponseSchema = z.object({
  users: z.array(publicUserSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

const profileStatsSchema = z.object({
  followers: z.number().int(),
  following: z.number().int(),
  public_datasets: z.number().int(),
  total_downloads: z.number().int(),
});

export const profileResponseSchema = z.object({
  user: publicUserSchema,
  stats: profileStatsSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
