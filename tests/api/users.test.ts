import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasets, follows, users } from '../../src/server/db/schema.ts';
import { signUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

const t = suiteApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });

const names = (res: { json: () => { users: { username: string }[] } }) =>
  res.json().users.map((u) => u.username);

const PUBLIC_KEYS = [
  'avatar',
  'bio',
  'created_at',
  'id',
  'is_verified',
  'last_login_at',
  'nickname',
  'username',
];

describe('GET /api/v1/users/{id}', () => {
  it('answers the public user, without e-mail', async () => {
    const someone = await signUp(t.app, { username: 'public_face', email: 'secret@example.com' });
    const res = await get(`users/${someone.user.id}`);
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(Object.keys(user).sort()).toEqual(PUBLIC_KEYS);
    expect(user.username).toBe('public_face');
    expect(res.body).not.toContain('secret@example.com');
  });

  it('answers 404 USER_NOT_FOUND for an unknown or deactivated user', async () => {
    const res = await get('users/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'User not found',
      code: 'USER_NOT_FOUND',
      details: null,
    });

    const gone = await signUp(t.app);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    expect((await get(`users/${gone.user.id}`)).statusCode).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e3'])(
    'answers 400 VALIDATION_ERROR for the id %s',
    async (id) => {
      const res = await get(`users/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'id' }] });
      expect((await get(`users/${id}/profile`)).statusCode).toBe(400);
    },
  );
});

describe('GET /api/v1/users', () => {
  const tl = suiteApp();
  beforeAll(async () => {
    for (const name of ['alpha', 'Alphabet', 'beta', 'gamma_ray', 'delta']) {
      await signUp(tl.app, { username: name, email: `${name}@list.example` });
    }
    const [gamma] = await tl.ctx.db.select().from(users).where(eq(users.username, 'gamma_ray'));
    await tl.ctx.db.update(users).set({ nickname: '阿尔法 Fan' }).where(eq(users.id, gamma!.id));
  });
  const list = (qs: string) => tl.app.inject({ method: 'GET', url: `/api/v1/users${qs}` });

  it('lists every user with defaults offset 0 and limit 20', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 5, offset: 0, limit: 20 });
    expect(names(res)).toEqual(['alpha', 'Alphabet', 'beta', 'gamma_ray', 'delta']);
    for (const user of body.users) expect(Object.keys(user).sort()).toEqual(PUBLIC_KEYS);
    expect(res.body).not.toContain('@list.example');
  });

  it('matches username or nickname case-insensitively, exact username first', async () => {
    const res = await list('?query=ALPHA');
    expect(res.json().total).toBe(2);
    expect(names(res)).toEqual(['alpha', 'Alphabet']);
    const byNickname = await list(`?query=${encodeURIComponent('阿尔法')}`);
    expect(names(byNickname)).toEqual(['gamma_ray']);
    const byFan = await list('?query=fan');
    expect(byFan.json().total).toBe(1);
  });

  it('treats % and _ in the query as plain characters', async () => {
    expect((await list('?query=%25')).json().total).toBe(0);
    expect(names(await list('?query=_'))).toEqual(['gamma_ray']);
  });

  it('pages with offset and limit, total counting every match', async () => {
    const page = await list('?offset=1&limit=2');
    expect(page.json()).toMatchObject({ total: 5, offset: 1, limit: 2 });
    expect(names(page)).toEqual(['Alphabet', 'beta']);
    const past = await list('?offset=10&limit=100');
    expect(past.json()).toMatchObject({ users: [], total: 5, offset: 10, limit: 100 });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
    [`query=${'q'.repeat(101)}`, 'query'],
  ])('answers 400 for %s', async (qs, field) => {
    const res = await list(`?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field }] });
  });
});

describe('GET /api/v1/users/{id}/profile', () => {
  it('counts followers, following, public datasets and their downloads', async () => {
    const owner = await signUp(t.app, { email: 'owner-secret@example.com' });
    const fans = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const idol = await signUp(t.app);
    await t.ctx.db
      .insert(follows)
      .values([
        ...fans.map((f) => ({ followerId: f.user.id, followeeId: owner.user.id })),
        { followerId: owner.user.id, followeeId: idol.user.id },
      ]);
    await t.ctx.db.insert(datasets).values([
      { ownerId: owner.user.id, name: 'open one', downloadCount: 10 },
      { ownerId: owner.user.id, name: 'open two', downloadCount: 5 },
      { ownerId: owner.user.id, name: 'private', isPublic: false, downloadCount: 100 },
      { ownerId: fans[0]!.user.id, name: 'not theirs', downloadCount: 7 },
    ]);

    for (const viewer of [{}, owner.auth]) {
      const res = await get(`users/${owner.user.id}/profile`, viewer);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.stats).toEqual({
        followers: 3,
        following: 1,
        public_datasets: 2,
        total_downloads: 15,
      });
      expect(Object.keys(body.user).sort()).toEqual(PUBLIC_KEYS);
      expect(res.body).not.toContain('owner-secret');
    }
  });

  it('answers zeros for a new user and 404 for an unknown one', async () => {
    const fresh = await signUp(t.app);
    const res = await get(`users/${fresh.user.id}/profile`);
    expect(res.json().stats).toEqual({
      followers: 0,
      following: 0,
      public_datasets: 0,
      total_downloads: 0,
    });
    const unknown = await get('users/987654/profile');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('USER_NOT_FOUND');
  });
});
