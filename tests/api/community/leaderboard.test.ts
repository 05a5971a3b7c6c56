import { beforeAll, describe, expect, it } from 'vitest';
import { createSiteServices } from '../../../src/server/site/services.ts';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, newDataset, setPublic, suiteApp } from '../../support/api.ts';

const t = suiteApp();
let call: ReturnType<typeof caller>;
let o1: SignedUp;
let o2: SignedUp;
let fans: SignedUp[];
const d: Record<'top' | 'few' | 'mid' | 'hidden', number> = { top: 0, few: 0, mid: 0, hidden: 0 };

async function download(id: number, who: SignedUp) {
  const res = await call('GET', `/datasets/${id}/versions/1/download`, who);
  expect(res.statusCode).toBe(200);
}

/**
 * top: o1, ratings 5 5 4, 2 favourites, 1 download.
 * few: o1, ratings 5 5 (too few for the score board).
 * mid: o2, ratings 3 3 3, 3 downloads.
 * hidden: o2, private, ratings 5 5 5, 4 favourites, 4 downloads (all made while public).
 */
beforeAll(async () => {
  call = caller(t);
  const everyone = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
  [o1, o2] = [everyone[0]!, everyone[1]!];
  fans = everyone.slice(2);
  const [f1, f2, f3, f4] = fans as [SignedUp, SignedUp, SignedUp, SignedUp];
  d.top = (await newDataset(t, o1)).id;
  d.few = (await newDataset(t, o1)).id;
  d.mid = (await newDataset(t, o2)).id;
  d.hidden = (await newDataset(t, o2)).id;
  const rate = (id: number, who: SignedUp, score: number) =>
    call('POST', `/datasets/${id}/rate`, who, { score });
  const favourite = (id: number, who: SignedUp) =>
    call('POST', '/favorites', who, { dataset_id: id });
  await Promise.all([
    rate(d.top, f1, 5),
    rate(d.top, f2, 5),
    rate(d.top, f3, 4),
    rate(d.few, f1, 5),
    rate(d.few, f2, 5),
    rate(d.mid, f1, 3),
    rate(d.mid, f2, 3),
    rate(d.mid, f3, 3),
    rate(d.hidden, f1, 5),
    rate(d.hidden, f2, 5),
    rate(d.hidden, f3, 5),
  ]);
  for (const who of [f1, f2]) await favourite(d.top, who);
  for (const who of [f1, f2, f3, f4]) await favourite(d.hidden, who);
  await download(d.top, f1);
  for (const who of [f1, f2, f3]) await download(d.mid, who);
  for (const who of [f1, f2, f3, f4]) await download(d.hidden, who);
  await setPublic(t, o2, d.hidden, false);
  // Followers: o1 ← f1, f2; o2 ← f3; f1 ← f2.
  await call('POST', `/users/${o1.user.id}/follow`, f1);
  await call('POST', `/users/${o1.user.id}/follow`, f2);
  await call('POST', `/users/${o2.user.id}/follow`, f3);
  await call('POST', `/users/${f1.user.id}/follow`, f2);
});

type DatasetEntry = { rank: number; value: number; dataset: { id: number } };
type UserEntry = { rank: number; value: number; user: { id: number } };

const datasetBoard = async (query: string, who?: SignedUp) => {
  const res = await call('GET', `/leaderboard/datasets${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().entries as DatasetEntry[];
};
const userBoard = async (query: string) => {
  const res = await call('GET', `/leaderboard/users${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().entries as UserEntry[];
};

describe('GET /leaderboard/datasets', () => {
  it('ranks by average score only datasets with at least 3 ratings', async () => {
    const entries = await datasetBoard('?by=score');
    expect(entries.map((e) => e.dataset.id)).toEqual([d.top, d.mid]);
    expect(entries[0]!.rank).toBe(1);
    // 14 / 3 as the board shows it, to one decimal.
    expect(entries[0]!.value).toBe(4.7);
    expect(entries[1]).toMatchObject({ rank: 2, value: 3 });
  });

  it('ranks by downloads', async () => {
    const entries = await datasetBoard('?by=downloads');
    expect(entries.slice(0, 2).map((e) => [e.dataset.id, e.value])).toEqual([
      [d.mid, 3],
      [d.top, 1],
    ]);
    expect(entries.map((e) => e.dataset.id)).toContain(d.few);
  });

  it('ranks by heat by default, highest first', async () => {
    const entries = await datasetBoard('');
    expect(entries[0]!.dataset.id).toBe(d.top);
    const values = entries.map((e) => e.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(entries.map((e) => e.rank)).toEqual([1, 2, 3]);
  });

  it('never lists a private dataset, not even to its owner', async () => {
    for (const by of ['heat', 'downloads', 'score']) {
      const entries = await datasetBoard(`?by=${by}`, o2);
      expect(entries.map((e) => e.dataset.id)).not.toContain(d.hidden);
    }
  });

  it('honours limit and rejects bad parameters', async () => {
    expect(await datasetBoard('?by=downloads&limit=1')).toHaveLength(1);
    for (const query of ['?limit=0', '?limit=101', '?by=name', '?limit=abc']) {
      const res = await call('GET', `/leaderboard/datasets${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /leaderboard/users', () => {
  it('ranks by followers, equal counts sharing a rank', async () => {
    const entries = await userBoard('?by=followers');
    expect(entries[0]).toMatchObject({ rank: 1, value: 2, user: { id: o1.user.id } });
    expect(entries.slice(1).map((e) => [e.rank, e.value])).toEqual([
      [2, 1],
      [2, 1],
    ]);
    expect(
      entries
        .slice(1)
        .map((e) => e.user.id)
        .sort(),
    ).toEqual([o2.user.id, fans[0]!.user.id].sort());
    expect(entries[0]!.user).not.toHaveProperty('email');
  });

  it('ranks by downloads of public datasets only', async () => {
    const entries = await userBoard('?by=downloads');
    expect(entries.map((e) => [e.user.id, e.value])).toEqual([
      [o2.user.id, 3],
      [o1.user.id, 1],
    ]);
  });

  it('rejects an unknown ordering', async () => {
    expect((await call('GET', '/leaderboard/users?by=heat')).statusCode).toBe(400);
  });
});

describe('SSR reads', () => {
  it('give the leaderboards, follow lists and public datasets a guest may see', async () => {
    const site = createSiteServices(t.ctx).community;
    const boards = await site.leaderboard({ datasets: 'score', users: 'downloads', limit: 5 });
    expect(boards?.datasets.entries.map((e) => e.dataset.id)).toEqual([d.top, d.mid]);
    expect(boards?.users.entries[0]?.user.id).toBe(o2.user.id);
    expect(await site.leaderboard({ limit: 1000 })).toBeNull();

    const followers = await site.followers(o1.user.id);
    expect(followers?.total).toBe(2);
    expect((await site.following(fans[1]!.user.id))?.total).toBe(2);
    expect(await site.followers(999999)).toBeNull();

    const published = await site.publicDatasetsOf(o2.user.id);
    expect(published?.datasets.map((x) => x.id)).toEqual([d.mid]);
  });
});
