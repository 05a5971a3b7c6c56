import { writeFile } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
import { authPost, refreshCookie, signUp, type SignedUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

const t = suiteApp();

const login = (identifier: string, password: string) =>
  authPost(t.app, 'login', { identifier, password });
const refresh = (token: string) => authPost(t.app, 'refresh', { refresh_token: token });
const deleteMe = (me: SignedUp, payload: unknown) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/v1/users/me',
    headers: me.auth,
    payload: payload as object,
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
