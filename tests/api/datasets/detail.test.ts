import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasets, users } from '../../../src/server/db/schema.ts';
import { addUser, createDataset, get } from '../../support/api.ts';
import { browseSuite, setCounters as setCountersOf } from '../../support/dataset-lists.ts';

const { t, alice, bob, ids } = browseSuite();

const setCounters = (id: number, values: Parameters<typeof setCountersOf>[2]) =>
  setCountersOf(t, id, values);

describe('GET /datasets/{id}', () => {
  it('answers the dataset with its versions', async () => {
    const res = await get(t, `/datasets/${ids['census']}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.versions).toHaveLength(1);
    expect(body.versions[0]).toMatchObject({
      version: 1,
      dataset_id: ids['census'],
      entries_count: 3,
      changelog: '',
      attributes: ['城市', 'population', 'year'],
      attribute_types: { 城市: 'string', population: 'integer', year: 'integer' },
    });
    expect(body.versions[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.versions[0].byte_size).toBeGreaterThan(0);
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await get(t, '/datasets/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'Dataset not found',
      code: 'DATASET_NOT_FOUND',
      details: null,
    });
    expect((await get(t, '/datasets/abc')).statusCode).toBe(400);
  });

  it('shows a fork its origin while it exists, and null after it is gone', async () => {
    const origin = await createDataset(t, bob, { name: 'Origin' });
    const fork = await createDataset(t, alice, { name: 'Fork' });
    await setCounters(fork.id, { forkedFromId: origin.id, isFork: true });
    const before = (await get(t, `/datasets/${fork.id}`)).json();
    expect(before).toMatchObject({ is_fork: true, forked_from: { id: origin.id, name: 'Origin' } });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/datasets/${origin.id}`,
      headers: bob.headers,
    });
    const after = (await get(t, `/datasets/${fork.id}`)).json();
    expect(after).toMatchObject({ is_fork: true, forked_from: null });
    await t.ctx.db.delete(datasets).where(eq(datasets.id, fork.id));
  });

  it('shows a placeholder owner when the owner is gone', async () => {
    const carol = await addUser(t, 'carol');
    const d = await createDataset(t, carol, { name: 'Orphan' });
    await t.ctx.db.delete(users).where(eq(users.id, carol.id));
    const body = (await get(t, `/datasets/${d.id}`)).json();
    expect(body.owner_id).toBeNull();
    expect(body.owner).toMatchObject({ id: 0, username: 'unknown', nickname: 'Unknown User' });
    await t.ctx.db.delete(datasets).where(eq(datasets.id, d.id));
  });
});
