// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { freshBrowserEachTest } from '../support/browser.ts';
import { LEADERBOARD_MIN_RATINGS, RATING_MAX, RATING_MIN } from '../../src/contracts/community.ts';
import * as rules from '../../src/lib/community-rules.ts';
import { keysToCamel } from '../../src/lib/case.ts';
import {
  wireDataset as wireDatasetOf,
  wireUser as wireFullUser,
  wirePublicUser as wireUser,
} from '../support/wire.ts';
import { installFakeFetch, json, type SentRequest } from '../support/fake-fetch.ts';

const wireDataset = (id: number) => wireDatasetOf(id, `Set ${id}`);

/** Fresh modules per test: the store, the client and the caches keep module state. */
async function load() {
  vi.resetModules();
  const auth = await import('../../src/stores/auth.ts');
  const community = await import('../../src/lib/api/community.ts');
  const store = await import('../../src/stores/community.ts');
  const users = await import('../../src/lib/api/users.ts');
  const cache = await import('../../src/lib/cache.ts');
  return { auth, community, store, users, cache };
}

type Modules = Awaited<ReturnType<typeof load>>;

function signIn(m: Modules) {
  m.auth.setSession({
    user: keysToCamel(wireFullUser),
    accessToken: 'token-7',
    expiresIn: 900,
  });
}

const route = (r: SentRequest) => `${r.method} ${r.url.pathname}${r.url.search}`;

freshBrowserEachTest();

describe('favourite status', () => {
  it('answers the server: favourited, with the favourite id, asked with the bearer token', async () => {
    const m = await load();
    signIn(m);
    const { requests } = installFakeFetch(() => json(200, { is_favorited: true, favorite_id: 31 }));
    expect(await m.community.checkFavorite(5)).toEqual({ isFavorited: true, favoriteId: 31 });
    expect(route(requests[0]!)).toBe('GET /api/v1/favorites/check/5');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-7');
  });

  it.each([
    ['the server fails', () => json(500, { message: 'boom', code: 'INTERNAL', details: null })],
    [
      'the dataset is gone',
      () => json(404, { message: 'Dataset not found', code: 'DATASET_NOT_FOUND', details: null }),
    ],
    ['the network fails', () => Promise.reject(new TypeError('fetch failed'))],
    ['the answer is not JSON', () => new Response('<html>', { status: 200 })],
  ])('quietly answers "not favourited" when %s', async (_, answer) => {
    const m = await load();
    signIn(m);
    installFakeFetch(answer);
    await expect(m.community.checkFavorite(5)).resolves.toEqual({
      isFavorited: false,
      favoriteId: null,
    });
  });

  it('quietly answers "not favourited" to a guest, without asking', async () => {
    const m = await load();
    const { requests } = installFakeFetch(() => json(200, { is_favorited: true, favorite_id: 1 }));
    await expect(m.community.checkFavorite(5)).resolves.toEqual({
      isFavorited: false,
      favoriteId: null,
    });
    expect(requests).toHaveLength(0);
  });

  it('other calls still fail loudly with the server message', async () => {
    const m = await load();
    signIn(m);
    installFakeFetch(() =>
      json(404, { message: 'Dataset not found', code: 'DATASET_NOT_FOUND', details: null }),
    );
    await expect(m.community.addFavorite(5)).rejects.toMatchObject({
      message: 'Dataset not found',
      code: 'DATASET_NOT_FOUND',
      status: 404,
    });
  });
});

describe('caches', () => {
  /** Fills both caches: a user's profile and a dataset; answers how many requests each made. */
  async function fill(m: Modules) {
    const { requests } = installFakeFetch((r) =>
      r.url.pathname.startsWith('/api/v1/users/')
        ? json(200, {
            user: wireUser,
            stats: { followers: 0, following: 0, public_datasets: 1, total_downloads: 0 },
          })
        : json(200, wireDataset(Number(r.url.pathname.split('/').pop()))),
    );
    await m.users.getProfile(7);
    await m.cache.cachedDataset(5, '', () => Promise.resolve('dataset 5'));
    await m.cache.cachedDataset(6, '', () => Promise.resolve('dataset 6'));
    return requests;
  }

  it('forking a dataset clears all caches', async () => {
    const m = await load();
    signIn(m);
    await fill(m);
    expect(m.cache.cacheSize('users')).toBe(1);
    expect(m.cache.cacheSize('datasets')).toBe(2);

    const { requests } = installFakeFetch(() => json(201, wireDataset(9)));
    const fork = await m.community.forkDataset(5, { name: 'Mine', isPublic: false });
    expect(fork.id).toBe(9);
    expect(route(requests[0]!)).toBe('POST /api/v1/datasets/5/fork');
    expect(requests[0]!.body).toEqual({ name: 'Mine', is_public: false });
    expect(m.cache.cacheSize('users')).toBe(0);
    expect(m.cache.cacheSize('datasets')).toBe(0);

    // The profile is asked for again rather than answered from the cache.
    const again = await fill(m);
    expect(again.map(route)).toEqual(['GET /api/v1/users/7/profile']);
  });

  it('a refused fork clears them too (the server may have acted before the answer was lost)', async () => {
    const m = await load();
    signIn(m);
    await fill(m);
    installFakeFetch(() =>
      json(403, {
        message: 'The owner does not allow forks of this dataset',
        code: 'FORK_NOT_ALLOWED',
        details: null,
      }),
    );
    await expect(m.community.forkDataset(5)).rejects.toMatchObject({ code: 'FORK_NOT_ALLOWED' });
    expect(m.cache.cacheSize('users')).toBe(0);
    expect(m.cache.cacheSize('datasets')).toBe(0);
  });

  it("changing the fork setting removes that dataset's entries only", async () => {
    const m = await load();
    signIn(m);
    await fill(m);
    const { requests } = installFakeFetch(() =>
      json(200, { ...wireDataset(5), allow_fork: false }),
    );
    const saved = await m.community.setForkSettings(5, false);
    expect(saved.allowFork).toBe(false);
    expect(route(requests[0]!)).toBe('PUT /api/v1/datasets/5/fork-settings');
    expect(requests[0]!.body).toEqual({ allow_forks: false });
    expect(m.cache.cacheSize('users')).toBe(1);
    expect(m.cache.cacheSize('datasets')).toBe(1);
    await expect(m.cache.cachedDataset(6, '', () => Promise.resolve('reloaded'))).resolves.toBe(
      'dataset 6',
    );
    await expect(m.cache.cachedDataset(5, '', () => Promise.resolve('reloaded'))).resolves.toBe(
      'reloaded',
    );
  });
});

