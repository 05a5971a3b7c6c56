import { describe, expect, it } from 'vitest';
import { createSiteServices } from '../../src/server/site/services.ts';
import { createDataset, get, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const table = {
  attributes: ['城市', 'n'],
  entries: Array.from({ length: 120 }, (_, i) => [['北京', '上海', '深圳'][i % 3], i]),
};

describe("the dataset page's read of the view its address names", () => {
  it('gives the same rows as GET …/rows for the same query', async () => {
    const d = await createDataset(t, alice, { name: '视图', ...table });
    const sheaf = createSiteServices(t.ctx);
    const query = { offset: 10, limit: 50, sort: 'n', order: 'desc', q: '深' };
    const rows = await sheaf.datasets.rows(d.id, 1, query);
    const api = await get(
      t,
      `/datasets/${d.id}/versions/1/rows?${new URLSearchParams({ ...query, offset: '10', limit: '50' })}`,
    );
    expect(api.statusCode).toBe(200);
    expect(rows).toEqual(api.json());
    expect(rows?.total).toBe(40);
    expect(rows?.rows[0]).toEqual(['深圳', 119 - 3 * 10]);
  });

  it('is null where the API refuses: an unknown column, a missing version, a private dataset', async () => {
    const d = await createDataset(t, alice, { name: '视图 2', ...table });
    const hidden = await createDataset(t, alice, { name: '私有', is_public: false, ...table });
    const sheaf = createSiteServices(t.ctx);
    expect(await sheaf.datasets.rows(d.id, 1, { sort: 'nope' })).toBeNull();
    expect(await sheaf.datasets.rows(d.id, 9, {})).toBeNull();
    expect(await sheaf.datasets.rows(d.id, 1, { limit: 5000 })).toBeNull();
    expect(await sheaf.datasets.rows(hidden.id, 1, {})).toBeNull();
    expect(await sheaf.datasets.versionStats(hidden.id, 1)).toBeNull();
    expect((await sheaf.datasets.versionStats(d.id, 1))?.rows).toBe(120);
  });
});
