import { writeFile } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blobs,
  datasets,
  datasetVersions,
  favorites,
  follows,
  oauthAccounts,
  ratings,
  refreshTokens,
  users,
} from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { refreshCookie, signUp, type SignedUp } from '../support/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (identifier: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { identifier, password } });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } });
const changePassword = (me: SignedUp, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/password',
    headers: me.auth,
    payload: payload as object,
  });
const deleteMe = (me: SignedUp, payload: unknown) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/v1/users/me',
    headers: me.auth,
    payload: payload as object,
  });

describe('PUT /api/v1/users/me/password', () => {
  it('changes the password, signs out the other sessions and opens a fresh one', async () => {
    const me = await signUp(t.app);
    const laptop = await login(me.user.username, me.password);
    const laptopRefresh = refreshCookie(laptop)!.value;

    const res = await changePassword(me, {
      current_password: me.password,
      new_password: 'a much better secret',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      user: expect.objectContaining({ id: me.user.id, email: me.user.email }),
      access_token: expect.any(String),
      expires_in: 900,
    });
    const fresh = refreshCookie(res)!;
    expect(fresh).toMatchObject({ httpOnly: true, path: '/api/v1/auth' });

    expect((await refresh(me.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptopRefresh)).statusCode).toBe(401);
    expect((await refresh(fresh.value)).statusCode).toBe(200);

    expect((await login(me.user.username, me.password)).statusCode).toBe(401);
    expect((await login(me.user.email, 'a much better secret')).statusCode).toBe(200);
  });

  it('answers 403 INVALID_PASSWORD for a wrong current password and keeps everything', async () => {
    const me = await signUp(t.app);
    const res = await changePassword(me, {
      current_password: 'not my password',
      new_password: 'another secret',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Current password is incorrect',
    });
    expect(refreshCookie(res)).toBeUndefined();
    expect((await refresh(me.refreshToken)).statusCode).toBe(200);
    expect((await login(me.user.username, me.password)).statusCode).toBe(200);
  });

  it.each([
    ['a short new password', { current_password: 'x', new_password: 'short' }, 'new_password'],
    ['a missing current password', { new_password: 'long enough' }, 'current_password'],
    [
      'a 129-character new password',
      { current_password: 'x', new_password: 'p'.repeat(129) },
      'new_password',
    ],
  ])('answers 400 for %s', async (_name, payload, field) => {
    const me = await signUp(t.app);
    const res = await changePassword(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field }] });
  });

  it('requires a bearer token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      payload: { current_password: 'whatever1', new_password: 'whatever2' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('throttles repeated wrong current passwords with 429 and Retry-After', async () => {
    const tt = await createTestApp({ LOGIN_MAX_FAILURES: '2' });
    try {
      const me = await signUp(tt.app);
      const attempt = (current: string) =>
        tt.app.inject({
          method: 'PUT',
          url: '/api/v1/users/me/password',
          headers: me.auth,
          payload: { current_password: current, new_password: 'brand new secret' },
        });
      expect((await attempt('wrong one')).statusCode).toBe(403);
      expect((await attempt('wrong two')).statusCode).toBe(403);
      const locked = await attempt(me.password);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await tt.close();
    }
  });
});

const sha = (c: string) => c.repeat(64);

async function storeBlob(sha256: string) {
  const temp = t.ctx.blobs.tempPath();
  await writeFile(temp, `content of ${sha256}`);
  await t.ctx.blobs.putFile(temp, sha256);
  await t.ctx.db.insert(blobs).values({ sha256, byteSize: 20 });
}

async function addDataset(
  ownerId: number,
  name: string,
  extra: Partial<typeof datasets.$inferInsert> = {},
) {
  const [row] = await t.ctx.db
    .insert(datasets)
    .values({ ownerId, name, ...extra })
    .returning();
  return row!;
}

async function addVersion(datasetId: number, version: number, sha256: string) {
  await t.ctx.db.insert(datasetVersions).values({
    datasetId,
    version,
    attributes: ['a'],
    attributeTypes: { a: 'string' },
    entriesCount: 1,
    byteSize: 20,
    sha256,
    preview: [['x']],
  });
}

