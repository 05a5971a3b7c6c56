import type { FollowListResponse } from '../contracts/community.ts';
import { PROFILE_DATASETS_PER_PAGE, PUBLIC_DATASETS_PER_USER } from '../contracts/limits.ts';
import { pageOffset, parsePage } from './pagination.ts';
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
      /** One page of the user's public datasets, newest first (of the 100 a profile lists). */
      datasets: DatasetListResponse;
      /** Which page of them (`?page=`, 1-based) and how many pages there are (at least 1). */
      datasetPages: { current: number; total: number };
      /** The first page (20) of each list, newest first. */
      followers: FollowListResponse;
      following: FollowListResponse;
    };

const EMPTY_PAGE = { total: 0, offset: 0, limit: 0 };

/** Past this page there is never a dataset to show (a profile lists at most 100). */
const LAST_POSSIBLE_PAGE = Math.ceil(PUBLIC_DATASETS_PER_USER / PROFILE_DATASETS_PER_PAGE);

/**
 * Reads a /users/{id} page: 'invalid' (not an id: fatal 404), 'missing' (normal 404) or found.
 * `pageParam` is the `?page=` of the datasets list; a page past the last one reads as found
 * with `datasetPages.current` > `datasetPages.total` (the page sends the visitor to the last).
 */
export async function readUserPage(
  sheaf: Sheaf,
  raw: string | undefined,
  pageParam: string | null = null,
): Promise<UserPage> {
  const id = parseUserId(raw);
  if (id === null) return { kind: 'invalid' };
  // At most one past any last page: there is never a dataset to show there.
  const current = parsePage(pageParam, LAST_POSSIBLE_PAGE + 1);
  const offset = pageOffset(current, PROFILE_DATASETS_PER_PAGE);
  const [profile, datasets, followers, following] = await Promise.all([
    sheaf.users.profile(id),
    sheaf.community.publicDatasetsOf(id, { offset, limit: PROFILE_DATASETS_PER_PAGE }),
    sheaf.community.followers(id),
    sheaf.community.following(id),
  ]);
  if (!profile) return { kind: 'missing' };
  const listed = datasets ?? { datasets: [], ...EMPTY_PAGE, next_cursor: null };
  return {
    kind: 'found',
    profile,
    datasets: listed,
    datasetPages: {
      current,
      total: Math.max(1, Math.ceil(listed.total / PROFILE_DATASETS_PER_PAGE)),
    },
    followers: followers ?? { users: [], ...EMPTY_PAGE },
    following: following ?? { users: [], ...EMPTY_PAGE },
  };
}
