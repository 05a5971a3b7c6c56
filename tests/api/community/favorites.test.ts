import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, datasetAs, newDataset, setPublic, suiteApp } from '../../support/api.ts';

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let ann: SignedUp;
let bob: SignedUp;

beforeAll(async () => {
  call = caller(t);
  [owner, ann, bob] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
});

const ids = (body: { favorites: { dataset_id: number }[] }) =>
  body.favorites.map((f) => f.dataset_id);

describe('favourites', () => {
  it('adds once: a second add answers 200 with the same favourite, no duplicate', async () => {
    const dataset = await newDataset(t, owner);
    const first = await call('POST', '/favorites', ann, { dataset_id: dataset.id });
    expect(first.statusCode).toBe(201);
    const favorite = first.json();
    expect(favorite).toMatchObject({ dataset_id: dataset.id, user_id: ann.user.id });
    expect(favorite.dataset).toMatchObject({
      id: dataset.id,
      name: dataset.name,
      favorite_count: 1,
    });

    const again = await call('POST', '/favorites', ann, { dataset_id: dataset.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(favorite.id);

    const list = await call('GET', '/favorites', ann);
    expect(list.json()).toMatchObject({ total: 1, offset: 0, limit: 20 });
    expect(list.json().favorites[0]).toMatchObject({
      id: favorite.id,
      dataset_id: dataset.id,
      user_id: ann.user.id,
      created_at: favorite.created_at,
    });
    expect((await datasetAs(t, dataset.id)).json().favorite_count).toBe(1);

    const check = await call('GET', `/favorites/check/${dataset.id}`, ann);
    expect(check.json()).toEqual({ is_favorited: true, favorite_id: favorite.id });
    const other = await call('GET', `/favorites/check/${dataset.id}`, bob);
    expect(other.json()).toEqual({ is_favorited: false, favorite_id: null });
  });

  it('removes your own favourite but not someone else’s', async () => {
    const dataset = await newDataset(t, owner);
    const favorite = (await call('POST', '/favorites', bob, { dataset_id: dataset.id })).json();
    expect((await datasetAs(t, dataset.id)).json().favorite_count).toBe(1);

    const stranger = await call('DELETE', `/favorites/${favorite.id}`, ann);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('FAVORITE_NOT_FOUND');
    expect((await call('GET', `/favorites/check/${dataset.id}`, bob)).json().is_favorited).toBe(
      true,
    );

    const own = await call('DELETE', `/favorites/${favorite.id}`, bob);
    expect(own.statusCode).toBe(204);
    expect((await call('GET', `/favorites/check/${dataset.id}`, bob)).json()).toEqual({
      is_favorited: false,
      favorite_id: null,
    });
    expect((await datasetAs(t, dataset.id)).json().favorite_count).toBe(0);
    expect((await call('DELETE', `/favorites/${favorite.id}`, bob)).statusCode).toBe(404);
  });

  it('lists newest first with paging', async () => {
    const fan = await signUp(t.app);
    const made = [];
    for (let i = 0; i < 3; i++) {
      const d = await newDataset(t, owner);
      await call('POST', '/favorites', fan, { dataset_id: d.id });
      made.push(d.id);
    }
    const all = await call('GET', '/favorites', fan);
    expect(ids(all.json())).toEqual([...made].reverse());
    const page = await call('GET', '/favorites?offset=1&limit=1', fan);
    expect(page.json()).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(ids(page.json())).toEqual([made[1]]);
    expect((await call('GET', '/favorites?limit=0', fan)).statusCode).toBe(400);
  });

  it('leaves out a favourited dataset that became private, and shows it again when public', async () => {
    const fan = await signUp(t.app);
    const kept = await newDataset(t, owner);
    const hidden = await newDataset(t, owner);
    await call('POST', '/favorites', fan, { dataset_id: kept.id });
    await call('POST', '/favorites', fan, { dataset_id: hidden.id });
    await setPublic(t, owner, hidden.id, false);

    const list = (await call('GET', '/favorites', fan)).json();
    expect(ids(list)).toEqual([kept.id]);
    expect(list.total).toBe(1);
    expect((await call('GET', `/favorites/check/${hidden.id}`, fan)).statusCode).toBe(404);

    await setPublic(t, owner, hidden.id, true);
    expect(ids((await call('GET', '/favorites', fan)).json())).toEqual([hidden.id, kept.id]);
  });

  it('lets owners favourite their own private dataset, and nobody else', async () => {
    const hidden = await newDataset(t, owner, { is_public: false });
    const stranger = await call('POST', '/favorites', ann, { dataset_id: hidden.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('DATASET_NOT_FOUND');
    expect((await call('POST', '/favorites', owner, { dataset_id: hidden.id })).statusCode).toBe(
      201,
    );
    expect(ids((await call('GET', '/favorites', owner)).json())).toContain(hidden.id);
  });

  it('validates input and needs a token', async () => {
    for (const dataset_id of ['1', 0, 1.5, null]) {
      const res = await call('POST', '/favorites', ann, { dataset_id });
      expect(res.statusCode).toBe(400);
    }
    expect((await call('POST', '/favorites', ann, { dataset_id: 999999 })).statusCode).toBe(404);
    expect((await call('GET', '/favorites')).statusCode).toBe(401);
    expect((await call('GET', '/favorites/check/1')).statusCode).toBe(401);
    expect((await call('DELETE', '/favorites/abc', ann)).statusCode).toBe(400);
  });

  it('raises the heat of a favourited dataset', async () => {
    const dataset = await newDataset(t, owner);
    await call('POST', '/favorites', ann, { dataset_id: dataset.id });
    expect((await datasetAs(t, dataset.id)).json().heat).toBeGreaterThan(dataset.heat);
  });
});
