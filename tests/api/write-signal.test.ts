import { describe, expect, it } from 'vitest';
import { createDataset, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

describe('writes clear the page cache', () => {
  it('a successful write signals; reads and refused writes do not', async () => {
    const d = await createDataset(t, alice, { name: 'Signal', attributes: ['n'], entries: [[1]] });
    const before = t.writes.count;
    await t.app.inject({ url: `/api/v1/datasets/${d.id}` });
    await t.app.inject({ url: '/api/v1/datasets' });
    expect(t.writes.count).toBe(before);

    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${d.id}`,
      payload: { name: 'No token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(t.writes.count).toBe(before);

    const madePrivate = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${d.id}`,
      headers: alice.headers,
      payload: { is_public: false },
    });
    expect(madePrivate.statusCode).toBe(200);
    expect(t.writes.count).toBe(before + 1);
  });
});
