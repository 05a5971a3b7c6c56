import { describe, expect, it } from 'vitest';
import { caller, newDataset, setPublic, suiteApp } from '../../support/api.ts';
import { signUp, type SignedUp } from '../../support/users.ts';

// Watching a dataset (docs/notifications.md): PUT/DELETE /datasets/{id}/watch, its count, and
// the caller's "Watching" list.

const t = suiteApp();

const watch = (who: SignedUp, id: number, on = true) =>
  caller(t)(on ? 'PUT' : 'DELETE', `/datasets/${id}/watch`, who);

describe('watching a dataset', () => {
  it('counts each watcher once, and stops', async () => {
    const [owner, ann, bob] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const d = await newDataset(t, owner);
    expect((await watch(ann, d.id)).json()).toEqual({ watching: true, watch_count: 1 });
    expect((await watch(ann, d.id)).json()).toEqual({ watching: true, watch_count: 1 });
    expect((await watch(bob, d.id)).json()).toEqual({ watching: true, watch_count: 2 });
    const guest = await caller(t)('GET', `/datasets/${d.id}/watch`);
    expect(guest.json()).toEqual({ watching: false, watch_count: 2 });
    expect((await caller(t)('GET', `/datasets/${d.id}/watch`, ann)).json().watching).toBe(true);
    expect((await watch(ann, d.id, false)).json()).toEqual({ watching: false, watch_count: 1 });
    expect((await watch(ann, d.id, false)).json()).toEqual({ watching: false, watch_count: 1 });
    const page = await caller(t)('GET', `/datasets/${d.id}/watch`, ann);
    expect(page.json()).toEqual({ watching: false, watch_count: 1 });
  });

  it('needs a signed-in caller and a dataset they may see', async () => {
    const [owner, ann] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const d = await newDataset(t, owner, { is_public: false });
    expect((await caller(t)('PUT', `/datasets/${d.id}/watch`)).statusCode).toBe(401);
    for (const on of [true, false]) {
      const res = await watch(ann, d.id, on);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('DATASET_NOT_FOUND');
    }
    expect((await caller(t)('GET', `/datasets/${d.id}/watch`)).statusCode).toBe(404);
    expect((await watch(owner, d.id)).json()).toEqual({ watching: true, watch_count: 1 });
    expect((await caller(t)('PUT', '/datasets/0/watch', ann)).statusCode).toBe(400);
  });

  it('lists the watched datasets the caller may still see, newest watch first', async () => {
    const [owner, ann] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const first = await newDataset(t, owner, { name: 'First watched' });
    const second = await newDataset(t, owner, { name: 'Second watched' });
    await watch(ann, first.id);
    await watch(ann, second.id);
    const list = async () =>
      (await caller(t)('GET', '/users/me/watching', ann)).json<{ total: number }>();
    expect(await list()).toMatchObject({
      datasets: [{ id: second.id, name: 'Second watched' }, { id: first.id }],
      total: 2,
    });
    await setPublic(t, owner, second.id, false);
    const hidden = await list();
    expect(hidden).toMatchObject({ datasets: [{ id: first.id }], total: 1 });
    expect(JSON.stringify(hidden)).not.toContain('Second watched');
    await setPublic(t, owner, second.id, true);
    expect((await list()).total).toBe(2);
    expect((await caller(t)('GET', '/users/me/watching')).statusCode).toBe(401);
  });

  it('is not a favourite', async () => {
    const [owner, ann] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const d = await newDataset(t, owner);
    await watch(ann, d.id);
    expect((await caller(t)('GET', '/favorites', ann)).json().total).toBe(0);
    const detail = (await caller(t)('GET', `/datasets/${d.id}`, ann)).json();
    expect(detail.favorite_count).toBe(0);
  });

  it('recounts a dataset when a watcher deletes their account', async () => {
    const [owner, ann] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const d = await newDataset(t, owner);
    await watch(ann, d.id);
    const gone = await caller(t)('DELETE', '/users/me', ann, { password: ann.password });
    expect(gone.statusCode).toBe(204);
    const status = await caller(t)('GET', `/datasets/${d.id}/watch`, owner);
    expect(status.json()).toEqual({ watching: false, watch_count: 0 });
  });
});
