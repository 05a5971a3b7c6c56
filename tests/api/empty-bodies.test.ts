import { describe, expect, it } from 'vitest';
import { newDataset, type TestUser, suiteApp, suiteUser } from '../support/api.ts';

/**
 * Many clients send `Content-Type: application/json` on every call, with nothing to send on a
 * DELETE or a follow. An empty body is no body, whatever its content type says: the call works
 * as if it had been sent bare. Calls whose body fields are all optional (a fork) work without
 * one.
 */

const t = suiteApp();
const owner = suiteUser(t, 'owner');
const fan = suiteUser(t, 'fan');

const JSON_TYPE = { 'content-type': 'application/json' };

/** `method url` as `who`, with a JSON content type and nothing (or only spaces) in the body. */
const emptyJson = (method: 'POST' | 'DELETE', url: string, who: TestUser, payload = '') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, ...JSON_TYPE },
    payload,
  });

describe('an empty body sent as application/json', () => {
  it('follows and unfollows', async () => {
    const follow = await emptyJson('POST', `/users/${owner.id}/follow`, fan);
    expect(follow.statusCode).toBe(200);
    expect(follow.json()).toEqual({ is_following: true });
    const unfollow = await emptyJson('DELETE', `/users/${owner.id}/follow`, fan, '  \n');
    expect(unfollow.statusCode).toBe(200);
    expect(unfollow.json()).toEqual({ is_following: false });
  });

  it('removes a favourite, a token and a dataset', async () => {
    const dataset = await newDataset(t, owner);
    const favorite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/favorites',
      headers: fan.headers,
      payload: { dataset_id: dataset.id },
    });
    expect(favorite.statusCode).toBe(201);
    const unfavorite = await emptyJson('DELETE', `/favorites/${favorite.json().id}`, fan);
    expect(unfavorite.statusCode).toBe(204);

    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: owner.headers,
      payload: { name: 'script', scope: 'read' },
    });
    expect(token.statusCode).toBe(201);
    expect((await emptyJson('DELETE', `/tokens/${token.json().id}`, owner)).statusCode).toBe(204);

    expect((await emptyJson('DELETE', `/datasets/${dataset.id}`, owner)).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/datasets/${dataset.id}` });
    expect(gone.json().code).toBe('DATASET_NOT_FOUND');
  });

  it('forks with the source’s name, description and visibility', async () => {
    const source = await newDataset(t, owner, { name: 'Rain', description: 'Rainfall' });
    const fork = await emptyJson('POST', `/datasets/${source.id}/fork`, fan);
    expect(fork.statusCode).toBe(201);
    expect(fork.json()).toMatchObject({ name: 'Rain', description: 'Rainfall', is_public: true });
  });

  it('is still refused where a body is needed, naming the body', async () => {
    const res = await emptyJson('POST', '/favorites', fan);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().details[0].field).toBe('body');
  });
});

describe('no body at all', () => {
  it('forks with the source’s fields', async () => {
    const source = await newDataset(t, owner, { name: 'Snow', description: 'Snowfall' });
    const fork = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${source.id}/fork`,
      headers: fan.headers,
    });
    expect(fork.statusCode).toBe(201);
    expect(fork.json()).toMatchObject({ name: 'Snow', description: 'Snowfall', is_fork: true });
  });
});
