import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { datasetsFeed } from '../../../src/lib/datasets-feed.ts';
import { users } from '../../../src/server/db/schema.ts';
import { forgetCounts } from '../../../src/server/services/datasets/counts.ts';
import { caller, datasetAs, newDataset, suiteApp } from '../../support/api.ts';
import { signUp, type SignedUp } from '../../support/users.ts';

// A deactivated account (users.is_active = false) is hidden everywhere (docs/community.md,
// "Deactivated accounts"): so are its public datasets, in every list, count, board, feed and
// sitemap, and their own pages answer like a missing dataset. Forks others made keep working.

const t = suiteApp();
let call: ReturnType<typeof caller>;
let gone: SignedUp;
let fan: SignedUp;
let theirs: { id: number };
let kept: { id: number };
let fork: { id: number };

const ids = (body: { datasets: { id: number }[] }) => body.datasets.map((d) => d.id);

const setActive = async (active: boolean) => {
  await t.ctx.db.update(users).set({ isActive: active }).where(eq(users.id, gone.user.id));
  // Deactivation is a database change, not an API write: totals may lag 10 s, so drop them.
  forgetCounts(t.ctx.db);
  t.site.invalidate();
};

beforeAll(async () => {
  call = caller(t);
  [gone, fan] = await Promise.all([signUp(t.app), signUp(t.app)]);
  theirs = await newDataset(t, gone, { name: 'Zanzibar rainfall', tags: ['zanzibar'] });
  for (const who of [fan, await Promise.all([signUp(t.app), signUp(t.app)])].flat()) {
    await call('POST', `/datasets/${theirs.id}/rate`, who, { score: 5 });
  }
  await call('POST', '/favorites', fan, { dataset_id: theirs.id });
  fork = (await call('POST', `/datasets/${theirs.id}/fork`, fan, { name: 'Fan copy' })).json();
  kept = await newDataset(t, fan, { name: 'Kept rainfall' });
  await setActive(false);
});

describe('the public datasets of a deactivated account', () => {
  it('leave every list, search, count and board', async () => {
    for (const who of [undefined, fan]) {
      const list = (await call('GET', '/datasets?limit=100', who)).json();
      expect(ids(list)).not.toContain(theirs.id);
      expect(ids(list)).toContain(kept.id);
      expect(list.total).toBe(list.datasets.length);
      for (const sort of ['heat', 'name', 'score']) {
        const sorted = (await call('GET', `/datasets?sort=${sort}`, who)).json();
        expect(ids(sorted)).not.toContain(theirs.id);
      }
      const byOwner = (await call('GET', `/datasets?owner_id=${gone.user.id}`, who)).json();
      expect(byOwner).toMatchObject({ datasets: [], total: 0 });
      const search = (await call('GET', '/datasets/search?query=zanzibar', who)).json();
      expect(search).toMatchObject({ total: 1, datasets: [{ id: fork.id }] }); // the tag is copied
      const user = `/datasets/user/public?user_id=${gone.user.id}`;
      expect((await call('GET', user, who)).json()).toMatchObject({ datasets: [], total: 0 });
    }
    const stats = (await call('GET', '/datasets/stats')).json();
    expect(stats.total_datasets).toBe(2); // the fork and Kept rainfall
    for (const by of ['heat', 'downloads', 'score']) {
      const board = (await call('GET', `/leaderboard/datasets?by=${by}`)).json<{
        entries: { dataset: { id: number } }[];
      }>();
      const listed = board.entries.map((e) => e.dataset.id);
      expect(listed).not.toContain(theirs.id);
    }
    expect((await call('GET', '/favorites', fan)).json().total).toBe(0);
  });

  it('answer 404 like a missing dataset, while a fork of them keeps working', async () => {
    for (const who of [undefined, fan]) {
      expect((await datasetAs(t, theirs.id, who)).json().code).toBe('DATASET_NOT_FOUND');
      expect((await call('GET', `/datasets/${theirs.id}/croissant`, who)).statusCode).toBe(404);
      const download = await call('GET', `/datasets/${theirs.id}/versions/1/download`, who);
      expect(download.statusCode).toBe(404);
    }
    expect((await call('POST', `/datasets/${theirs.id}/fork`, fan, {})).statusCode).toBe(404);
    const copy = (await datasetAs(t, fork.id, fan)).json();
    expect(copy).toMatchObject({ id: fork.id, is_fork: true, forked_from: null });
    expect(await t.site.datasets.page(theirs.id)).toBeNull();
    expect((await t.site.datasets.page(fork.id))?.dataset.forked_from).toBeNull();
  });

  it('leave the home page, the feed and the sitemap', async () => {
    const home = await t.site.home();
    const shown = [...home.trending, ...home.newest].map((d) => d.id);
    expect(shown).not.toContain(theirs.id);
    expect(home.stats.total_datasets).toBe(2);
    const feed = await datasetsFeed(t.site, 'en-US', new URL('https://sheaf.example'));
    expect(await feed.text()).not.toContain('Zanzibar rainfall');
    const sitemap = await t.site.sitemapEntries(100);
    expect(sitemap.datasets.map((d) => d.id)).not.toContain(theirs.id);
    expect(sitemap.users.map((u) => u.id)).not.toContain(gone.user.id);
  });

  it('come back when the account is active again', async () => {
    await setActive(true);
    const list = (await call('GET', '/datasets?limit=100')).json();
    expect(ids(list)).toContain(theirs.id);
    expect((await datasetAs(t, theirs.id)).statusCode).toBe(200);
    expect((await datasetAs(t, fork.id, fan)).json().forked_from).toMatchObject({ id: theirs.id });
    await setActive(false);
  });
});
