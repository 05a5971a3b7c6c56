import { describe, expect, it } from 'vitest';
import { createSiteServices } from '../../src/server/site/services.ts';
import { createDataset, suiteApp, suiteUser } from '../support/api.ts';
import { signUp } from '../support/users.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const wasDeleted = (id: number) => createSiteServices(t.ctx).datasets.wasDeleted(id);
const deleteDataset = (id: number, auth: { authorization: string }) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/datasets/${id}`, headers: auth });

/** What the page of a dataset that is not there can say: deleted, or nothing. */
describe('a deleted dataset’s page', () => {
  it('knows a public dataset its owner deleted', async () => {
    const d = await createDataset(t, alice, { name: 'Gone soon' });
    expect(await wasDeleted(d.id)).toBe(false);
    expect((await deleteDataset(d.id, alice.auth)).statusCode).toBe(204);
    expect(await createSiteServices(t.ctx).datasets.page(d.id)).toBeNull();
    expect(await wasDeleted(d.id)).toBe(true);
  });

  it('says nothing of a private one, deleted or not, nor of an id never used', async () => {
    const kept = await createDataset(t, alice, { name: 'Secret', is_public: false });
    const gone = await createDataset(t, alice, { name: 'Secret gone', is_public: false });
    expect((await deleteDataset(gone.id, alice.auth)).statusCode).toBe(204);
    expect(await wasDeleted(kept.id)).toBe(false);
    expect(await wasDeleted(gone.id)).toBe(false);
    expect(await wasDeleted(gone.id + 1_000)).toBe(false);
  });

  it('knows the public datasets deleted with their owner’s account', async () => {
    const bob = await signUp(t.app);
    const shown = await createDataset(t, bob, { name: 'Bob’s table' });
    const hidden = await createDataset(t, bob, { name: 'Bob’s secret', is_public: false });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: bob.auth,
      payload: { password: bob.password },
    });
    expect(res.statusCode).toBe(204);
    expect(await wasDeleted(shown.id)).toBe(true);
    expect(await wasDeleted(hidden.id)).toBe(false);
  });
});
