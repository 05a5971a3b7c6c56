import { z } from 'zod';
import {
  emailSchema,
  fullUserSchema,
  nicknameSchema,
  PASSWORD_MAX,
  passwordSchema,
  usernameSchema,
} from './users.ts';

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Accepted for the client's contract; registration always sets nickname = username. */
  nickname: nicknameSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(1, 'Username or e-mail is required')
    .max(254, 'Username or e-mail is too long')
    .describe('Username or e-mail address, case-insensitive'),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Answer of register, login, OAuth2 sign-in and password change. */
export const sessionResponseSchema = z.object({
  user: fullUserSchema,
  access_token: z.string(),
  expires_in: z.number().int().describe('Seconds until the access token expires'),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

const refreshTokenSchema = z.string().min(1, 'refresh_token must not be empty').max(512);

/** Empty for browsers (the HttpOnly cookie is used); services send their refresh token. */
export const refreshBodySchema = z
  .object({ refresh_token: refreshTokenSchema.optional() })
  .nullish();

export const refreshResponseSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  refresh_token: z
    .string()
    .optional()
    .describe('Only when the request sent refresh_token in its body: the rotated token'),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** @alias Logging out takes the same optional refresh token as refreshing. */
export const logoutBodySchema = refreshBodySchema;
