import { describe, expect, it } from 'vitest';
import { datasetAs, newDataset } from '../../support/api.ts';
import { deletionApp } from '../../support/deletions.ts';

const race = deletionApp();
const { call, accounts, deleteAccount } = race;

describe('deleting an account, as the community API shows it', () => {
  it('removes their ratings, favourites and follows, recounts, and keeps others’ forks', async () => {
    const [leaver, owner, rater, fan] = await accounts(4);
    const theirs = await newDataset(race.t, leaver);
    const shared = await newDataset(race.t, owner);

    await call('POST', `/datasets/${shared.id}/rate`, leaver, { score: 1 });
    await call('POST', `/datasets/${shared.id}/rate`, rater, { score: 5 });
    await call('POST', '/favorites', leaver, { dataset_id: shared.id });
    await call('POST', '/favorites', rater, { dataset_id: shared.id });
    await call('POST', `/datasets/${shared.id}/fork`, leaver, {});
    const othersFork = (await call('POST', `/datasets/${theirs.id}/fork`, fan, {})).json();
    await call('POST', `/users/${owner.user.id}/follow`, leaver);
    await call('POST', `/users/${leaver.user.id}/follow`, fan);

    // Asked first: what goes and what stays. Their own fork of `shared` is one of their two
    // datasets; the fan's fork of `theirs` stays.
    const secret = await newDataset(race.t, leaver, { is_public: false });
    await call('POST', `/datasets/${secret.id}/versions`, leaver, {
      attributes: ['city', 'rain_mm'],
      entries: [['广州', 1800]],
    });
    const summary = await call('GET', '/users/me/deletion', leaver);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      datasets: 3,
      private_datasets: 1,
      versions: 4,
      forks_by_others: 1,
    });
    expect((await call('GET', '/users/me/deletion')).statusCode).toBe(401);

    const before = (await datasetAs(race.t, shared.id)).json();
    expect(before).toMatchObject({
      rating_count: 2,
      average_score: 3,
      favorite_count: 2,
      fork_count: 1,
    });

    expect((await deleteAccount(leaver)).statusCode).toBe(204);

    const after = (await datasetAs(race.t, shared.id)).json();
    expect(after).toMatchObject({
      rating_count: 1,
      average_score: 5,
      favorite_count: 1,
      fork_count: 0,
    });
    expect(after.heat).toBeLessThan(before.heat);
    expect((await call('GET', `/datasets/${shared.id}/rating`, rater)).json()).toEqual({
      score: 5,
      average_score: 5,
      rating_count: 1,
    });

    expect((await call('GET', `/users/${owner.user.id}/followers`)).json().total).toBe(0);
    expect((await call('GET', `/users/${fan.user.id}/following`)).json().total).toBe(0);
    expect((await call('GET', `/users/${leaver.user.id}/followers`)).statusCode).toBe(404);
    expect((await call('POST', `/users/${leaver.user.id}/follow`, fan)).statusCode).toBe(404);

    const fork = (await datasetAs(race.t, othersFork.id as number, fan)).json();
    expect(fork).toMatchObject({ id: othersFork.id, is_fork: true, forked_from: null });
    expect(fork.versions.length).toBe(1);
    const content = await call('GET', `/datasets/${othersFork.id}/version`);
    expect(content.statusCode).toBe(200);
    expect(content.json().entries.length).toBe(3);

    const board = (await call('GET', '/leaderboard/users?by=followers')).json<{
      entries: { user: { id: number } }[];
    }>();
    expect(board.entries.map((e) => e.user.id)).not.toContain(leaver.user.id);
  });
});
