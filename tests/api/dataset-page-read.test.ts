import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blobs } from '../../src/server/db/schema.ts';
import { DOWNLOAD_RENDERING } from '../../src/server/tables/index.ts';
import { createSiteServices } from '../../src/server/site/services.ts';
import { createDataset, get, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const table = {
  attributes: ['城市', 'n'],
  entries: Array.from({ length: 30 }, (_, i) => [`城市${i}`, i]),
};
const storedDigests = async (sha256: string) =>
  (await t.ctx.db.select().from(blobs).where(eq(blobs.sha256, sha256)))[0]?.downloadDigests;
const until = async (check: () => Promise<unknown>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('the public dataset page read', () => {
  it('gives the dataset as the API does, the first 20 rows and the same JSON-LD as /croissant', async () => {
    const d = await createDataset(t, alice, { name: '城市人口', ...table });
    const page = await createSiteServices(t.ctx).datasets.page(d.id);
    expect(page?.dataset).toEqual((await get(t, `/datasets/${d.id}`)).json());
    expect(page?.preview?.entries).toEqual(table.entries.slice(0, 20));
    expect(page?.preview?.entries_count).toBe(30);
    expect(page?.structuredData).toEqual((await get(t, `/datasets/${d.id}/croissant`)).json());
  });

  it('is null for a private dataset', async () => {
    const d = await createDataset(t, alice, { name: 'Secret', is_public: false, ...table });
    expect(await createSiteServices(t.ctx).datasets.page(d.id)).toBeNull();
  });

  it('download digests are computed after publish and kept with the table', async () => {
    const d = await createDataset(t, alice, { name: 'Digests', ...table });
    const sha = (d.versions as { sha256: string }[])[0]!.sha256;
    await until(() => storedDigests(sha));
    const digests = await storedDigests(sha);
    const csv = await t.app.inject({ url: `/api/v1/datasets/${d.id}/versions/1/download` });
    expect(digests?.['csv']?.bytes).toBe(csv.rawPayload.length);
    expect(Object.keys(digests ?? {}).sort()).toEqual([
      'csv',
      'json',
      'jsonl',
      'parquet',
      'rendering',
      'tsv',
    ]);
    expect(digests?.['rendering']).toBe(DOWNLOAD_RENDERING);
  });
});
