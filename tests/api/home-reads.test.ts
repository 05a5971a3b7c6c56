import { describe, expect, it, vi } from 'vitest';
import * as browse from '../../src/server/services/datasets/browse.ts';
import { HOME_CACHE_MS, HOME_LIST_SIZE, homeReads } from '../../src/server/services/home.ts';
import { createDataset, get, suiteApp, suiteUser } from '../support/api.ts';

// datasetStats is wrapped so one test can make it fail; every other call goes through.
vi.mock('../../src/server/services/datasets/browse.ts', async (importOriginal) => {
  const original = await importOriginal<typeof browse>();
  return { ...original, datasetStats: vi.fn(original.datasetStats) };
});

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const names = (list: { name: string }[]) => list.map((d) => d.name);

describe("the home page's reads", () => {
  it('give the public totals, the six hottest and the six newest public datasets', async () => {
    for (let i = 1; i <= 7; i++) await createDataset(t, alice, { name: `Public ${i}` });
    await createDataset(t, alice, { name: 'Private', is_public: false });
    const snapshot = await homeReads(t.ctx)();
    const api = async (url: string): Promise<unknown> => (await get(t, url)).json();
    expect(snapshot.stats).toEqual(await api('/datasets/stats'));
    expect(snapshot.stats.total_datasets).toBe(7);
    const list = async (url: string) =>
      names((await get(t, url)).json<{ datasets: { name: string }[] }>().datasets);
    expect(names(snapshot.newest)).toEqual(await list('/datasets?limit=6'));
    expect(names(snapshot.newest)).toEqual([7, 6, 5, 4, 3, 2].map((i) => `Public ${i}`));
    expect(names(snapshot.trending)).toEqual(await list('/datasets?sort=heat&limit=6'));
    expect(snapshot.trending).toHaveLength(HOME_LIST_SIZE);
    expect([...names(snapshot.trending), ...names(snapshot.newest)]).not.toContain('Private');
  });

  it('are shared for 30 seconds, then read again', async () => {
    let clock = 1_000_000;
    const home = homeReads(t.ctx, () => clock);
    const first = await home();
    await createDataset(t, alice, { name: 'Later' });
    clock += HOME_CACHE_MS - 1;
    expect(await home()).toBe(first);
    clock += 1;
    const next = await home();
    expect(names(next.newest)[0]).toBe('Later');
    expect(next.stats.total_datasets).toBe(first.stats.total_datasets + 1);
  });

  it('show 0 when the stats read fails, and try again on the next visit', async () => {
    let clock = 0;
    const home = homeReads(t.ctx, () => clock);
    vi.mocked(browse.datasetStats).mockRejectedValueOnce(new Error('database is down'));
    const failed = await home();
    expect(failed.stats).toEqual({ total_datasets: 0, total_downloads: 0 });
    expect(failed.newest.length).toBeGreaterThan(0);
    clock += 1;
    const next = await home();
    expect(next.stats.total_datasets).toBeGreaterThan(0);
  });

  it('forget a dataset made private or deleted at the next read after the write', async () => {
    const shown = await createDataset(t, alice, { name: 'Soon private' });
    const gone = await createDataset(t, alice, { name: 'Soon deleted' });
    const newest = async () => names((await t.site.home()).newest);
    expect(await newest()).toEqual(expect.arrayContaining(['Soon private', 'Soon deleted']));
    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${shown.id}`,
      headers: alice.headers,
      payload: { is_public: false },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await newest()).not.toContain('Soon private');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/datasets/${gone.id}`,
      headers: alice.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await newest()).not.toContain('Soon deleted');
  });
});