describe('DELETE /api/v1/users/me', () => {
  it('answers 403 for a wrong password and deletes nothing', async () => {
    const me = await signUp(t.app);
    const res = await deleteMe(me, { password: 'not my password' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INVALID_PASSWORD');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: me.auth })).statusCode,
    ).toBe(200);
  });

  it('answers 400 without a password', async () => {
    const me = await signUp(t.app);
    expect((await deleteMe(me, {})).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'password' }],
    });
    const noBody = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: me.auth,
    });
    expect(noBody.statusCode).toBe(400);
  });

  it('deletes the account and what it owns, recounts what it touched, keeps others’ forks', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const carol = await signUp(t.app);

    const onlyAlice = sha('a');
    const shared = sha('b');
    const onlyBob = sha('c');
    for (const s of [onlyAlice, shared, onlyBob]) await storeBlob(s);

    const aliceData = await addDataset(alice.user.id, 'alice data');
    await addVersion(aliceData.id, 1, onlyAlice);
    await addVersion(aliceData.id, 2, shared);
    const bobData = await addDataset(bob.user.id, 'bob data', {
      ratingCount: 2,
      averageScore: 4,
      favoriteCount: 2,
      forkCount: 1,
      heat: 123,
    });
    await addVersion(bobData.id, 1, shared);
    await addVersion(bobData.id, 2, onlyBob);
    const bobForkOfAlice = await addDataset(bob.user.id, 'bob fork', {
      forkedFromId: aliceData.id,
      isFork: true,
    });
    const aliceForkOfBob = await addDataset(alice.user.id, 'alice fork', {
      forkedFromId: bobData.id,
      isFork: true,
    });

    await t.ctx.db.insert(ratings).values([
      { datasetId: bobData.id, userId: alice.user.id, score: 5 },
      { datasetId: bobData.id, userId: carol.user.id, score: 3 },
      { datasetId: aliceData.id, userId: carol.user.id, score: 4 },
    ]);
    await t.ctx.db.insert(favorites).values([
      { datasetId: bobData.id, userId: alice.user.id },
      { datasetId: bobData.id, userId: carol.user.id },
      { datasetId: aliceData.id, userId: bob.user.id },
    ]);
    await t.ctx.db.insert(follows).values([
      { followerId: alice.user.id, followeeId: bob.user.id },
      { followerId: carol.user.id, followeeId: alice.user.id },
      { followerId: carol.user.id, followeeId: bob.user.id },
    ]);
    await t.ctx.db
      .insert(oauthAccounts)
      .values({ provider: 'example', subject: 'alice-1', userId: alice.user.id });

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { ...alice.auth, cookie: `refresh_token=${alice.refreshToken}` },
      payload: { password: alice.password },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(refreshCookie(res)?.value).toBe('');

    // The account is gone for every caller.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/users/${alice.user.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: alice.auth }))
        .statusCode,
    ).toBe(401);
    expect((await login(alice.user.username, alice.password)).statusCode).toBe(401);
    expect((await refresh(alice.refreshToken)).statusCode).toBe(401);

    const db = t.ctx.db;
    expect(await db.select().from(users).where(eq(users.id, alice.user.id))).toEqual([]);
    expect(
      await db.select().from(refreshTokens).where(eq(refreshTokens.userId, alice.user.id)),
    ).toEqual([]);
    expect(
      await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, alice.user.id)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(datasets)
        .where(inArray(datasets.id, [aliceData.id, aliceForkOfBob.id])),
    ).toEqual([]);
    expect(
      await db.select().from(datasetVersions).where(eq(datasetVersions.datasetId, aliceData.id)),
    ).toEqual([]);
    expect(await db.select().from(ratings).where(eq(ratings.datasetId, aliceData.id))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.datasetId, aliceData.id))).toEqual(
      [],
    );
    expect(await db.select().from(follows)).toEqual([
      expect.objectContaining({ followerId: carol.user.id, followeeId: bob.user.id }),
    ]);

    // Bob's dataset: Alice's rating, favourite and fork no longer count.
    const [bobAfter] = await db.select().from(datasets).where(eq(datasets.id, bobData.id));
    expect(bobAfter).toMatchObject({
      ratingCount: 1,
      averageScore: 3,
      favoriteCount: 1,
      forkCount: 0,
    });
    expect(bobAfter!.heat).not.toBe(123);

    // Bob's fork of Alice's dataset stays, with its origin gone.
    const [forkAfter] = await db.select().from(datasets).where(eq(datasets.id, bobForkOfAlice.id));
    expect(forkAfter).toMatchObject({ forkedFromId: null, isFork: true, ownerId: bob.user.id });

    // Only the blob nobody uses any more is reclaimed.
    const left = await db.select({ sha256: blobs.sha256 }).from(blobs);
    expect(left.map((b) => b.sha256).sort()).toEqual([shared, onlyBob]);
    expect(await t.ctx.blobs.has(onlyAlice)).toBe(false);
    expect(await t.ctx.blobs.has(shared)).toBe(true);
    expect(await t.ctx.blobs.has(onlyBob)).toBe(true);

    // Bob and Carol are untouched.
    for (const other of [bob, carol]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: other.auth,
      });
      expect(me.statusCode).toBe(200);
    }
  });

  it('frees the username and e-mail for a new account', async () => {
    const gone = await signUp(t.app, { username: 'phoenix', email: 'phoenix@example.com' });
    expect((await deleteMe(gone, { password: gone.password })).statusCode).toBe(204);
    const again = await signUp(t.app, { username: 'Phoenix', email: 'PHOENIX@example.com' });
    expect(again.user.id).not.toBe(gone.user.id);
  });
});
