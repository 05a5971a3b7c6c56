import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, favorites } from '../../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, datasetAs, newDataset, queryRows } from '../../support/api.ts';

// Writes sent while their author deletes the account. On PostgreSQL the requests really run at
// the same time; on PGlite they interleave between transactions. Either way a write the
// deletion overtook answers what a deleted account gets, and the counters come out exact.

const onPostgres = process.env['TEST_DB'] === 'postgres';
let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const deleteMe = (who: SignedUp) => call('DELETE', '/users/me', who, { password: who.password });

/** What the answer tells a client: `201`, or `401 TOKEN_INVALID`. */
function answer(res: LightMyRequestResponse): string {
  if (res.statusCode < 300) return String(res.statusCode);
  return `${res.statusCode} ${res.json<{ code: string }>().code}`;
}

/** The deleted account's answers: gone (TOKEN_INVALID), or its session already ended. */
const GONE = ['401 TOKEN_INVALID', '401 SESSION_ENDED'];

async function expectNothingCounted(datasetId: number, owner: SignedUp) {
  expect((await datasetAs(t, datasetId)).json()).toMatchObject({
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
    t,
    sql`select count(*)::int as n from ${datasets} where ${datasets.forkedFromId} = ${datasetId}`,
  );
  expect(Number(forks[0]!.n)).toBe(0);
}

describe('writes racing their author’s account deletion', () => {
  it('favourite, rating, fork and follow sent with DELETE /users/me: no 5xx, exact counters', async () => {
    const owner = await signUp(t.app);
    const { id } = await newDataset(t, owner);
    // PGlite runs one transaction at a time: one round shows the answers, two on PostgreSQL
    // meet the race.
    for (let round = 0; round < (onPostgres ? 2 : 1); round++) {
      const leavers = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
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

/** Waits until `n` of this database's connections wait for a row lock (PostgreSQL only). */
async function lockWaiters(n: number): Promise<void> {
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row!.n) >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Runs `lock` in a transaction of its own and holds what it locked until the returned release. */
async function hold(lock: SQL): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const done = t.ctx.db.transaction(async (tx) => {
    await tx.execute(lock);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

/** Holds a dataset row locked, as a counter change does. */
const holdDataset = (id: number) =>
  hold(sql`select 1 from ${datasets} where ${datasets.id} = ${id} for no key update`);

describe('the interleavings that lost a count or a write (PostgreSQL)', () => {
  const writes = {
    favourite: (u: SignedUp, id: number) => call('POST', '/favorites', u, { dataset_id: id }),
    rating: (u: SignedUp, id: number) => call('POST', `/datasets/${id}/rate`, u, { score: 4 }),
    fork: (u: SignedUp, id: number) => call('POST', `/datasets/${id}/fork`, u, {}),
  };

  for (const [what, write] of Object.entries(writes)) {
    it(`a ${what} made while the deletion waits for another dataset is not counted`, async () => {
      const owner = await signUp(t.app);
      const [target, other] = [await newDataset(t, owner), await newDataset(t, owner)];
      const leaver = await signUp(t.app);
      await call('POST', `/datasets/${other.id}/rate`, leaver, { score: 3 });
      if (!onPostgres) {
        // PGlite runs one transaction at a time: the write comes before or after, never within.
        await write(leaver, target.id);
        expect((await deleteMe(leaver)).statusCode).toBe(204);
        await expectNothingCounted(target.id, owner);
        return;
      }
      // The deletion stops at the dataset it must recount; the write comes in meanwhile.
      const release = await holdDataset(other.id);
      const deletion = deleteMe(leaver);
      await lockWaiters(1);
      const written = write(leaver, target.id);
      await Promise.race([written, lockWaiters(2)]);
      await release();
      expect((await deletion).statusCode).toBe(204);
      expect(answer(await written)).toBe('401 TOKEN_INVALID');
      await expectNothingCounted(target.id, owner);
    });

    it(`a ${what} waiting for its dataset while the account goes answers 401`, async () => {
      const owner = await signUp(t.app);
      const target = await newDataset(t, owner);
      const leaver = await signUp(t.app);
      if (!onPostgres) {
        const [written, deletion] = await Promise.all([write(leaver, target.id), deleteMe(leaver)]);
        expect(deletion.statusCode).toBe(204);
        expect(['200', '201', ...GONE]).toContain(answer(written));
        await expectNothingCounted(target.id, owner);
        return;
      }
      // The write stops at its dataset; the deletion comes in meanwhile.
      const release = await holdDataset(target.id);
      const written = write(leaver, target.id);
      await lockWaiters(1);
      const deletion = deleteMe(leaver);
      await Promise.race([deletion, lockWaiters(2)]);
      await release();
      expect((await deletion).statusCode).toBe(204);
      expect(['200', '201', '401 TOKEN_INVALID']).toContain(answer(await written));
      await expectNothingCounted(target.id, owner);
    });
  }
});

describe('any write the deletion overtook (PostgreSQL)', () => {
  it('a new dataset whose insert comes after the account is gone answers 401 and leaves nothing', async () => {
    const other = await signUp(t.app);
    const leaver = await signUp(t.app);
    // The same table twice is one blob: the leaver's upload waits for the lock on its hash.
    const { versions } = await newDataset(t, other, { name: 'shared rain' });
    const table = { attributes: ['city', 'rain_mm'], entries: [['Kunming', 1000]] };
    const first = await call('POST', '/datasets', other, { name: 'kunming', ...table });
    const sha256 = first.json<{ versions: { sha256: string }[] }>().versions[0]!.sha256;
    expect(sha256).not.toBe(versions[0]!.sha256);
    const create = () => call('POST', '/datasets', leaver, { name: 'leaving rain', ...table });
    if (!onPostgres) {
      expect((await deleteMe(leaver)).statusCode).toBe(204);
      expect(answer(await create())).toMatch(/^401 /);
    } else {
      const release = await hold(sql`select pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`);
      const created = create();
      await lockWaiters(1);
      expect((await deleteMe(leaver)).statusCode).toBe(204);
      await release();
      expect(answer(await created)).toBe('401 TOKEN_INVALID');
    }
    const left = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from ${datasets} where ${datasets.name} = 'leaving rain'`,
    );
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('deleting one’s fork while deleting the account: both done, no deadlock', async () => {
    const owner = await signUp(t.app);
    const origin = await newDataset(t, owner);
    const leaver = await signUp(t.app);
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
      const release = await hold(
        sql`select 1 from ${favorites} where ${favorites.datasetId} = ${fork.id} for update`,
      );
      const forkGone = deleteFork();
      await lockWaiters(1);
      const accountGone = deleteMe(leaver);
      await Promise.race([accountGone, lockWaiters(2)]);
      await release();
      answers = [answer(await forkGone), answer(await accountGone)];
    }
    expect([['204', '204'], ...GONE.map((gone) => [gone, '204'])]).toContainEqual(answers);
    await expectNothingCounted(origin.id, owner);
  });
});
