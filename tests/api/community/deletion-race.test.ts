import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasets, favorites } from '../../../src/server/db/schema.ts';
import type { SignedUp } from '../../support/users.ts';
import { datasetAs, newDataset, queryRows } from '../../support/api.ts';
import {
  answer,
  deletionApp,
  GONE,
  hold,
  lockWaiters,
  onPostgres,
  rounds,
} from '../../support/deletions.ts';

// Writes sent while their author deletes the account. On PostgreSQL the requests really run at
// the same time; on PGlite they interleave between transactions. Either way a write the
// deletion overtook answers what a deleted account gets, and the counters come out exact.

const race = deletionApp();
const { call, accounts, deleteAccount: deleteMe } = race;

async function expectNothingCounted(datasetId: number, owner: SignedUp) {
  expect((await datasetAs(race.t, datasetId)).json()).toMatchObject({
    favorite_count: 0,
    rating_count: 0,
    average_score: 0,
    fork_count: 0,
  });
  expect((await call('GET', `/datasets/${datasetId}/rating`)).json()).toEqual({
    score: null,
    average_score: 0,
    rating_count: 0,
  });
  expect((await call('GET', `/users/${owner.user.id}/followers`)).json().total).toBe(0);
  expect((await call('GET', `/users/${owner.user.id}/profile`)).json().stats.followers).toBe(0);
  const forks = await queryRows<{ n: number }>(
    race.t,
    sql`select count(*)::int as n from ${datasets} where ${datasets.forkedFromId} = ${datasetId}`,
  );
  expect(Number(forks[0]!.n)).toBe(0);
}

describe('writes racing their author’s account deletion', () => {
  it('favourite, rating, fork and follow sent with DELETE /users/me: no 5xx, exact counters', async () => {
    const [owner] = await accounts(1);
    const { id } = await newDataset(race.t, owner);
    // PGlite runs one transaction at a time: one round shows the answers, two on PostgreSQL
    // meet the race.
    for (let round = 0; round < rounds(2); round++) {
      const leavers = await accounts(10);
      // Half of them rated it before, so the deletion has the dataset to recount and lock.
      await Promise.all(
        leavers.slice(0, 5).map((u) => call('POST', `/datasets/${id}/rate`, u, { score: 2 })),
      );
      // Each write is sent five times in a row beside the deletion, so some of them meet it
      // half-way.
      const answers = await Promise.all(
        leavers.map(async (u) => {
          const seen: string[] = [];
          const repeat = async (write: () => ReturnType<typeof call>) => {
            for (let i = 0; i < 5; i++) seen.push(answer(await write()));
          };
          const [deletion] = await Promise.all([
            deleteMe(u),
            repeat(() => call('POST', '/favorites', u, { dataset_id: id })),
            repeat(() => call('POST', `/datasets/${id}/rate`, u, { score: 5 })),
            repeat(() => call('POST', `/datasets/${id}/fork`, u, {})),
            repeat(() => call('POST', `/users/${owner.user.id}/follow`, u)),
          ]);
          expect(deletion.statusCode).toBe(204);
          return seen;
        }),
      );

      for (const seen of answers.flat()) expect(['200', '201', ...GONE]).toContain(seen);
      await expectNothingCounted(id, owner);
    }
  });
});

/** Holds a dataset row locked, as a counter change does. */
const holdDataset = (id: number) =>
  hold(race.t, sql`select 1 from ${datasets} where ${datasets.id} = ${id} for no key update`);

