import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { suiteApp } from '../../support/api.ts';

const t = suiteApp();
let ann: SignedUp;
let bob: SignedUp;
let cai: SignedUp;

beforeAll(async () => {
  [ann, bob, cai] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
});

const ids = (res: { json: <T>() => T }) =>
  res.json<{ users: { id: number }[] }>().users.map((u) => u.id);

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: SignedUp) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.auth ?? {} });

describe('following a user', () => {
  it('follows, reports the status and is idempotent', async () => {
    const first = await call('POST', `/users/${bob.user.id}/follow`, ann);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ is_following: true });
    const again = await call('POST', `/users/${bob.user.id}/follow`, ann);
    expect(again.json()).toEqual({ is_following: true });

    const status = await call('GET', `/users/${bob.user.id}/follow-status`, ann);
    expect(status.json()).toEqual({ is_following: true });
    const reverse = await call('GET', `/users/${ann.user.id}/follow-status`, bob);
    expect(reverse.json()).toEqual({ is_following: false });

    const followers = await call('GET', `/users/${bob.user.id}/followers`);
    expect(followers.json()).toMatchObject({ total: 1, offset: 0, limit: 20 });
    expect(ids(followers)).toEqual([ann.user.id]);
  });

  it('refuses to follow oneself', async () => {
    const res = await call('POST', `/users/${ann.user.id}/follow`, ann);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CANNOT_FOLLOW_SELF');
  });

  it('answers 404 USER_NOT_FOUND for a missing user', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(method, '/users/999999/follow', ann);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    expect((await call('GET', '/users/999999/followers')).statusCode).toBe(404);
    expect((await call('GET', '/users/999999/follow-status', ann)).statusCode).toBe(404);
  });

  it('rejects a malformed id and needs a token to follow', async () => {
    expect((await call('POST', '/users/abc/follow', ann)).statusCode).toBe(400);
    const guest = await call('POST', `/users/${bob.user.id}/follow`);
    expect(guest.statusCode).toBe(401);
    const guestStatus = await call('GET', `/users/${bob.user.id}/follow-status`);
    expect(guestStatus.json()).toEqual({ is_following: false });
  });

  it('unfollows, idempotently', async () => {
    await call('POST', `/users/${cai.user.id}/follow`, bob);
    const res = await call('DELETE', `/users/${cai.user.id}/follow`, bob);
    expect(res.json()).toEqual({ is_following: false });
    const again = await call('DELETE', `/users/${cai.user.id}/follow`, bob);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ is_following: false });
    const status = await call('GET', `/users/${cai.user.id}/follow-status`, bob);
    expect(status.json()).toEqual({ is_following: false });
  });
});

describe('follow lists', () => {
  it('lists public users newest first with paging, and never an e-mail', async () => {
    const fan = await signUp(t.app);
    await call('POST', `/users/${ann.user.id}/follow`, fan);
    await call('POST', `/users/${bob.user.id}/follow`, fan);
    await call('POST', `/users/${cai.user.id}/follow`, fan);

    const all = await call('GET', `/users/${fan.user.id}/following`);
    expect(all.statusCode).toBe(200);
    const body = all.json<{ total: number; users: { id: number; username: string }[] }>();
    expect(body.total).toBe(3);
    expect(body.users.map((u) => u.id)).toEqual([cai.user.id, bob.user.id, ann.user.id]);
    expect(body.users[0]).not.toHaveProperty('email');
    expect(body.users[0]).toHaveProperty('username', cai.user.username);

    const page = await call('GET', `/users/${fan.user.id}/following?offset=1&limit=1`);
    expect(page.json()).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(ids(page)).toEqual([bob.user.id]);

    expect((await call('GET', `/users/${fan.user.id}/following?limit=101`)).statusCode).toBe(400);
    expect((await call('GET', `/users/${fan.user.id}/following?offset=-1`)).statusCode).toBe(400);
  });

  it('shows the counts on the public profile', async () => {
    const res = await call('GET', `/users/${cai.user.id}/profile`);
    expect(res.json().stats.followers).toBe(1);
  });
});
