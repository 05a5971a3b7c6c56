import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { signUp } from '../../support/users.ts';
import { caller, newDataset } from '../../support/api.ts';

// Other people's writes on a dataset while its owner deletes the account, and deletions that
// meet each other's rows (two accounts, an origin and its fork). A counter change
// recounted a dataset and then rewrote its heat: the second write to a row the transaction had
// already changed made PostgreSQL check the row's owner again (a key-share lock on the owner's
// account), while the deletion held that account and waited for the dataset: a deadlock, 500.
// On PGlite requests interleave between transactions; on PostgreSQL they really meet.

const onPostgres = process.env['TEST_DB'] === 'postgres';
let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

describe('deletions racing writes and other deletions', () => {
  it('favourites, ratings, forks and downloads: no 5xx, the dataset gone after', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
    for (let round = 0; round < (onPostgres ? 6 : 1); round++) {
      const owner = await signUp(t.app);
      const { id } = await newDataset(t, owner);
      const writes = fans.flatMap((fan) => [
        call('POST', '/favorites', fan, { dataset_id: id }),
        call('POST', `/datasets/${id}/rate`, fan, { score: 4 }),
        call('POST', `/datasets/${id}/fork`, fan, {}),
        call('GET', `/datasets/${id}/versions/1/download?format=parquet`, fan),
      ]);
      const [deletion, ...answers] = await Promise.all([
        call('DELETE', '/users/me', owner, { password: owner.password }),
        ...writes,
      ]);
      expect(deletion.statusCode).toBe(204);
      for (const res of answers) {
        const seen = res.statusCode < 300 ? res.statusCode : res.json<{ code: string }>().code;
        expect([200, 201, 'DATASET_NOT_FOUND']).toContain(seen);
      }
      expect((await call('GET', `/datasets/${id}`)).statusCode).toBe(404);
    }
  });

  it('two owners who rated, favourited and forked each other’s datasets delete at once', async () => {
    for (let round = 0; round < (onPostgres ? 8 : 1); round++) {
      const [a, b] = await Promise.all([signUp(t.app), signUp(t.app)]);
      const [ofA, ofB] = await Promise.all([newDataset(t, a), newDataset(t, b)]);
      for (const [who, id] of [
        [a, ofB.id],
        [b, ofA.id],
      ] as const) {
        await call('POST', `/datasets/${id}/rate`, who, { score: 3 });
        await call('POST', '/favorites', who, { dataset_id: id });
        expect((await call('POST', `/datasets/${id}/fork`, who, {})).statusCode).toBe(201);
      }
      const deletions = await Promise.all(
        [a, b].map((who) => call('DELETE', '/users/me', who, { password: who.password })),
      );
      expect(deletions.map((res) => res.statusCode)).toEqual([204, 204]);
    }
  });

  it('an origin and forks of it deleted at once by their owners', async () => {
    for (let round = 0; round < (onPostgres ? 6 : 1); round++) {
      const [owner, forker] = await Promise.all([signUp(t.app), signUp(t.app)]);
      const origins = await Promise.all([newDataset(t, owner), newDataset(t, owner)]);
      const forks = await Promise.all(
        origins.map(({ id }) => call('POST', `/datasets/${id}/fork`, forker, {})),
      );
      const deletions = await Promise.all([
        ...origins.map(({ id }) => call('DELETE', `/datasets/${id}`, owner)),
        ...forks.map((fork) => call('DELETE', `/datasets/${fork.json().id}`, forker)),
      ]);
      expect(deletions.map((res) => res.statusCode)).toEqual([204, 204, 204, 204]);
    }
  });
});