describe('the interleavings that lost a count or a write (PostgreSQL)', () => {
  const writes = {
    favourite: (u: SignedUp, id: number) => call('POST', '/favorites', u, { dataset_id: id }),
    rating: (u: SignedUp, id: number) => call('POST', `/datasets/${id}/rate`, u, { score: 4 }),
    fork: (u: SignedUp, id: number) => call('POST', `/datasets/${id}/fork`, u, {}),
  };

  for (const [what, write] of Object.entries(writes)) {
    it(`a ${what} made while the deletion waits for another dataset is not counted`, async () => {
      const [owner] = await accounts(1);
      const [target, other] = [await newDataset(race.t, owner), await newDataset(race.t, owner)];
      const [leaver] = await accounts(1);
      await call('POST', `/datasets/${other.id}/rate`, leaver, { score: 3 });
      if (!onPostgres) {
        // PGlite runs one transaction at a time: the write comes before or after, never within.
        await write(leaver, target.id);
        expect((await deleteMe(leaver)).statusCode).toBe(204);
        await expectNothingCounted(target.id, owner);
        return;
      }
      // The deletion stops at the dataset it must recount; the write comes in meanwhile.
      const held = await holdDataset(other.id);
      const deletion = deleteMe(leaver);
      await lockWaiters(race.t, 1);
      const written = write(leaver, target.id);
      await Promise.race([written, lockWaiters(race.t, 2)]);
      await held.release();
      expect((await deletion).statusCode).toBe(204);
      expect(answer(await written)).toBe('401 TOKEN_INVALID');
      await expectNothingCounted(target.id, owner);
    });

    it(`a ${what} waiting for its dataset while the account goes answers 401`, async () => {
      const [owner] = await accounts(1);
      const target = await newDataset(race.t, owner);
      const [leaver] = await accounts(1);
      if (!onPostgres) {
        const [written, deletion] = await Promise.all([write(leaver, target.id), deleteMe(leaver)]);
        expect(deletion.statusCode).toBe(204);
        expect(['200', '201', ...GONE]).toContain(answer(written));
        await expectNothingCounted(target.id, owner);
        return;
      }
      // The write stops at its dataset; the deletion comes in meanwhile.
      const held = await holdDataset(target.id);
      const written = write(leaver, target.id);
      await lockWaiters(race.t, 1);
      const deletion = deleteMe(leaver);
      await Promise.race([deletion, lockWaiters(race.t, 2)]);
      await held.release();
      expect((await deletion).statusCode).toBe(204);
      expect(['200', '201', '401 TOKEN_INVALID']).toContain(answer(await written));
      await expectNothingCounted(target.id, owner);
    });
  }
});

describe('any write the deletion overtook (PostgreSQL)', () => {
  it('a new dataset whose insert comes after the account is gone answers 401 and leaves nothing', async () => {
    const [other] = await accounts(1);
    const [leaver] = await accounts(1);
    // The same table twice is one blob: the leaver's upload waits for the lock on its hash.
    const { versions } = await newDataset(race.t, other, { name: 'shared rain' });
    const table = { attributes: ['city', 'rain_mm'], entries: [['Kunming', 1000]] };
    const first = await call('POST', '/datasets', other, { name: 'kunming', ...table });
    const sha256 = first.json<{ versions: { sha256: string }[] }>().versions[0]!.sha256;
    expect(sha256).not.toBe(versions[0]!.sha256);
    const create = () => call('POST', '/datasets', leaver, { name: 'leaving rain', ...table });
    if (!onPostgres) {
      expect((await deleteMe(leaver)).statusCode).toBe(204);
      expect(answer(await create())).toMatch(/^401 /);
    } else {
      const held = await hold(
        race.t,
        sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`,
      );
      const created = create();
      await lockWaiters(race.t, 1);
      expect((await deleteMe(leaver)).statusCode).toBe(204);
      await held.release();
      expect(answer(await created)).toBe('401 TOKEN_INVALID');
    }
    const left = await queryRows<{ n: number }>(
      race.t,
      sql`select count(*)::int as n from ${datasets} where ${datasets.name} = 'leaving rain'`,
    );
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('deleting one’s fork while deleting the account: both done, no deadlock', async () => {
    const [owner] = await accounts(1);
    const origin = await newDataset(race.t, owner);
    const [leaver] = await accounts(1);
    const fork = (await call('POST', `/datasets/${origin.id}/fork`, leaver, {})).json<{
      id: number;
    }>();
    await call('POST', '/favorites', owner, { dataset_id: fork.id });
    const deleteFork = () => call('DELETE', `/datasets/${fork.id}`, leaver);
    let answers: string[];
    if (!onPostgres) {
      answers = (await Promise.all([deleteFork(), deleteMe(leaver)])).map(answer);
    } else {
      // The fork's deletion stops at a favourite of it (after locking the fork); the account's
      // deletion comes in meanwhile and locks the fork's origin to recount it.
      const held = await hold(
        race.t,
        sql`select 1 from ${favorites} where ${favorites.datasetId} = ${fork.id} for update`,
      );
      const forkGone = deleteFork();
      await lockWaiters(race.t, 1);
      const accountGone = deleteMe(leaver);
      await Promise.race([accountGone, lockWaiters(race.t, 2)]);
      await held.release();
      answers = [answer(await forkGone), answer(await accountGone)];
    }
    expect([['204', '204'], ...GONE.map((gone) => [gone, '204'])]).toContainEqual(answers);
    await expectNothingCounted(origin.id, owner);
  });
});
