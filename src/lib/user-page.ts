import type { FollowListResponse } from '../contracts/community.ts';
import type { DatasetListResponse } from '../contracts/datasets.ts';
import { userIdParamsSchema, type ProfileResponse } from '../contracts/users.ts';

/**
 * The id of a /users/{id} path: a positive 32-bit integer, as the API accepts it; null when the
 * route parameter is not one (the page answers the fatal 404 'Page Not Found: {path}').
 */
function parseUserId(raw: string | undefined): number | null {
  const parsed = userIdParamsSchema.safeParse({ id: raw ?? '' });
  return parsed.success ? parsed.data.id : null;
}

type Sheaf = App.Locals['sheaf'];

/** What /users/{id} shows: the profile with counts, public datasets, followers and following. */
export type UserPage =
  | { kind: 'invalid' }
  | { kind: 'missing' }
  | {
      kind: 'found';
      profile: ProfileResponse;
      /** The user's public datasets, newest first, up to the 100 a profile lists. */
      datasets: DatasetListResponse;
      /** The first page (20) of each list, newest first. */
      followers: FollowListResponse;
      following: FollowListResponse;
    };

const EMPTY_PAGE = { total: 0, offset: 0, limit: 0 };

/** Reads a /users/{id} page: 'invalid' (not an id: fatal 404), 'missing' (normal 404) or found. */
export async function readUserPage(sheaf: Sheaf, raw: string | undefined): Promise<UserPage> {
  const id = parseUserId(raw);
  if (id === null) return { kind: 'invalid' };
  const [profile, datasets, followers, following] = await Promise.all([
    sheaf.users.profile(id),
    sheaf.community.publicDatasetsOf(id),
    sheaf.community.followers(id),
    sheaf.community.following(id),
  ]);
  if (!profile) return { kind: 'missing' };
  return {
    kind: 'found',
    profile,
    datasets: datasets ?? { datasets: [], ...EMPTY_PAGE, next_cursor: null },
    followers: followers ?? { users: [], ...EMPTY_PAGE },
    following: following ?? { users: [], ...EMPTY_PAGE },
  };
}
