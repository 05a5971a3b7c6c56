import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, datasetAs, newDataset, setPublic, suiteApp } from '../../support/api.ts';

// Private datasets are invisible to everyone but their owner: every community endpoint answers
// 404 DATASET_NOT_FOUND for them, and no list, profile or leaderboard shows them.

const t = suiteApp();
let call: ReturnType<typeof caller>;
let owner: SignedUp;
let other: SignedUp;
let hidden: { id: number };
let open: { id: number };

beforeAll(async () => {
  call = caller(t);
  [owner, other] = await Promise.all([signUp(t.app), signUp(t.app)]);
  hidden = await newDataset(t, owner, { is_public: false });
  open = await newDataset(t, owner);
});

const expect404 = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe('DATASET_NOT_FOUND');
};

describe('a private dataset of someone else', () => {
  it('cannot be rated, favourited, forked, checked or configured (404, as if missing)', async () => {
    for (const who of [other, undefined]) {
      const status = (await call('POST', `/datasets/${hidden.id}/rate`, who, { score: 4 }))
        .statusCode;
      expect(status).toBe(who ? 404 : 401);
    }
    await expect404(await call('POST', `/datasets/${hidden.id}/rate`, other, { score: 4 }));
    await expect404(await call('GET', `/datasets/${hidden.id}/rating`, other));
    await expect404(await call('GET', `/datasets/${hidden.id}/rating`));
    await expect404(await call('POST', '/favorites', other, { dataset_id: hidden.id }));
    await expect404(await call('GET', `/favorites/check/${hidden.id}`, other));
    await expect404(await call('POST', `/datasets/${hidden.id}/fork`, other, {}));
    await expect404(
      await call('PUT', `/datasets/${hidden.id}/fork-settings`, other, { allow_forks: false }),
    );
    const untouched = (await datasetAs(t, hidden.id, owner)).json();
    expect(untouched).toMatchObject({
      rating_count: 0,
      favorite_count: 0,
      fork_count: 0,
      allow_fork: true,
    });
  });

  it('never shows up in leaderboards, public dataset lists, profiles or fork origins', async () => {
    const fan = await signUp(t.app);
    const shown = await newDataset(t, owner);
    const fork = (await call('POST', `/datasets/${shown.id}/fork`, fan, {})).json();
    await call('POST', '/favorites', fan, { dataset_id: shown.id });
    await setPublic(t, owner, shown.id, false);

    for (const by of ['heat', 'downloads', 'score']) {
      const board = (await call('GET', `/leaderboard/datasets?by=${by}`, owner)).json<{
        entries: { dataset: { id: number } }[];
      }>();
      const listed = board.entries.map((e) => e.dataset.id);
      expect(listed).not.toContain(hidden.id);
      expect(listed).not.toContain(shown.id);
    }
    expect((await call('GET', '/favorites', fan)).json().total).toBe(0);
    expect((await datasetAs(t, fork.id as number, fan)).json().forked_from).toBeNull();
    expect((await datasetAs(t, fork.id as number, owner)).json().forked_from).toMatchObject({
      id: shown.id,
    });

    const profile = (await call('GET', `/users/${owner.user.id}/profile`, other)).json();
    expect(profile.stats.public_datasets).toBe(1);
    const published = await call('GET', `/datasets/user/public?user_id=${owner.user.id}`, owner);
    expect(published.json<{ datasets: { id: number }[] }>().datasets.map((d) => d.id)).toEqual([
      open.id,
    ]);
  });

  it('is the owner’s to favourite and fork (but, like any owner, not to rate)', async () => {
    expect(
      (await call('POST', `/datasets/${hidden.id}/rate`, owner, { score: 5 })).statusCode,
    ).toBe(403);
    expect((await call('POST', '/favorites', owner, { dataset_id: hidden.id })).statusCode).toBe(
      201,
    );
    expect((await call('POST', `/datasets/${hidden.id}/fork`, owner, {})).statusCode).toBe(201);
    expect((await call('GET', `/datasets/${hidden.id}/rating`, owner)).statusCode).toBe(200);
  });
});
