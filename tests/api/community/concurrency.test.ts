import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, datasetAs, newDataset, suiteApp } from '../../support/api.ts';

// On PostgreSQL these requests really run at the same time (a pool of connections); on PGlite
// they interleave between statements. Either way the counters must come out exact.

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let users: SignedUp[];

beforeAll(async () => {
  call = caller(t);
  const everyone = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
  owner = everyone[0]!;
  users = everyone.slice(1);
});

describe('simultaneous requests', () => {
  it('the same favourite sent 5 times at once makes one favourite', async () => {
    const fan = users[0]!;
    const { id } = await newDataset(t, owner);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/favorites', fan, { dataset_id: id })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    expect((await call('GET', '/favorites', fan)).json().total).toBe(1);
    expect((await datasetAs(t, id)).json().favorite_count).toBe(1);
  });

  it('five users favouriting at once count five', async () => {
    const { id } = await newDataset(t, owner);
    await Promise.all(users.map((u) => call('POST', '/favorites', u, { dataset_id: id })));
    expect((await datasetAs(t, id)).json().favorite_count).toBe(5);
    const favourites = await Promise.all(
      users.map(async (u) =>
        (await call('GET', `/favorites/check/${id}`, u)).json<{ favorite_id: number }>(),
      ),
    );
    await Promise.all(
      favourites.map((f, i) => call('DELETE', `/favorites/${f.favorite_id}`, users[i])),
    );
    expect((await datasetAs(t, id)).json().favorite_count).toBe(0);
  });

  it('two ratings at once are both counted in the average', async () => {
    const { id } = await newDataset(t, owner);
    const [a, b] = await Promise.all([
      call('POST', `/datasets/${id}/rate`, users[0], { score: 1 }),
      call('POST', `/datasets/${id}/rate`, users[1], { score: 4 }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const after = (await datasetAs(t, id)).json();
    expect(after.rating_count).toBe(2);
    expect(after.average_score).toBeCloseTo(2.5, 5);
  });

  it('one user’s simultaneous ratings leave one rating', async () => {
    const { id } = await newDataset(t, owner);
    await Promise.all(
      [3, 5, 1, 4].map((score) => call('POST', `/datasets/${id}/rate`, users[2], { score })),
    );
    const after = (await call('GET', `/datasets/${id}/rating`, users[2])).json();
    expect(after.rating_count).toBe(1);
    expect(after.average_score).toBe(after.score);
  });

  it('simultaneous forks are all counted', async () => {
    const { id } = await newDataset(t, owner);
    const forks = await Promise.all(users.map((u) => call('POST', `/datasets/${id}/fork`, u, {})));
    expect(forks.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await datasetAs(t, id)).json().fork_count).toBe(5);
  });
});
