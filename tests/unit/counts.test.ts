import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { cachedTotal, forgetCounts } from '../../src/server/services/datasets/counts.ts';

/** The cache only keys on the database object, so a stand-in will do. */
const db = {} as Db;

describe('cachedTotal', () => {
  it('answers a total whose reading was interrupted by a write clearing the cache', async () => {
    let release!: (n: number) => void;
    let loads = 0;
    const load = () => {
      loads++;
      return loads === 1
        ? new Promise<number>((resolve) => (release = resolve))
        : Promise.resolve(7);
    };
    const first = cachedTotal(db, 'interrupted', load);
    const joined = cachedTotal(db, 'interrupted', load);
    await Promise.resolve();
    forgetCounts(db);
    release(5);
    expect(await Promise.all([first, joined])).toEqual([7, 7]);
    expect(loads).toBe(3);
  });

  it('shares one reading between concurrent requests and keeps it', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([
      cachedTotal(db, 'shared', load),
      cachedTotal(db, 'shared', load),
    ]);
    expect([a, b, await cachedTotal(db, 'shared', load)]).toEqual([1, 1, 1]);
    forgetCounts(db);
    expect(await cachedTotal(db, 'shared', load)).toBe(2);
  });
});