describe('calls', () => {
  it('rate, rating, favourites, follows and leaderboards go to their paths', async () => {
    const m = await load();
    signIn(m);
    const { requests } = installFakeFetch((r) => {
      if (r.url.pathname.endsWith('/rate') || r.url.pathname.endsWith('/rating')) {
        return json(200, { score: 4, average_score: 4, rating_count: 1 });
      }
      if (r.url.pathname.endsWith('/follow'))
        return json(200, { is_following: r.method === 'POST' });
      if (r.url.pathname.includes('/leaderboard/')) return json(200, { by: 'score', entries: [] });
      if (r.method === 'DELETE') return new Response(null, { status: 204 });
      if (r.method === 'POST') {
        return json(201, {
          id: 3,
          dataset_id: 5,
          user_id: 7,
          dataset: wireDataset(5),
          created_at: wireUser.created_at,
        });
      }
      return json(200, { users: [wireUser], favorites: [], total: 1, offset: 0, limit: 20 });
    });
    expect(await m.community.rateDataset(5, 4)).toEqual({
      score: 4,
      averageScore: 4,
      ratingCount: 1,
    });
    await m.community.getRating(5);
    expect((await m.community.addFavorite(5)).datasetId).toBe(5);
    await m.community.removeFavorite(3, 5);
    await m.community.listFavorites({ offset: 20 });
    expect(await m.community.followUser(8)).toEqual({ isFollowing: true });
    expect(await m.community.unfollowUser(8)).toEqual({ isFollowing: false });
    expect((await m.community.listFollowers(8)).users[0]?.isVerified).toBe(false);
    await m.community.listFollowing(8, { offset: 0, limit: 5 });
    await m.community.datasetLeaderboard('score');
    await m.community.userLeaderboard('downloads', 10);
    expect(requests.map(route)).toEqual([
      'POST /api/v1/datasets/5/rate',
      'GET /api/v1/datasets/5/rating',
      'POST /api/v1/favorites',
      'DELETE /api/v1/favorites/3',
      'GET /api/v1/favorites?offset=20',
      'POST /api/v1/users/8/follow',
      'DELETE /api/v1/users/8/follow',
      'GET /api/v1/users/8/followers',
      'GET /api/v1/users/8/following?offset=0&limit=5',
      'GET /api/v1/leaderboard/datasets?by=score',
      'GET /api/v1/leaderboard/users?by=downloads&limit=10',
    ]);
    expect(requests[0]!.body).toEqual({ score: 4 });
    expect(requests[2]!.body).toEqual({ dataset_id: 5 });
  });
});

describe('community actions', () => {
  it('quick successive scores save only the last one', async () => {
    const m = await load();
    signIn(m);
    const { requests } = installFakeFetch((r) =>
      json(200, { score: (r.body as { score: number }).score, average_score: 4, rating_count: 1 }),
    );
    const answers = await Promise.all([
      m.store.saveRating(5, 2),
      m.store.saveRating(5, 3),
      m.store.saveRating(5, 4),
    ]);
    // Each save carries its place among the page's saves, for the server to keep the last.
    expect(requests.map((r) => r.body)).toEqual([
      { score: 4, order: { page: expect.stringMatching(/^[\w-]{16,64}$/), sequence: 3 } },
    ]);
    expect(answers.map((a) => a?.score ?? null)).toEqual([null, null, 4]);
  });

  it('a double click favourites once', async () => {
    const m = await load();
    signIn(m);
    const { requests } = installFakeFetch(() =>
      json(201, {
        id: 3,
        dataset_id: 5,
        user_id: 7,
        dataset: wireDataset(5),
        created_at: wireUser.created_at,
      }),
    );
    const [a, b] = await Promise.all([m.store.setFavorite(5, null), m.store.setFavorite(5, null)]);
    expect(requests).toHaveLength(1);
    expect(a).toEqual({
      isFavorited: true,
      favoriteId: 3,
      favorites: wireDataset(5).favorite_count,
    });
    expect(b).toEqual(a);
  });
});

it("the browser's rating scale and score-board minimum match the API's", () => {
  expect(rules.RATING_SCORES[0]).toBe(RATING_MIN);
  expect(rules.RATING_SCORES.at(-1)).toBe(RATING_MAX);
  expect(rules.RATING_SCORES).toHaveLength(RATING_MAX - RATING_MIN + 1);
  expect(rules.LEADERBOARD_MIN_RATINGS).toBe(LEADERBOARD_MIN_RATINGS);
});
