import { userIdParamsSchema } from '../contracts/users.ts';

/**
 * The id of a /users/{id} path: a positive 32-bit integer, as the API accepts it; null when the
 * route parameter is not one (the page answers the spec's fatal 404 'Page Not Found: {path}').
 */
export function parseUserId(raw: string | undefined): number | null {
  const parsed = userIdParamsSchema.safeParse({ id: raw ?? '' });
  return parsed.success ? parsed.data.id : null;
}
