/**
 * What the API sends, as browser-side unit tests fake it: typed by the contracts with
 * `satisfies`, so a field added to or changed in a contract fails here, not silently in a test.
 */
import type { Dataset, DatasetSummary, DatasetVersion } from '../../src/contracts/datasets.ts';
import type { FullUser, PublicUser } from '../../src/contracts/users.ts';

const at = '2025-01-01T00:00:00.000Z';

/** The signed-in user (GET /users/me): ada, id 7. */
export const wireUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  nickname: 'Ada',
  avatar: '',
  bio: '',
  role: 'user',
  is_active: true,
  is_verified: false,
  created_at: at,
  updated_at: at,
  last_login_at: null,
} satisfies FullUser;

/** The same user as anyone sees her. */
export const wirePublicUser = {
  id: 7,
  username: 'ada',
  nickname: 'Ada',
  avatar: '',
  bio: '',
  is_verified: false,
  created_at: at,
  last_login_at: null,
} satisfies PublicUser;

/** A public dataset of ada's as lists send it. */
export const wireSummary = (id: number, name = `Dataset ${id}`) =>
  ({
    id,
    name,
    description: '',
    language: 'zh-CN',
    owner_id: 7,
    owner: wirePublicUser,
    is_public: true,
    allow_fork: true,
    license: null,
    citation: '',
    tags: [],
    heat: 0,
    average_score: 0,
    rating_count: 0,
    download_count: 0,
    favorite_count: 0,
    fork_count: 0,
    forked_from: null,
    fork_credit: null,
    is_fork: false,
    created_at: at,
    updated_at: at,
    latest_version: 1,
  }) satisfies DatasetSummary;

/** The same dataset as its detail sends it, with `versions`. */
export const wireDataset = (id: number, name?: string, versions: DatasetVersion[] = []) =>
  ({
    ...wireSummary(id, name),
    readme: '',
    column_descriptions: {},
    versions,
    discussion_count: 0,
    proposal_count: 0,
    contributors: [],
    key_columns: [],
  }) satisfies Dataset;
